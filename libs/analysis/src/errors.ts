import type { ErrorCode } from '@findclips/contracts';

/** A failure of the analysis; `transient` ones (network, 429, 5xx) are worth retrying. */
export class AnalysisError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly transient = false,
    /** The content-policy categories that were flagged. */
    readonly categories: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AnalysisError';
  }
}

export const contentPolicyError = (categories: string[]) =>
  new AnalysisError(
    'CONTENT_POLICY',
    `This video was blocked by our content policy (${categories.join(', ') || 'unsafe content'}).`,
    false,
    categories,
  );
