// The live channel's forwarding when its realtime instance is out of reach: what clients get, what the log says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestGateway, testDataSource, type TestGateway } from '../test/harness';

/** A realtime instance stand-in on `port`: it answers every poll. */
async function instanceOn(port: number): Promise<Server> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('the live channel while its realtime instance is out of reach', () => {
  let gw: TestGateway;
  let port: number;
  beforeAll(async () => {
    // A port nobody listens on (yet).
    const probe = await instanceOn(0);
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    gw = await startTestGateway({ REALTIME_URL: `http://127.0.0.1:${port}` }, { dataSource: await testDataSource() });
  });
  afterAll(() => gw.close());

  const poll = () => gw.request().get('/socket.io/?EIO=4&transport=polling');
  const said = (message: string) => gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === message);

  it('answers each try 502 with a message, and says so in the log once an outage, not once a try', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await poll().expect(502);
      expect(res.body).toEqual({ message: 'Live updates are unavailable right now' });
    }
    expect(said('realtime instance unreachable').filter((entry) => entry.level === 40)).toHaveLength(1);

    // Back: the log says so; out of reach again, the log says that again, once.
    const instance = await instanceOn(port);
    await poll().expect(200);
    await poll().expect(200);
    expect(said('realtime instance answers again')).toHaveLength(1);
    const closed = new Promise((resolve) => instance.close(resolve));
    instance.closeAllConnections();
    await closed;
    for (let i = 0; i < 3; i++) await poll().expect(502);
    expect(said('realtime instance unreachable').filter((entry) => entry.level === 40)).toHaveLength(2);
  });
});
