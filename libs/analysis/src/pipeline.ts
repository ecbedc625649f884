import type { Topic, TranscriptSegment } from '@findclips/contracts';
import { chunkTranscript, mapLimited, mergeChunkTopics } from './chunks';
import { contentPolicyError } from './errors';
import { groundTopics } from './grounding';
import { checkLexicon } from './policy';
import type { AnalysisProvider } from './provider';

export interface AnalysisResult {
  topics: Topic[];
  provider: string;
  model: string;
  chunks: number;
}

export interface AnalyzeTranscriptOptions {
  segments: TranscriptSegment[];
  durationSeconds?: number | null;
  provider: AnalysisProvider;
  concurrency?: number;
  signal?: AbortSignal;
}

/** Overlap between chunks, so that a topic cut at a chunk's edge is whole in one of them. */
const CHUNK_OVERLAP_SECONDS = 60;

/**
 * Transcript → grounded topics: the content policy first (the provider's moderation, else our
 * lexicon), then the provider over overlapping chunks in parallel, merged, then grounded in the
 * transcript so that no invented text or time reaches a user.
 */
export async function analyzeTranscript({
  segments,
  durationSeconds,
  provider,
  concurrency = 4,
  signal,
}: AnalyzeTranscriptOptions): Promise<AnalysisResult> {
  const duration = Math.max(durationSeconds ?? 0, segments.at(-1)?.end ?? 0);
  const verdict = provider.moderate ? await provider.moderate(segments, signal) : checkLexicon(segments);
  if (verdict.flagged) throw contentPolicyError(verdict.categories);

  const chunks = provider.maxChunkSeconds
    ? chunkTranscript(segments, provider.maxChunkSeconds, CHUNK_OVERLAP_SECONDS)
    : [segments];
  const outputs = await mapLimited(chunks, concurrency, (chunk, index) =>
    provider.analyze({ segments: chunk, durationSeconds: duration, chunk: { index, count: chunks.length }, signal }),
  );
  const merged = chunks.length > 1 ? mergeChunkTopics(outputs) : outputs[0]!;
  return {
    topics: groundTopics(merged, segments, duration),
    provider: provider.name,
    model: provider.model,
    chunks: chunks.length,
  };
}
