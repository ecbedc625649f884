import { AppError, describeIssues } from '@findclips/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';

/** Parses a request part with a contract schema; a failure is a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [first] = describeIssues(result.error, input);
  throw new AppError('VALIDATION_ERROR', first?.message ?? 'Invalid request', first?.field);
}

/** Errors thrown by body-parser carry a `type`; these are the caller's fault. */
const bodyParserErrors: Record<string, { status: number; message: string }> = {
  'entity.too.large': { status: 413, message: 'The request body is too large (100 kB at most)' },
  'entity.parse.failed': { status: 400, message: 'The request body is not valid JSON' },
  'encoding.unsupported': { status: 415, message: 'Unsupported content encoding' },
  'charset.unsupported': { status: 415, message: 'Unsupported charset' },
  'request.aborted': { status: 400, message: 'The request was aborted' },
  'request.size.invalid': { status: 400, message: 'The request body length does not match its Content-Length' },
};

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P03', '53300']);

/** True for failures of PostgreSQL or Redis being away: the caller should retry, not report a bug. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return (
    /timeout exceeded when trying to connect|Connection terminated|The client is closed|Socket closed unexpectedly/i.test(
      error.message,
    ) || error.name === 'ClientClosedError'
  );
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No such endpoint: ${req.method} ${req.path}`));
};

/** The one place an error becomes a response: always `{ message }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof AppError) {
    res.status(error.status).json(error.toBody());
    return;
  }
  const parserError = typeof error?.type === 'string' ? bodyParserErrors[error.type] : undefined;
  if (parserError) {
    res.status(parserError.status).json({ message: parserError.message });
    return;
  }
  if (isUnavailable(error)) {
    req.log?.warn({ err: error }, 'dependency unavailable');
    res
      .status(503)
      .json({ message: 'The service is temporarily unavailable. Please try again shortly.', errorType: 'SERVICE_UNAVAILABLE' });
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.', errorType: 'INTERNAL' });
};
