import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { closeGatewayServer, createGatewayServer } from './server-events';

describe('closeGatewayServer', () => {
  it('stops listening before it closes the idle keep-alive connections, so a client that reconnects is refused, not reset', async () => {
    const server = createGatewayServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    // Whether the server still listened when it closed each connection (node:http's own close
    // closed them first: a client told its connection closed could reconnect into the backlog of a
    // listener about to close, to be reset).
    const listeningAtClose: boolean[] = [];
    server.on('connection', (socket: Socket) => {
      const destroy = socket.destroy.bind(socket);
      socket.destroy = (error?: Error) => {
        listeningAtClose.push(server.listening);
        return destroy(error);
      };
    });
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      request({ host: '127.0.0.1', port, agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end(),
    );
    // The connection is idle, kept alive by the client.
    await closeGatewayServer(server);
    agent.destroy();
    expect(listeningAtClose).toEqual([false]);
  });
});
