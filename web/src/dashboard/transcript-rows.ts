import type { Topic, TranscriptSegment } from '@findclips/contracts';

/** A row of the transcript panel: a topic's heading, or one caption line under it. */
export type TranscriptRow =
  | { kind: 'topic'; number: number; title: string; start: number; end: number }
  | { kind: 'line'; text: string; start: number; topicEnd: number };

/**
 * The transcript grouped under the topics, in time order: each line goes under the last topic
 * that starts at or before it (lines before the first topic go under the first).
 */
export function transcriptRows(segments: TranscriptSegment[], topics: Topic[]): TranscriptRow[] {
  const ordered = [...topics].sort((a, b) => a.startTime - b.startTime);
  const rows: TranscriptRow[] = [];
  let current = -1;
  for (const segment of segments) {
    let topic = Math.max(current, 0);
    while (topic + 1 < ordered.length && ordered[topic + 1]!.startTime <= segment.start) topic++;
    if (topic !== current && ordered[topic]) {
      current = topic;
      const { title, startTime, endTime } = ordered[topic]!;
      rows.push({ kind: 'topic', number: topic + 1, title, start: startTime, end: endTime });
    }
    rows.push({ kind: 'line', text: segment.text, start: segment.start, topicEnd: ordered[current]?.endTime ?? segment.end });
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
