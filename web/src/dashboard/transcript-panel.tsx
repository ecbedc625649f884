import type { Topic, VideoTranscript } from '@findclips/contracts';
import { clock } from '@findclips/exports/time';
import { useQuery } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatRange } from '../lib/format';
import { cn } from '../lib/cn';
import { CompactClip } from '../components/clip-player';
import { usePlayingSecond } from '../components/playback';
import { Spinner } from '../components/ui';
import { GAP_TITLE, rowAt, transcriptRows } from './transcript-rows';
import { useSpokenText } from '../lib/spoken-language';

/**
 * The whole transcript under its topics (its own chunk, loaded when opened). Only the rows in view
 * are in the page, so hours of captions scroll smoothly. A line plays the video from its second to
 * the end of its topic; while any clip of the page plays, the line being said is marked and kept
 * in view. The lines are one stop of the Tab key, not hundreds: the arrow keys, Page Up/Down, Home
 * and End move between them (the line last used keeps the stop). It is a grid of one column, so a
 * screen reader hands those keys to the list (in a plain group they move its reading cursor).
 */
/** How tall a line of the list is (a topic's heading: TOPIC_HEIGHT), before the browser measures it. */
const LINE_HEIGHT = 32;
const TOPIC_HEIGHT = 48;

export default function TranscriptPanel({ youtubeId, topics, url }: { youtubeId: string; topics: Topic[]; url: string }) {
  const spoken = useSpokenText();
  const transcript = useQuery<VideoTranscript>({ queryKey: [url] });
  const rows = useMemo(() => transcriptRows(transcript.data?.segments ?? [], topics), [transcript.data, topics]);
  const [playing, setPlaying] = useState<{ start: number; end: number } | null>(null);
  // Any clip of the page that plays (this panel's, a Viral Cut, a Full Topic) marks its line.
  const now = usePlayingSecond();
  const scroller = useRef<HTMLDivElement>(null);
  // The Tab stop: the line last used, by its start (rows shift when topics are edited); the first
  // line until one is used. Its row is always in the page, in view or not, so the keyboard's focus
  // never goes with a row the list drops, and Tab comes back to it.
  const [stopAt, setStopAt] = useState<number | null>(null);
  const firstLine = rows.findIndex((row) => row.kind === 'line');
  const atStop = stopAt === null ? -1 : rowAt(rows, stopAt);
  const tabStop = rows[atStop]?.kind === 'line' ? atStop : firstLine;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'line' ? LINE_HEIGHT : TOPIC_HEIGHT),
    overscan: 12,
    // The box is 28rem high: the first screenful renders before the box is measured.
    initialRect: { width: 0, height: 448 },
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return tabStop < 0 || indexes.includes(tabStop) ? indexes : [...indexes, tabStop].sort((a, b) => a - b);
    },
  });
  const active = now !== null ? rowAt(rows, now) : -1;
  // Asked for by a key (a new object each time, also for the row the focus is on): the focus goes
  // to that row once it is in the page. Only when asked: a stop that moves as rows change takes none.
  const [focusAsked, setFocusAsked] = useState<{ row: number } | null>(null);
  useEffect(() => {
    if (focusAsked)
      scroller.current?.querySelector<HTMLElement>(`[data-index="${focusAsked.row}"] [data-transcript-line]`)?.focus();
  }, [focusAsked]);

  useEffect(() => {
    // Not while the keyboard is on a line: the reader moves through the lines then, not the clip.
    if (active >= 0 && !scroller.current?.contains(document.activeElement))
      virtualizer.scrollToIndex(active, { align: 'center' });
  }, [active, virtualizer]);

  if (transcript.isLoading) return <Spinner label="Loading the transcript" />;
  if (transcript.isError) return <p className="text-sm text-red-600">{transcript.error.message}</p>;

  const play = (start: number, end: number) => setPlaying({ start, end });

  /** The line `by` lines from row `from` (the first or last line at the ends). */
  const lineFrom = (from: number, by: number) => {
    const step = by > 0 ? 1 : -1;
    let found = from;
    for (let row = from + step, left = Math.abs(by); row >= 0 && row < rows.length && left > 0; row += step) {
      if (rows[row]!.kind === 'line') {
        found = row;
        left--;
      }
    }
    return found;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const line = event.target as HTMLElement;
    if (!line.matches('[data-transcript-line]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = Number(line.closest('[data-index]')?.getAttribute('data-index') ?? tabStop);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 448) / LINE_HEIGHT) - 1);
    const moves: Record<string, () => number> = {
      ArrowDown: () => lineFrom(from, 1),
      ArrowUp: () => lineFrom(from, -1),
      PageDown: () => lineFrom(from, page),
      PageUp: () => lineFrom(from, -page),
      Home: () => firstLine,
      End: () => rows.findLastIndex((row) => row.kind === 'line'),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const row = move();
    const start = rows[row]!.start;
    setStopAt(start);
    // The stop's row, as the next render finds it by its time (and keeps in the page).
    setFocusAsked({ row: rowAt(rows, start) });
    virtualizer.scrollToIndex(row, { align: 'auto' });
  };

  return (
    <div className="grid gap-3">
      {playing && (
        <CompactClip
          key={playing.start}
          youtubeId={youtubeId}
          start={playing.start}
          end={playing.end}
          title={`From ${clock(playing.start)}`}
          onClose={() => setPlaying(null)}
        />
      )}
      <div
        ref={scroller}
        role="grid"
        aria-label={`Transcript, ${transcript.data?.segments.length ?? 0} lines`}
        aria-describedby="transcript-keys"
        aria-rowcount={rows.length}
        onKeyDown={onKeyDown}
        className="h-[28rem] overflow-y-auto rounded-lg border border-slate-200"
      >
        <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const above = rows[item.index - 1];
            return (
              <div
                key={item.key}
                role="row"
                // Only the rows in view are in the page: each says where it is among all of them.
                aria-rowindex={item.index + 1}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 top-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div role="gridcell">
                  {row.kind !== 'line' ? (
                    <h3
                      className={cn(
                        'bg-slate-100 px-3 py-2 text-sm',
                        row.kind === 'topic' ? 'font-semibold' : 'font-medium text-slate-700',
                      )}
                    >
                      {/* The title isolated, its time left to right: a right-to-left title took the
                          time into its own direction, shown end first. */}
                      {row.kind === 'topic' ? (
                        <>
                          {row.number}. <bdi {...spoken}>{row.title}</bdi>
                        </>
                      ) : (
                        GAP_TITLE
                      )}{' '}
                      <span dir="ltr" className="font-normal text-slate-600">
                        {formatRange(row.start, row.end)}
                      </span>
                    </h3>
                  ) : (
                    <button
                      type="button"
                      data-transcript-line
                      tabIndex={item.index === tabStop ? 0 : -1}
                      aria-current={item.index === active ? 'true' : undefined}
                      onClick={() => {
                        setStopAt(row.start);
                        play(row.start, row.playsTo);
                      }}
                      className="flex w-full gap-3 px-3 py-1 text-start text-sm wrap-anywhere text-slate-800 hover:bg-slate-50 aria-[current=true]:bg-amber-100 focus-visible:-outline-offset-2"
                    >
                      {/* The arrow keys pass over the headings: a group's first line says which topic it opens. */}
                      {above && above.kind !== 'line' && (
                        <span className="sr-only">
                          {above.kind === 'topic' ? `Topic ${above.number}: ${above.title}. ` : `${GAP_TITLE}. `}
                        </span>
                      )}
                      <span className="w-14 shrink-0 tabular-nums text-slate-600">{clock(row.start)}</span>
                      <span {...spoken}>{row.text}</span>
                    </button>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <p id="transcript-keys" className="sr-only">
        Arrow keys, Page Up, Page Down, Home and End move between lines.
      </p>
    </div>
  );
}
