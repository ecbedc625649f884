import type { AnalysisOutput, TranscriptSegment } from '@findclips/contracts';

/**
 * Splits a transcript into windows of about `seconds`, each overlapping the next by `overlap`.
 * A last window that would bring less than a quarter of a window of its own is folded into the
 * one before (a 2-hour video in 60-minute windows is two windows, not two and a 2-minute scrap).
 */
export function chunkTranscript(segments: TranscriptSegment[], seconds: number, overlap: number): TranscriptSegment[][] {
  const total = segments.at(-1)?.end ?? 0;
  if (total <= seconds * 1.2) return [segments];
  const windows: { from: number; to: number }[] = [];
  for (let from = 0; from < total; from += seconds - overlap) {
    windows.push({ from, to: from + seconds });
    if (from + seconds >= total) break;
  }
  const last = windows.at(-1)!;
  const previous = windows.at(-2);
  if (previous && total - previous.to < seconds / 4) {
    windows.pop();
    previous.to = total;
  } else {
    last.to = Math.max(last.to, total);
  }
  return windows.map(({ from, to }) => segments.filter((s) => s.end > from && s.start < to)).filter((chunk) => chunk.length > 0);
}

/** Halves of a chunk, for a model whose answer did not fit its output limit. */
export function splitChunk(chunk: TranscriptSegment[]): [TranscriptSegment[], TranscriptSegment[]] {
  const middle = Math.ceil(chunk.length / 2);
  return [chunk.slice(0, middle), chunk.slice(middle)];
}

type OutputTopic = AnalysisOutput['topics'][number];

const overlapOf = (a: OutputTopic, b: OutputTopic) =>
  Math.max(0, Math.min(a.endTime, b.endTime) - Math.max(a.startTime, b.startTime));

/**
 * Merges the topics of overlapping chunks: where two topics cover mostly the same time (over half
 * of the shorter), the one with more quotes (then the longer) stays; the rest are trimmed so that
 * no two topics overlap.
 */
export function mergeChunkTopics(outputs: AnalysisOutput[]): AnalysisOutput {
  const all = outputs
    .flatMap((o) => o.topics)
    .filter((t) => t.endTime > t.startTime)
    .sort((a, b) => b.quotes.length - a.quotes.length || b.endTime - b.startTime - (a.endTime - a.startTime));
  const kept: OutputTopic[] = [];
  for (const topic of all) {
    const duplicate = kept.some(
      (k) => overlapOf(k, topic) > 0.5 * Math.min(k.endTime - k.startTime, topic.endTime - topic.startTime),
    );
    if (!duplicate) kept.push({ ...topic });
  }
  kept.sort((a, b) => a.startTime - b.startTime);
  for (let i = 1; i < kept.length; i++) {
    const previous = kept[i - 1]!;
    const current = kept[i]!;
    if (current.startTime < previous.endTime) previous.endTime = current.startTime;
  }
  return { topics: kept.filter((t) => t.endTime > t.startTime) };
}

/**
 * Runs `task` over `items` with at most `limit` at once, keeping the order of results. Once one
 * fails, no further item starts: the whole fails with it, and a provider call started after would be
 * paid for nothing.
 */
export async function mapLimited<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await task(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
