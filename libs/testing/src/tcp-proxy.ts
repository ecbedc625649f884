import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { Transform } from 'node:stream';

export interface TcpProxy {
  /** host:port to connect to instead of the target. */
  port: number;
  /** Cut every connection and refuse new ones, as if the target went down. */
  cut(): Promise<void>;
  /**
   * Keep every connection open but pass nothing on, either way, as a network that drops packets:
   * the client sees neither an answer nor an error. New connections are accepted and held too.
   */
  blackHole(): void;
  /** Accept connections again, and pass on what a black hole held back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  /**
   * How much later each answer of the target reaches the client, as from a server far away: a
   * client's sequential round trips then take at least this long each, however fast the machine.
   */
  latencyMs?: number;
}

/** Passes each chunk on `ms` later, in order, without holding the chunks behind it. */
function delayed(ms: number): Transform {
  let pending = 0;
  let flushed: (() => void) | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending++;
      setTimeout(() => {
        this.push(chunk);
        if (--pending === 0) flushed?.();
      }, ms);
      done();
    },
    flush(done) {
      if (pending === 0) done();
      else flushed = () => done();
    },
  });
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (e.g. PostgreSQL), so that a test can take the
 * server away from one client and give it back without stopping the shared server.
 */
export async function tcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
  { latencyMs = 0 }: TcpProxyOptions = {},
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  /** Each client's connection: its socket, the target's, and the way back through the latency if any. */
  type Connection = { client: Socket; upstream: Socket; back?: Transform };
  const connections = new Set<Connection>();
  let holding = false;
  const flow = ({ client, upstream, back }: Connection) => {
    client.pipe(upstream);
    if (back) upstream.pipe(back).pipe(client);
    else upstream.pipe(client);
  };
  const hold = ({ client, upstream, back }: Connection) => {
    // Unpiped and paused, each side keeps what arrives unread, as a stalled network would; an
    // answer already on its way through the latency waits too.
    client.unpipe(upstream);
    upstream.unpipe();
    back?.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    const connection: Connection = { client, upstream, back: latencyMs > 0 ? delayed(latencyMs) : undefined };
    connections.add(connection);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        connections.delete(connection);
      });
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    if (holding) hold(connection);
    else flow(connection);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };

  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) {
      server.close();
      await once(server, 'close');
    }
  };
  return {
    port,
    cut,
    blackHole: () => {
      holding = true;
      connections.forEach(hold);
    },
    restore: async () => {
      if (holding) {
        holding = false;
        connections.forEach(flow);
      }
      if (!server.listening) {
        server.listen(port, '127.0.0.1');
        await once(server, 'listening');
      }
    },
    close: cut,
  };
}
