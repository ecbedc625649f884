import type { Topic, TranscriptSegment } from '@findclips/contracts';

/**
 * A row of the transcript panel: a topic's heading, the heading of lines no topic covers (before
 * the first, between two, after the last: a removed topic leaves such a gap), or one caption line
 * under either, with the second its clip plays to.
 */
export type TranscriptRow =
  | { kind: 'topic'; number: number; title: string; start: number; end: number }
  | { kind: 'gap'; start: number; end: number }
  | { kind: 'line'; text: string; start: number; playsTo: number };

/** What a gap's heading reads. */
export const GAP_TITLE = 'Not in any topic';

/**
 * The transcript grouped under the topics, in time order: each line goes under the last topic
 * that starts at or before it and covers it, and plays to that topic's end; a line no topic covers
 * goes under a gap's heading and plays to the next topic's start (or its own end, after the last).
 */
export function transcriptRows(segments: TranscriptSegment[], topics: Topic[]): TranscriptRow[] {
  const ordered = [...topics].sort((a, b) => a.startTime - b.startTime);
  const lastEnd = segments.reduce((end, segment) => Math.max(end, segment.end), 0);
  const rows: TranscriptRow[] = [];
  // The group the last line went under: a topic's index, or a gap's (-1 - the next topic's index).
  let group: number | null = null;
  let topic = -1;
  for (const segment of segments) {
    while (topic + 1 < ordered.length && ordered[topic + 1]!.startTime <= segment.start) topic++;
    const within = ordered[topic];
    const covered = within !== undefined && segment.start < within.endTime;
    const next = ordered[topic + 1];
    const here = covered ? topic : -2 - topic;
    if (here !== group) {
      group = here;
      rows.push(
        covered
          ? { kind: 'topic', number: topic + 1, title: within.title, start: within.startTime, end: within.endTime }
          : { kind: 'gap', start: segment.start, end: next?.startTime ?? lastEnd },
      );
    }
    const playsTo = covered ? within.endTime : (next?.startTime ?? segment.end);
    rows.push({ kind: 'line', text: segment.text, start: segment.start, playsTo: Math.max(playsTo, segment.end) });
  }
  return rows;
}

/** The row of the line being said at `seconds`: the last line starting at or before it; -1 before the first. */
export function rowAt(rows: TranscriptRow[], seconds: number): number {
  let low = 0;
  let high = rows.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.start <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  while (found > 0 && rows[found]!.kind !== 'line') found--;
  return found >= 0 && rows[found]!.kind === 'line' ? found : -1;
}
