import { z } from 'zod';

/** Every error code the API and the live channel can carry; the web reacts to these. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'X_FEATURES_DISABLED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Videos and analysis.
  'VIDEO_TOO_LONG',
  'GUEST_VIDEO_TOO_LONG',
  'GUEST_QUOTA_EXCEEDED',
  'ANALYSIS_QUOTA_EXCEEDED',
  'VIDEO_UNAVAILABLE',
  'NO_TRANSCRIPT',
  'YOUTUBE_RATE_LIMITED',
  'YOUTUBE_UNREACHABLE',
  /** YouTube refuses our address or client (bot check, reCAPTCHA, consent wall): not the video's fault. */
  'YOUTUBE_BLOCKED',
  /** A caption track answered empty (one gated by a proof-of-origin token). */
  'YOUTUBE_EMPTY_CAPTIONS',
  'CONTENT_POLICY',
  'PROVIDER_ERROR',
  'INVALID_OUTPUT',
  'ANALYSIS_FAILED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each error code: the one place that decides it. */
const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  X_FEATURES_DISABLED: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  VIDEO_TOO_LONG: 422,
  GUEST_VIDEO_TOO_LONG: 422,
  GUEST_QUOTA_EXCEEDED: 429,
  ANALYSIS_QUOTA_EXCEEDED: 429,
  VIDEO_UNAVAILABLE: 404,
  NO_TRANSCRIPT: 422,
  YOUTUBE_RATE_LIMITED: 503,
  YOUTUBE_UNREACHABLE: 502,
  YOUTUBE_BLOCKED: 503,
  YOUTUBE_EMPTY_CAPTIONS: 503,
  CONTENT_POLICY: 422,
  PROVIDER_ERROR: 502,
  INVALID_OUTPUT: 502,
  ANALYSIS_FAILED: 500,
};

/** Body of every error response: `message` is what a person reads (the web app reads it first). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  errorType: z.enum(errorCodes).optional(),
  /** The request field at fault, for validation errors. */
  field: z.string().optional(),
  /** GUEST_QUOTA_EXCEEDED: the guest's credits left (none). */
  left: z.number().int().min(0).optional(),
  /** CONTENT_POLICY of a video refused before: the categories of the refusal, which the web app's toast names. */
  errorCategories: z.array(z.string()).optional(),
});

type ErrorBody = z.infer<typeof errorBodySchema>;

interface AppErrorOptions {
  /** The request field at fault, for validation errors. */
  field?: string;
  /**
   * Extra fields of the body, e.g. `left: 0` with GUEST_QUOTA_EXCEEDED: only those errorBodySchema
   * names, so that the web app never reads a field its contract does not have.
   */
  extra?: Pick<ErrorBody, 'left' | 'errorCategories'>;
  /** When the caller may try again: sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
  /** What failed underneath (a service we call), for the log: never sent. */
  cause?: unknown;
}

/** An error whose code, message and status are meant to reach the caller as they are. */
export class AppError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly extra: Pick<ErrorBody, 'left' | 'errorCategories'>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = errorStatus[code];
    this.field = options.field;
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return { message: this.message, errorType: this.code, ...(this.field ? { field: this.field } : {}), ...this.extra };
  }
}

/** POST /api/logout and DELETE /api/analysis/shared/{shareId}: done, said in words. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** What a 503 says when a service we need cannot answer, or a read could not settle. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/** What every X route answers while the X features are off. */
export const X_FEATURES_DISABLED_MESSAGE = 'X features are temporarily disabled';
