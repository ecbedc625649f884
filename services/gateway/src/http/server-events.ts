import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { REQUEST_BODY_TIMEOUT_MS } from '@findclips/contracts';
import { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';

type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Whether an upgrade is for the live channel, judged on the raw target as the proxy judges it
 * ('/x/../socket.io' is not: normalised it would be, and the proxy would then ignore it).
 */
const forLiveChannel = (url: string | undefined) => (url ?? '').split('?')[0]!.startsWith('/socket.io');

/** Answers on a raw socket, as Express would, then closes it. */
function answer(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that never reads must not hold the socket open.
  socket.once('finish', () => socket.destroy());
}

/**
 * What the HTTP server answers before Express sees a request: protocol upgrades, which only the
 * live channel (/socket.io) takes (any other would hold its socket open for ever), and requests
 * it cannot parse (headers too large, malformed), which Node answers with no body at all.
 */
export function handleServerEvents(server: Server, liveUpgrade: UpgradeHandler, closed?: () => void): void {
  if (closed) server.on('close', closed);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (forLiveChannel(req.url)) return liveUpgrade(req, socket, head);
    answer(socket, 404, 'Not Found', `No such endpoint: ${req.method} ${(req.url ?? '').split('?')[0]}`);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) => {
    // Part of an answer already sent on this connection (keep-alive): another would corrupt it.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
    if (error.code === 'HPE_HEADER_OVERFLOW')
      // Node counts the request line with the headers: a very long address ends here too.
      return answer(socket, 431, 'Request Header Fields Too Large', "The request's address or headers are too large");
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return answer(socket, 408, 'Request Timeout', 'The request took too long to arrive');
    answer(socket, 400, 'Bad Request', 'The request could not be read');
  });
}

/**
 * How long a client may take to send a request: its headers (Node's default is 60 s) and the whole
 * of it, body included (Node's default is 300 s, so a client sending a body slowly, or never to its
 * end, held a connection for five minutes). Two minutes take the largest body we read, 8 MB of
 * captions, at about 0.6 Mbit/s. Connections are checked against them every 5 s (Node's: 30).
 */
export const REQUEST_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: REQUEST_BODY_TIMEOUT_MS,
  connectionsCheckingInterval: 5_000,
};

/** The answers a server has yet to finish, kept by `createGatewayServer` for `closeGatewayServer`. */
const unfinished = new WeakMap<Server, Set<ServerResponse>>();

/** The gateway's HTTP server, with the time limits above (tests shorten them). */
export function createGatewayServer(app: RequestListener, timeouts = REQUEST_TIMEOUTS): Server {
  const server = createServer(timeouts, app);
  const answering = new Set<ServerResponse>();
  unfinished.set(server, answering);
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });
  return server;
}

/**
 * Stops taking connections and resolves once every one has ended. A client that keeps its
 * connections alive (a proxy's pool) is told to close each with its next answer (`Connection:
 * close`), the answers under way included: otherwise it sent request after request on them, the
 * server never closed, and the grace period's end cut the requests then in flight.
 */
export function closeGatewayServer(server: Server): Promise<void> {
  const closing = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  for (const res of unfinished.get(server) ?? []) closing(res);
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => closing(res));
  // The listener first, then the idle connections. node:http's own `close` closes them the other way
  // round: a client whose idle connection it closed reconnected into the backlog of a listener about
  // to close, and was reset rather than refused. (It also stopped the sweep of request time limits,
  // which here still ends a connection too slow to send its request.)
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  server.closeIdleConnections();
  return closed;
}
