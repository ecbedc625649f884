import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';

export interface TcpProxy {
  /** host:port to connect to instead of the target. */
  port: number;
  /** Cut every connection and refuse new ones, as if the target went down. */
  cut(): Promise<void>;
  /** Accept connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (e.g. PostgreSQL), so that a test can take the
 * server away from one client and give it back without stopping the shared server.
 */
export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
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
    restore: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: cut,
  };
}
