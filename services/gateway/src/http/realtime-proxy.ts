import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';

/**
 * Forwards /socket.io (HTTP long-polling and WebSocket upgrades) to the realtime service, so the
 * app and its live channel share one origin. Call `upgrade` from the HTTP server's 'upgrade' event.
 */
export function realtimeProxy(target: string, logger: Logger) {
  const proxy = createProxyMiddleware<IncomingMessage>({
    target,
    pathFilter: '/socket.io',
    ws: true,
    xfwd: true,
    on: {
      error: (error, _req, res) => {
        logger.warn({ err: error }, 'realtime service unreachable');
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Live updates are unavailable right now"}');
        } else if ('destroy' in res) (res as Socket).destroy();
      },
    },
  });
  return proxy;
}
