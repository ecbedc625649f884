import type { Topic, VideoTranscript } from '@findclips/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
} from 'react';
import { CompactClip } from '../components/clip-player';
import { Button, Card, fieldFrame } from '../components/ui';
import { formatTime, isolated } from '../lib/format';
import { readStored, storageKeys, writeStored } from '../lib/storage';
import { markMatches, search, searchEntries, type HitKind, type SearchEntry } from './search';
import { useSpokenText } from '../lib/spoken-language';
import { composing } from '../lib/composing';

const KIND_LABEL: Record<HitKind, string> = { title: 'Topic', quote: 'Quote', line: 'Transcript' };
/** How many matches the list shows at once, from a little before the current one. */
const LIST_WINDOW = 50;

/** Whether a key press belongs to a field the person is typing in (or a dialog), not to the page. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]') !== null;

/** The longest query the box takes: longer, it would hold no phrase anyone says. */
const QUERY_MAX = 200;
/** How much of a query the count repeats: a pasted paragraph must not fill the screen. */
const ECHO_MAX = 60;
/** The text cut to `max` characters as people see them (no emoji cut in two), or null when it is no longer. */
const cut = (text: string, max: number) => {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join('') : null;
};
const echo = (query: string) => {
  const words = query.trim();
  const start = cut(words, ECHO_MAX);
  return start === null ? words : `${start.trimEnd()}…`;
};
/** A touch screen (its main pointer coarse): no keys to tell about. */
const touchScreen = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** Whether the single-key shortcuts are on (they are unless the person turned them off here). */
function useShortcutsSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStored<boolean>(storageKeys.searchShortcuts, true) !== false);
  return [
    on,
    (value) => {
      writeStored(storageKeys.searchShortcuts, value);
      setOn(value);
    },
  ];
}

/**
 * 'Search this video': one box that finds words across the titles, the quotes and the transcript,
 * shows the matches on a timeline of the video and plays the one chosen. Keys: `/` focuses the box,
 * `j`/`k` (or the arrow keys in the box) move to the next or previous match and play it, Enter
 * plays the current one, Esc clears. The transcript is fetched the first time someone searches.
 */
export function SearchSection({
  youtubeId,
  topics,
  transcriptUrl,
}: {
  youtubeId: string;
  topics: Topic[];
  transcriptUrl: string;
}) {
  const spoken = useSpokenText();
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState<SearchEntry | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const transcript = useQuery<VideoTranscript>({
    queryKey: [transcriptUrl],
    enabled: wanted || query !== '',
  });
  const entries = useMemo(() => searchEntries(topics, transcript.data?.segments), [topics, transcript.data]);
  // The box shows each key at once; the matches follow when the page has time (searched and drawn
  // at each key, a 2-hour video's page took 100-500 ms a key on a slow phone: a stranger's audit).
  const searched = useDeferredValue(query);
  const hits = useMemo(() => search(entries, searched), [entries, searched]);
  const length = useMemo(
    () => Math.max(1, ...topics.map((t) => t.endTime), transcript.data?.segments.at(-1)?.end ?? 0),
    [topics, transcript.data],
  );

  const clear = () => {
    setQuery('');
    setCurrent(0);
    setPlaying(null);
  };
  // The match to give the focus to once it is rendered (it may be outside the list's window now).
  const focusHit = useRef<number | null>(null);
  // Asks for a render when nothing else changes (Enter on the match already playing).
  const [, askFocus] = useState(0);
  useEffect(() => {
    // Once the matches drawn are those of the words in the box.
    if (focusHit.current === null || searched !== query) return;
    list.current?.querySelector<HTMLElement>(`[data-hit="${focusHit.current}"]`)?.focus();
    focusHit.current = null;
  });
  /**
   * The matches of the words in the box now: those drawn, or, while the drawing trails the box (a
   * slow phone, a fast typist), found afresh, so that a key acts on what was typed, not on the
   * matches of its first letters.
   */
  const matchesNow = () => (searched === query ? hits : search(entries, query));
  /** Makes match `index` (of `matches`: those drawn, for a click) the current one, plays it and moves the focus to it in the list. */
  const jump = (index: number, focus = true, matches = matchesNow()) => {
    const hit = matches[index];
    if (!hit) return;
    setCurrent(index);
    setPlaying(hit);
    if (!focus) return;
    focusHit.current = index;
    askFocus((n) => n + 1);
  };
  // The current match, kept within the matches as they change (the transcript arriving adds some).
  const at = Math.max(0, Math.min(current, hits.length - 1));
  const step = (by: number, focus = true) => {
    const count = matchesNow().length;
    if (count > 0) jump((Math.max(0, Math.min(current, count - 1)) + by + count) % count, focus);
  };

  const [touch] = useState(touchScreen);
  // The page's keys: '/' to search, 'j'/'k' between matches, Esc to clear; not while typing elsewhere,
  // and not at all once turned off (single-key shortcuts get in the way of speech input: WCAG 2.1.4).
  // Listened to afresh on each render, so they act on the matches on screen.
  const [shortcuts, setShortcuts] = useShortcutsSetting();
  useEffect(() => {
    if (!shortcuts) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        box.current?.focus();
      } else if ((event.key === 'j' || event.key === 'k') && query) {
        event.preventDefault();
        step(event.key === 'j' ? 1 : -1);
      } else if (event.key === 'Escape' && query) {
        clear();
        box.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const onBoxKey = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    // A word being typed with an input method takes its own Escape, Enter and arrows (candidates).
    // Chromium's search field empties itself on an Escape, a word's too, and with it the words
    // typed before: kept from it, the Escape only cancels the word.
    if (composing(event)) {
      if (event.key === 'Escape') event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      clear();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // The focus stays in the box (the count says where it is), so the arrows go on stepping.
      event.preventDefault();
      step(event.key === 'ArrowDown' ? 1 : -1, false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      jump(Math.max(0, Math.min(current, matchesNow().length - 1)));
    }
  };

  /** In the list the arrows go on from match to match, and Esc clears, shortcuts or not. */
  const onListKey = (event: ReactKeyboardEvent<HTMLOListElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && !shortcuts) {
      event.preventDefault();
      clear();
      box.current?.focus();
    }
  };

  /** A click on the timeline plays the match nearest to that moment. */
  const onTimeline = (event: MouseEvent<SVGSVGElement>) => {
    if (hits.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const second = ((event.clientX - box.left) / Math.max(1, box.width)) * length;
    let nearest = 0;
    hits.forEach((hit, i) => {
      if (Math.abs(hit.start - second) < Math.abs(hits[nearest]!.start - second)) nearest = i;
    });
    jump(nearest, true, hits);
  };

  const first = Math.max(0, Math.min(at - 5, hits.length - LIST_WINDOW));
  const shown = hits.slice(first, first + LIST_WINDOW);
  const x = (seconds: number) => ((seconds / length) * 1000).toFixed(1);
  const ticks = hits.map((hit) => `M${x(hit.start)} 6V26`).join('');
  const selected = hits[at];

  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="video-search" className="sr-only">
          Search this video
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500 pointer-coarse:top-3.5"
            aria-hidden
          />
          <input
            id="video-search"
            ref={box}
            type="search"
            value={query}
            dir="auto"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search titles, quotes and the transcript"
            aria-describedby={touch ? undefined : 'video-search-keys'}
            aria-controls={hits.length > 0 ? 'video-search-matches' : undefined}
            onFocus={() => setWanted(true)}
            onChange={(event) => {
              setQuery(cut(event.target.value, QUERY_MAX) ?? event.target.value);
              setCurrent(0);
              // The match playing was found by the words before: its player goes with them.
              setPlaying(null);
            }}
            onKeyDown={onBoxKey}
            // One way to clear: the button beside it, not the browser's own cross as well.
            className={`${fieldFrame} h-9 w-full pointer-coarse:h-11 pl-9 pr-3 text-sm placeholder:text-slate-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-focus [&::-webkit-search-cancel-button]:appearance-none`}
          />
        </div>
        {query && (
          <Button variant="ghost" onClick={clear}>
            <X className="h-4 w-4" aria-hidden />
            {/* On a phone the cross alone, so the box keeps its width. */}
            <span className="sr-only sm:not-sr-only">Clear search</span>
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        {/* Keys to press, where there are keys: a touch screen (a coarse pointer) shows none, but
            keeps the switch, as a keyboard may be plugged into it. */}
        <p id="video-search-keys" className="pointer-coarse:hidden">
          {shortcuts ? (
            <>
              <Key>/</Key> search · <Key>j</Key> <Key>k</Key> next and previous match · <Key>Esc</Key> clear
            </>
          ) : (
            <>
              <Key>↓</Key> <Key>↑</Key> next and previous match · <Key>Enter</Key> play · <Key>Esc</Key> clear
            </>
          )}
        </p>
        <button
          type="button"
          aria-pressed={shortcuts}
          onClick={() => setShortcuts(!shortcuts)}
          className="min-h-6 rounded px-1 font-medium text-brand-700 underline"
        >
          Single-key shortcuts {shortcuts ? 'on' : 'off'}
        </button>
      </div>
      <p role="status" data-search-count className="text-sm text-slate-700">
        {searched.trim() === ''
          ? ''
          : hits.length === 0
            ? `No matches for “${isolated(echo(searched))}”${transcript.isFetching ? ' yet: loading the transcript' : ''}`
            : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}${
                hits.length > 1 && selected ? `, ${at + 1} of ${hits.length} at ${formatTime(selected.start)}` : ''
              }${transcript.isFetching ? ' (loading the transcript)' : ''}`}
      </p>
      {hits.length > 0 && (
        <>
          <svg
            viewBox="0 0 1000 32"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Where the matches fall in the video, from 0:00 to ${formatTime(length)}`}
            className="h-8 w-full cursor-pointer rounded-md bg-slate-100"
            onClick={onTimeline}
          >
            {topics.map((topic) => (
              <path key={topic.id} d={`M${x(topic.startTime)} 0V32`} className="stroke-slate-300" strokeWidth={2} />
            ))}
            <path d={ticks} className="stroke-brand-600" strokeWidth={3} />
            {selected && <path d={`M${x(selected.start)} 0V32`} className="stroke-amber-500" strokeWidth={6} />}
          </svg>
          <ol
            ref={list}
            id="video-search-matches"
            aria-label="Matches"
            onKeyDown={onListKey}
            className="grid max-h-80 gap-1 overflow-y-auto"
          >
            {shown.map((hit, i) => {
              const index = first + i;
              return (
                <li key={`${hit.kind}-${hit.start}-${index}`}>
                  <button
                    type="button"
                    data-hit={index}
                    aria-current={index === at ? 'true' : undefined}
                    onClick={() => jump(index, false, hits)}
                    className="flex w-full flex-wrap gap-x-3 rounded-md px-2 py-1 text-start text-sm wrap-anywhere text-slate-800 hover:bg-slate-50 aria-[current=true]:bg-amber-100 sm:flex-nowrap focus-visible:-outline-offset-2"
                  >
                    <span className="w-14 shrink-0 tabular-nums text-slate-600">{formatTime(hit.start)}</span>
                    <span className="w-20 shrink-0 text-slate-600">{KIND_LABEL[hit.kind]}</span>
                    {/* On a phone the text goes under its time, with the whole width. */}
                    <span {...spoken} className="min-w-0 basis-full sm:basis-auto">
                      {markMatches(hit.text, searched).map((part, j) =>
                        part.match ? (
                          <mark key={j} className="rounded-sm bg-amber-200 text-inherit">
                            {part.text}
                          </mark>
                        ) : (
                          part.text
                        ),
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          {hits.length > LIST_WINDOW && (
            // The keys that reach the rest are the ones that work here; a touch screen has none to tell.
            <p className="text-xs text-slate-600">
              Showing matches {first + 1}–{first + shown.length} of {hits.length}
              <span className="pointer-coarse:hidden">
                : {shortcuts ? <Key>j</Key> : <Key>↓</Key>} and {shortcuts ? <Key>k</Key> : <Key>↑</Key>} move through the rest
              </span>
              .
            </p>
          )}
        </>
      )}
      {playing && (
        <CompactClip
          key={`${playing.start}-${playing.kind}`}
          youtubeId={youtubeId}
          start={playing.start}
          end={playing.end}
          title={`Match at ${formatTime(playing.start)}`}
          onClose={() => setPlaying(null)}
        />
      )}
    </Card>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[0.7rem] text-slate-700">{children}</kbd>
  );
}
