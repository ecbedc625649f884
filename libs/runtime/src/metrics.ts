import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** A Prometheus registry for one service: process metrics (CPU, memory, event loop lag), labelled with it. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110 §11.1): 'bearer' is 'Bearer'.
  const given = Buffer.from(/^bearer +(.*)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers a scrape in the Prometheus text format. With a token (METRICS_TOKEN), only to
 * `Authorization: Bearer {token}`; others get a 401 with a JSON message.
 */
export async function answerMetrics(registry: Registry, req: IncomingMessage, res: ServerResponse, token?: string) {
  if (token && !bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    res.end(JSON.stringify({ message: 'Metrics need the METRICS_TOKEN bearer token' }));
    return;
  }
  try {
    const body = await registry.metrics();
    res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (error) {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `Metrics unavailable: ${error instanceof Error ? error.message : String(error)}` }));
  }
}

/**
 * A small HTTP server for a service without one of its own (the worker; the realtime service,
 * whose Socket.IO takes /socket.io): GET /metrics and GET /healthz; anything else is a JSON 404.
 * `unhealthy` says why the service cannot serve now (/healthz answers 503 with it), or null.
 */
export function metricsServer(registry: Registry, token?: string, unhealthy: () => string | null = () => null): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return void answerMetrics(registry, req, res, token);
    if (req.method === 'GET' && path === '/healthz') {
      const problem = unhealthy();
      if (problem)
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'unavailable', message: problem }));
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  });
}
