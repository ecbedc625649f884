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

/** A provider's answer for one chunk, and the time its lines cover. */
export interface ChunkOutput {
  output: AnalysisOutput;
  from: number;
  to: number;
}

type Span = { startTime: number; endTime: number };

const overlapOf = (a: Span, b: Span) => Math.max(0, Math.min(a.endTime, b.endTime) - Math.max(a.startTime, b.startTime));

/** How near a chunk's edge a topic must reach to have been cut there. */
const AT_EDGE_SECONDS = 30;
/** A topic joined across an edge is at most this share of the video: longer, it is more likely two. */
const JOINED_MAX_SHARE = 0.35;

/**
 * Whether a chunk's edge cut one topic in two: the last topic of the chunk `before` reaches its end,
 * the first of the chunk `after` reaches back to its start, and each covers the other's side of the
 * overlap, so both chunks read the overlap as the same topic going on (a boundary inside the
 * overlap starts a topic there in one of them), and the two together stay under a share of the
 * video's `length`.
 */
function continues(a: OutputTopic, b: OutputTopic, before: ChunkOutput, after: ChunkOutput, length: number) {
  return (
    a.endTime >= before.to - AT_EDGE_SECONDS &&
    b.startTime <= after.from + AT_EDGE_SECONDS &&
    a.startTime < after.from &&
    b.endTime > before.to &&
    b.endTime - a.startTime <= JOINED_MAX_SHARE * length
  );
}

/** One topic of `a` and `b`, the part that covers more time naming it; `b`'s quotes that repeat `a`'s times left out. */
function joined(a: OutputTopic, b: OutputTopic): OutputTopic {
  const quotes = [...a.quotes, ...b.quotes.filter((q) => !a.quotes.some((k) => overlapOf(k, q) > 0))];
  const title = a.endTime - a.startTime >= b.endTime - b.startTime ? a.title : b.title;
  return { title, startTime: a.startTime, endTime: Math.max(a.endTime, b.endTime), quotes };
}

/**
 * Merges the topics of overlapping chunks. First, a topic a chunk's edge cut in two (see
 * `continues`) is joined again. Then, where two topics cover mostly the same time (over half of
 * the shorter), the one with more quotes (then the longer) stays; the rest are trimmed so that no
 * two topics overlap.
 */
export function mergeChunkTopics(chunks: ChunkOutput[]): AnalysisOutput {
  const outputs = chunks.map((c) => c.output.topics.filter((t) => t.endTime > t.startTime));
  const length = chunks.at(-1)?.to ?? 0;
  for (let i = 1; i < chunks.length; i++) {
    const [before, after] = [chunks[i - 1]!, chunks[i]!];
    if (after.from >= before.to) continue;
    const last = outputs[i - 1]!.reduce<OutputTopic | undefined>((l, t) => (!l || t.endTime > l.endTime ? t : l), undefined);
    const first = outputs[i]!.reduce<OutputTopic | undefined>((f, t) => (!f || t.startTime < f.startTime ? t : f), undefined);
    if (!last || !first || !continues(last, first, before, after, length)) continue;
    outputs[i - 1] = outputs[i - 1]!.filter((t) => t !== last);
    outputs[i] = outputs[i]!.map((t) => (t === first ? joined(last, first) : t));
  }
  const all = outputs
    .flat()
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
