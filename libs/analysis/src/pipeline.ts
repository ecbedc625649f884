import {
  SHARE_TOPICS_MAX,
  type AnalysisProviderName,
  type Topic,
  type TranscriptSegment,
  type VideoChapter,
} from '@findclips/contracts';
import { chunkTranscript, mapLimited, mergeChunkTopics, splitChunk, type ChunkOutput } from './chunks';
import { contentPolicyError, OutputCutOffError } from './errors';
import { groundTopics } from './grounding';
import { checkLexicon } from './policy';
import type { AnalysisProvider, AnalyzeInput } from './provider';

interface AnalysisResult {
  topics: Topic[];
  provider: AnalysisProviderName;
  model: string;
  chunks: number;
}

interface AnalyzeTranscriptOptions {
  segments: TranscriptSegment[];
  durationSeconds?: number | null;
  /**
   * The creator's chapters, where the video has some (see `AnalyzeInput`): used when a share can
   * hold that many topics, and checked with the transcript against the content policy.
   */
  chapters?: readonly VideoChapter[];
  provider: AnalysisProvider;
  concurrency?: number;
  signal?: AbortSignal;
}

/** Overlap between chunks, so that a topic cut at a chunk's edge is whole in one of them. */
const CHUNK_OVERLAP_SECONDS = 60;
/** Halvings of a chunk whose answer does not fit the model's output limit, before giving up. */
const MAX_SPLITS = 3;

/**
 * The provider's topics for one chunk. An answer cut off at the output limit is not asked again
 * (the same question cannot fit better): the chunk is halved and each half asked on its own.
 */
async function analyzeChunk(provider: AnalysisProvider, input: AnalyzeInput, splits = 0): Promise<ChunkOutput[]> {
  try {
    const output = await provider.analyze(input);
    return [{ output, from: input.segments[0]?.start ?? 0, to: input.segments.at(-1)?.end ?? 0 }];
  } catch (error) {
    if (!(error instanceof OutputCutOffError) || splits >= MAX_SPLITS || input.segments.length < 2) throw error;
    const halves = splitChunk(input.segments);
    const outputs = await Promise.all(halves.map((segments) => analyzeChunk(provider, { ...input, segments }, splits + 1)));
    return outputs.flat();
  }
}

/**
 * Transcript → grounded topics: the content policy first (the provider's moderation, else our
 * lexicon), then the provider over overlapping chunks in parallel, merged, then grounded in the
 * transcript so that no invented text or time reaches a user.
 */
export async function analyzeTranscript({
  segments,
  durationSeconds,
  chapters: given = [],
  provider,
  concurrency = 4,
  signal,
}: AnalyzeTranscriptOptions): Promise<AnalysisResult> {
  const duration = Math.max(durationSeconds ?? 0, segments.at(-1)?.end ?? 0);
  const chapters = given.length <= SHARE_TOPICS_MAX ? given : [];
  // The chapters' titles become topics' titles as they are: checked as the transcript is.
  const checked =
    chapters.length > 0 ? [...segments, ...chapters.map(({ start, title }) => ({ text: title, start, end: start }))] : segments;
  const verdict = provider.moderate ? await provider.moderate(checked, signal) : checkLexicon(checked);
  if (verdict.flagged) throw contentPolicyError(verdict.categories);

  const chunks = provider.maxChunkSeconds
    ? chunkTranscript(segments, provider.maxChunkSeconds, CHUNK_OVERLAP_SECONDS)
    : [segments];
  const outputs = (
    await mapLimited(chunks, concurrency, (chunk, index) =>
      analyzeChunk(provider, {
        segments: chunk,
        durationSeconds: duration,
        chapters,
        chunk: { index, count: chunks.length },
        signal,
      }),
    )
  ).flat();
  const merged = outputs.length > 1 ? mergeChunkTopics(outputs) : outputs[0]!.output;
  return {
    topics: groundTopics(merged, segments, duration),
    provider: provider.name,
    model: provider.model,
    chunks: chunks.length,
  };
}
