import { AppError, describeIssues, findControlCharacters, SERVICE_UNAVAILABLE_MESSAGE } from '@findclips/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { isServiceUnavailable } from '@findclips/runtime';
import { MALFORMED_TEXT, TOO_DEEP, TOO_MANY_VALUES } from './few-values';
import { answered } from './session';

/** Parses a request part with a contract schema; a failure is a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // (A field the schema does not take is dropped, not named: no route of ours reads it.)
  const control = findControlCharacters(input, (field) => takes(schema, field));
  if (control) throw new AppError('VALIDATION_ERROR', control.message, { field: control.field });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [first] = describeIssues(result.error, input);
  throw new AppError('VALIDATION_ERROR', first?.message ?? 'Invalid request', { field: first?.field });
}

/**
 * Whether `schema` reads the top-level field `field`: an object schema only its own keys, a union
 * of objects (an edit, one shape per action) the keys of any of them.
 */
function takes(schema: z.ZodType, field: string): boolean {
  const { shape, options } = schema as { shape?: Record<string, unknown>; options?: unknown[] };
  if (Array.isArray(options) && options.every((option) => typeof option === 'object' && option !== null)) {
    return options.some((option) => takes(option as z.ZodType, field));
  }
  return !shape || Object.hasOwn(shape, field);
}

/**
 * Parses an address's query with a contract schema. A parameter given twice ('?videoId=a&videoId=b')
 * reads as a list: a 400 says it was given twice, not that it must be text.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, unknown>): z.output<S> {
  const repeated = Object.keys(query).find((name) => Array.isArray(query[name]) && takes(schema, name));
  if (repeated) throw new AppError('VALIDATION_ERROR', `${repeated} is given more than once`, { field: repeated });
  return parseInput(schema, query);
}

/**
 * Errors thrown by body-parser carry a `type`; these are the caller's fault. A 400 is a
 * VALIDATION_ERROR, as any other malformed request; a 415 has no code of its own.
 */
const bodyParserErrors: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: 400, message: 'The request body is not valid JSON' },
  'encoding.unsupported': { status: 415, message: 'Unsupported content encoding' },
  'charset.unsupported': { status: 415, message: 'Unsupported charset' },
  'request.aborted': { status: 400, message: 'The request was aborted' },
  'request.size.invalid': { status: 400, message: 'The request body length does not match its Content-Length' },
  [TOO_MANY_VALUES]: { status: 400, message: 'The request body holds more values than this request takes' },
  [TOO_DEEP]: { status: 400, message: 'The request body is nested deeper than any request takes' },
  [MALFORMED_TEXT]: { status: 400, message: 'The request body is not valid UTF-8 text' },
};

/** 102400 → '100 kB', 3145728 → '3 MB': as the limits are written. */
const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} kB`;

/** zlib's errors (gzip, deflate: 'Z_DATA_ERROR') and Brotli's ('ERR__ERROR_FORMAT_PADDING_1') on a body that does not decompress. */
const DECOMPRESSION_CODES = /^(?:Z_|ERR__ERROR_)/;

/** PostgreSQL's refusals of the caller's text: a NUL byte (22021), an unsupported escape (22P05). */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

/**
 * What no route took: 405 with `Allow` where the path is a route's for other methods, else 404.
 * `allowed` gives the methods the routes take on a path (see allowedMethods).
 */
export const notFound =
  (allowed: (path: string) => string[]): RequestHandler =>
  (req, res, next) => {
    const path = `${req.baseUrl}${req.path}`;
    const methods = allowed(path);
    if (methods.length > 0 && !methods.includes(req.method)) {
      res.set('Allow', methods.join(', '));
      return next(new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}: use ${methods.join(', ')}`));
    }
    next(new AppError('NOT_FOUND', `No such endpoint: ${req.method} ${path}`));
  };

/** The one place an error becomes a response: always `{ message }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  // Answered already, the answer on its way: the error changes nothing of it, and is logged.
  if (answered(res)) return void req.log?.error({ err: error }, 'error after the answer');
  if (error instanceof AppError) {
    // A service we call failed (YouTube out of reach, its bot check): the caller is told, the log
    // says what failed. (X's features switched off are an answer, not a failure.)
    if (error.status >= 500 && error.code !== 'X_FEATURES_DISABLED')
      req.log?.warn({ err: error, errorType: error.code }, 'request failed');
    if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    res.status(error.status).json(error.toBody());
    return;
  }
  // Too large: the limit is the one of the parser that refused it (body-parser gives it in bytes).
  if (error?.type === 'entity.too.large' && typeof error.limit === 'number') {
    res
      .status(413)
      .json({ message: `The request body is too large (${readableSize(error.limit)} at most)`, errorType: 'PAYLOAD_TOO_LARGE' });
    return;
  }
  const parserError = typeof error?.type === 'string' ? bodyParserErrors[error.type] : undefined;
  if (parserError) {
    res
      .status(parserError.status)
      .json(
        parserError.status === 400
          ? { message: parserError.message, errorType: 'VALIDATION_ERROR' }
          : { message: parserError.message },
      );
    return;
  }
  // Express's own refusals (a path parameter that is not valid percent-encoding) carry a 4xx status.
  const status = typeof error?.status === 'number' ? error.status : undefined;
  if (status && status >= 400 && status < 500) {
    const message =
      error instanceof URIError
        ? 'The address is not valid: it has a malformed %-escape'
        : typeof error.code === 'string' && DECOMPRESSION_CODES.test(error.code)
          ? 'The request body could not be decompressed as its Content-Encoding says'
          : 'The request is not valid';
    res.status(status).json({ message, errorType: 'VALIDATION_ERROR' });
    return;
  }
  if (typeof error?.code === 'string' && INVALID_TEXT_CODES.has(error.code)) {
    res.status(400).json({ message: 'The request contains characters that cannot be stored', errorType: 'VALIDATION_ERROR' });
    return;
  }
  if (isServiceUnavailable(error)) {
    req.log?.warn({ err: error }, 'dependency unavailable');
    res.status(503).json({ message: SERVICE_UNAVAILABLE_MESSAGE, errorType: 'SERVICE_UNAVAILABLE' });
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.', errorType: 'INTERNAL' });
};
