import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** Query parameters that carry credentials (OAuth codes and state) are never logged. */
const SECRET_PARAMS = ['code', 'state', 'token', 'access_token', 'id_token'];

function loggableUrl(url: string | undefined): string | undefined {
  if (!url?.includes('?')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://x');
  } catch {
    // A request target no URL parser reads ('//a:99999/x?y'): its query cannot be told apart, so none is logged.
    return url.slice(0, url.indexOf('?'));
  }
  for (const name of SECRET_PARAMS) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '[redacted]');
  return `${parsed.pathname}${parsed.search}`;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

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
    serializers: {
      req: (req: IncomingMessage & { id?: string; raw?: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
