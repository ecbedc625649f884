import type { AnalysisOutput, AnalysisProviderName, TranscriptSegment, VideoChapter } from '@findclips/contracts';

export interface AnalyzeInput {
  segments: TranscriptSegment[];
  /** The whole video's length; a chunk's segments may cover only part of it. */
  durationSeconds: number;
  /**
   * The creator's chapters of the whole video, in order, where YouTube shows some: the built-in
   * analyzer takes them as its topics, and AI providers are asked for one topic each.
   */
  chapters?: readonly VideoChapter[];
  /** Where this chunk sits in the video, for prompts of chunked transcripts. */
  chunk?: { index: number; count: number };
  signal?: AbortSignal;
}

/** Categories a content-policy check flagged; empty when the transcript is fine. */
export interface PolicyVerdict {
  flagged: boolean;
  categories: string[];
}

/** Something that turns a transcript into topics: an AI provider or the built-in analyzer. */
export interface AnalysisProvider {
  readonly name: AnalysisProviderName;
  readonly model: string;
  /** Topics of `segments`; times may be off and quotes paraphrased: grounding fixes both. */
  analyze(input: AnalyzeInput): Promise<AnalysisOutput>;
  /** The provider's own content-policy check, when it has one. */
  moderate?(segments: TranscriptSegment[], signal?: AbortSignal): Promise<PolicyVerdict>;
  /** Most seconds of transcript one call should carry; longer transcripts are chunked. */
  readonly maxChunkSeconds?: number;
  /**
   * Asks the provider's model list whether the configured model exists: null when it does, else
   * what is wrong, for operators (checked at worker start-up).
   */
  checkModel?(signal?: AbortSignal): Promise<string | null>;
}
