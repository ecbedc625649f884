import type { ErrorCode } from '@findclips/contracts';

/** A failure of the analysis; `transient` ones (network, 429, 5xx) are worth retrying. */
export class AnalysisError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly transient = false,
    /** The content-policy categories that were flagged. */
    readonly categories: string[] = [],
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AnalysisError';
    this.retryAfterMs = options?.retryAfterMs;
  }

  /** How long the provider asked us to wait before asking again (a 429's Retry-After or RetryInfo). */
  readonly retryAfterMs: number | undefined;
}

export const contentPolicyError = (categories: string[]) =>
  new AnalysisError(
    'CONTENT_POLICY',
    `This video was blocked by our content policy (${categories.join(', ') || 'unsafe content'}).`,
    false,
    categories,
  );

const PROVIDER_LABELS: Record<string, string> = { openai: 'OpenAI', grok: 'Grok', gemini: 'Gemini' };
const providerLabel = (name: string) => PROVIDER_LABELS[name] ?? name;

/**
 * A model's answer stopped at its output limit (`finish_reason: 'length'`, MAX_TOKENS): asking
 * again for the same chunk cannot succeed, so the pipeline splits the chunk instead.
 */
export class OutputCutOffError extends AnalysisError {
  constructor(provider: string) {
    super(
      'INVALID_OUTPUT',
      `${providerLabel(provider)}'s answer was cut off at its output limit, even for a short part of the video.`,
    );
    this.name = 'OutputCutOffError';
  }
}
const seconds = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`);

/**
 * A provider's failure, worded for the user who will read it in ANALYSIS_ERROR (the SDK's own
 * error stays the cause, for the logs): a time-out, no connection, or an HTTP status.
 */
export function providerFailure(
  name: string,
  failure:
    | { kind: 'timeout'; timeoutMs: number }
    | { kind: 'unreachable' }
    /** `retryAfterMs`: the wait a 429 asks for, which the job's next attempt waits at least. */
    | { kind: 'status'; status: number; retryAfterMs?: number }
    /** The configured model does not exist (retired or misspelt): no retry can help. */
    | { kind: 'model-gone'; model: string }
    /** The account has no quota or credit left (OpenAI's `insufficient_quota`, xAI's spent credits). */
    | { kind: 'quota' }
    /** The model stopped without an answer for a reason of its own (Gemini's OTHER). */
    | { kind: 'stopped'; reason: string }
    /** The model does not take the transcript's language (Gemini's LANGUAGE): asking again cannot help. */
    | { kind: 'language' }
    | { kind: 'other' },
  cause: unknown,
): AnalysisError {
  const label = providerLabel(name);
  const later = 'Please try again later.';
  const support = 'Please contact support.';
  switch (failure.kind) {
    case 'model-gone':
      return new AnalysisError(
        'PROVIDER_ERROR',
        `${label} no longer offers the model "${failure.model}". ${support}`,
        false,
        [],
        {
          cause,
        },
      );
    case 'quota':
      return new AnalysisError(
        'PROVIDER_ERROR',
        `${label} refused the request: our account's quota is used up. ${support}`,
        false,
        [],
        {
          cause,
        },
      );
    case 'language':
      return new AnalysisError('PROVIDER_ERROR', `${label} does not support the language of this video's captions.`, false, [], {
        cause,
      });
    case 'stopped':
      return new AnalysisError('PROVIDER_ERROR', `${label} stopped without an answer (${failure.reason}). ${later}`, true, [], {
        cause,
      });
    case 'timeout':
      return new AnalysisError(
        'PROVIDER_ERROR',
        `${label} did not answer within ${seconds(failure.timeoutMs)}. ${later}`,
        true,
        [],
        {
          cause,
        },
      );
    case 'unreachable':
      return new AnalysisError('PROVIDER_ERROR', `${label} could not be reached. ${later}`, true, [], { cause });
    case 'status': {
      const { status } = failure;
      const transient = status === 429 || status === 408 || status >= 500;
      const what =
        status === 429
          ? `${label} is receiving too many requests`
          : transient
            ? `${label} is unavailable right now (HTTP ${status})`
            : `${label} refused the request (HTTP ${status})`;
      return new AnalysisError(
        'PROVIDER_ERROR',
        `${what}. ${transient ? later : 'Please contact support if this persists.'}`,
        transient,
        [],
        { cause, retryAfterMs: failure.retryAfterMs },
      );
    }
    default:
      return new AnalysisError('PROVIDER_ERROR', `${label} failed to analyse this video. ${later}`, true, [], { cause });
  }
}
