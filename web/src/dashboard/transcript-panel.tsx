import type { Topic, VideoTranscript } from '@findclips/contracts';
import { clock } from '@findclips/exports/time';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatRange } from '../lib/format';
import { CompactClip } from '../components/clip-player';
import { usePlayingSecond } from '../components/playback';
import { Spinner } from '../components/ui';
import { rowAt, transcriptRows } from './transcript-rows';

/**
 * The whole transcript under its topics (its own chunk, loaded when opened). Only the rows in view
 * are in the page, so hours of captions scroll smoothly. A line plays the video from its second to
 * the end of its topic; while any clip of the page plays, the line being said is marked and kept
 * in view. The lines are one stop of the Tab key, not hundreds: the arrow keys, Page Up/Down, Home
 * and End move between them (the line last used keeps the stop).
 */
export default function TranscriptPanel({ youtubeId, topics, url }: { youtubeId: string; topics: Topic[]; url: string }) {
  const transcript = useQuery<VideoTranscript>({ queryKey: [url] });
  const rows = useMemo(() => transcriptRows(transcript.data?.segments ?? [], topics), [transcript.data, topics]);
  const [playing, setPlaying] = useState<{ start: number; end: number } | null>(null);
  // Any clip of the page that plays (this panel's, a Viral Cut, a Full Topic) marks its line.
  const now = usePlayingSecond();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'topic' ? 48 : 32),
    overscan: 12,
    // The box is 28rem high: the first screenful renders before the box is measured.
    initialRect: { width: 0, height: 448 },
  });
  const active = now !== null ? rowAt(rows, now) : -1;
  // The row of the line that takes the Tab stop; `moved` while the keys have sent focus to a row the
  // list may not have rendered yet.
  const [stop, setStop] = useState(-1);
  const moved = useRef(false);
  const firstLine = rows.findIndex((row) => row.kind === 'line');
  const tabStop = rows[stop]?.kind === 'line' ? stop : firstLine;
  // Scrolled away from the line with the stop, the list no longer holds it: the first line in view
  // takes the stop, so Tab still reaches the lines.
  const shown = virtualizer.getVirtualItems();
  const stopShown = shown.some((item) => item.index === tabStop)
    ? tabStop
    : (shown.find((item) => rows[item.index]?.kind === 'line')?.index ?? tabStop);

  useEffect(() => {
    if (!moved.current) return;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const line = scroller.current?.querySelector<HTMLElement>(`[data-index="${tabStop}"] [data-transcript-line]`);
      if (line) {
        moved.current = false;
        line.focus();
      } else if (tries++ < 10) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [tabStop]);

  useEffect(() => {
    if (active >= 0) virtualizer.scrollToIndex(active, { align: 'center' });
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
    if (!line.matches('[data-transcript-line]')) return;
    const from = Number(line.closest('[data-index]')?.getAttribute('data-index') ?? tabStop);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 448) / 32) - 1);
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
    moved.current = true;
    setStop(row);
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
        role="group"
        aria-label={`Transcript, ${transcript.data?.segments.length ?? 0} lines`}
        aria-describedby="transcript-keys"
        onKeyDown={onKeyDown}
        className="h-[28rem] overflow-y-auto rounded-lg border border-slate-200"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 top-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'topic' ? (
                  <h3 className="bg-slate-100 px-3 py-2 text-sm font-semibold">
                    {row.number}. {row.title}{' '}
                    <span className="font-normal text-slate-600">{formatRange(row.start, row.end)}</span>
                  </h3>
                ) : (
                  <button
                    type="button"
                    data-transcript-line
                    tabIndex={item.index === stopShown ? 0 : -1}
                    aria-current={item.index === active ? 'true' : undefined}
                    onClick={() => {
                      setStop(item.index);
                      play(row.start, row.topicEnd);
                    }}
                    className="flex w-full gap-3 px-3 py-1 text-left text-sm text-slate-800 hover:bg-slate-50 aria-[current=true]:bg-amber-100 focus-visible:-outline-offset-2"
                  >
                    <span className="w-14 shrink-0 tabular-nums text-slate-600">{clock(row.start)}</span>
                    <span>{row.text}</span>
                  </button>
                )}
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
