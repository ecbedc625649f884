import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { loggedError } from '@findclips/runtime';

/**
 * The query parameters our routes read and whose values say nothing secret; any other value (an
 * OAuth code or state, a password a client put in the address) is logged as '[redacted]'.
 */
const LOGGED_PARAMS = new Set(['videoId', 'sort', 'error']);
/** Names worth seeing in a log line, whose values never are. Any other name is itself the caller's text: '[param]'. */
const NAMED_PARAMS = new Set([...LOGGED_PARAMS, 'code', 'state', 'token', 'access_token', 'id_token', 'email', 'password']);

function loggableUrl(url: string | undefined): string | undefined {
  if (!url?.includes('?')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://x');
  } catch {
    // A request target no URL parser reads ('//a:99999/x?y'): its query cannot be told apart, so none is logged.
    return url.slice(0, url.indexOf('?'));
  }
  const query = [...parsed.searchParams].map(
    ([name, value]) =>
      `${NAMED_PARAMS.has(name) ? name : '[param]'}=${LOGGED_PARAMS.has(name) ? encodeURIComponent(value) : '[redacted]'}`,
  );
  return `${parsed.pathname}?${query.join('&')}`;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** pino-http's own error for a response of 500 or more that no error came with. */
const statusOnly = (error: Error, status: number) => error.message === `failed with status code ${status}`;

/** One JSON line per request with its id (taken from X-Request-Id when sane, else new). */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes(req.url ?? '') },
    // A 503 is a dependency or a disabled feature, not a bug of ours.
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // For any status of 500 or more pino-http makes up an error ('failed with status code 503') whose
    // stack is its own: the line keeps the status, not that. (What failed is logged where it failed.)
    customErrorObject: (_req, res, error, value) => (statusOnly(error, res.statusCode) ? { ...value, err: undefined } : value),
    customErrorMessage: (_req, res, error) => (statusOnly(error, res.statusCode) ? 'request completed' : 'request errored'),
    // Ours read the request and response themselves: pino-http's wrappers first copy each into an
    // object of every field (headers included): a fifth of the log's cost per request.
    wrapSerializers: false,
    serializers: {
      // pino-http puts its own in place of the logger's: this one keeps a query's values out.
      err: loggedError,
      req: (req: IncomingMessage & { id?: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.originalUrl ?? req.url),
      }),
      // None when nothing was answered (the client left first): Node's default 200 would read as a success.
      res: (res: { statusCode: number; headersSent: boolean }) => ({ statusCode: res.headersSent ? res.statusCode : null }),
    },
  });
}
