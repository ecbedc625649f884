import { z } from 'zod';

/** Every error code the API and the live channel can carry; the web reacts to these. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'X_FEATURES_DISABLED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each error code: the one place that decides it. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  X_FEATURES_DISABLED: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Body of every error response: `message` is what a person reads (SPEC §7 reads it first). */
export const errorBodySchema = z.object({
  message: z.string(),
  errorType: z.enum(errorCodes).optional(),
  /** The request field at fault, for validation errors. */
  field: z.string().optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error whose code, message and status are meant to reach the caller as they are. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  toBody(): ErrorBody {
    return { message: this.message, errorType: this.code, ...(this.field ? { field: this.field } : {}) };
  }
}

/** What every X route answers while the X features are off (SPEC §1). */
export const X_FEATURES_DISABLED_MESSAGE = 'X features are temporarily disabled';
