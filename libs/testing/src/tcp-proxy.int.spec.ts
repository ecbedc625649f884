import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { tcpProxy, type TcpProxy } from './tcp-proxy';
import { until } from './wait';

/** A client of the proxy that records what reaches it, and when. */
function client(proxy: TcpProxy) {
  const socket = connect(proxy.port, '127.0.0.1');
  const received: { text: string; at: number }[] = [];
  let ended = false;
  socket.on('data', (chunk: Buffer) => void received.push({ text: chunk.toString(), at: Date.now() }));
  socket.on('end', () => void (ended = true));
  socket.on('error', () => undefined);
  return {
    socket,
    text: () => received.map((r) => r.text).join(''),
    received,
    ended: () => ended,
    ready: once(socket, 'connect'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tcpProxy', () => {
  let server: Server;
  let port: number;
  /** What the target does with each line a client sends: echoes it by default. */
  let onConnection: (socket: Socket) => void;
  const proxies: TcpProxy[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      onConnection(socket);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  beforeEach(() => {
    onConnection = (socket) => socket.pipe(socket);
  });
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  const proxy = async (latencyMs?: number) => {
    const made = await tcpProxy(port, '127.0.0.1', latencyMs === undefined ? {} : { latencyMs });
    proxies.push(made);
    return made;
  };

  it('passes both ways at once without latency', async () => {
    const c = client(await proxy());
    await c.ready;
    const sent = Date.now();
    c.socket.write('ping');
    await until(() => c.text() === 'ping');
    // Well under any latency tested here, with room for a busy machine.
    expect(Date.now() - sent).toBeLessThan(1_000);
  });

  it("delays each of the target's answers by latencyMs, in order, without holding the ones behind", async () => {
    onConnection = (socket) => {
      // Ten answers 30 ms apart: each arrives 300 ms after it was sent, not 300 ms after the last.
      let n = 0;
      const timer = setInterval(() => {
        socket.write(String(n));
        if (++n === 10) {
          clearInterval(timer);
          socket.end();
        }
      }, 30);
    };
    const c = client(await proxy(300));
    await c.ready;
    const opened = Date.now();
    await until(() => c.ended());
    expect(c.text()).toBe('0123456789');
    const first = c.received[0]!.at - opened;
    const last = c.received.at(-1)!.at - opened;
    // The first answer left after 30 ms: it arrives after 330 ms.
    expect(first).toBeGreaterThanOrEqual(300);
    // The last left after 300 ms: 600 ms, not ten latencies (3 s) one behind the other.
    expect(last).toBeGreaterThanOrEqual(600);
    expect(last).toBeLessThan(2_500);
  });

  it('makes each round trip take latencyMs', async () => {
    const c = client(await proxy(250));
    await c.ready;
    for (const word of ['one', 'two', 'three']) {
      const sent = Date.now();
      const before = c.text();
      c.socket.write(word);
      await until(() => c.text() === before + word);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(240);
    }
  });

  for (const latencyMs of [0, 200]) {
    it(`holds both ways in a black hole and passes what it held, once, when restored (latency ${latencyMs} ms)`, async () => {
      const relay = await proxy(latencyMs);
      const c = client(relay);
      await c.ready;
      c.socket.write('before');
      await until(() => c.text() === 'before');

      relay.blackHole();
      c.socket.write('during');
      await sleep(latencyMs + 400);
      expect(c.text()).toBe('before');
      // A connection opened in the black hole is held too.
      const late = client(relay);
      await late.ready;
      late.socket.write('late');
      await sleep(latencyMs + 200);
      expect(late.text()).toBe('');

      await relay.restore();
      await until(() => c.text() === 'beforeduring' && late.text() === 'late');
      c.socket.write('after');
      await until(() => c.text().length >= 'beforeduringafter'.length);
      // Nothing twice: a restored connection is not piped a second time.
      await sleep(latencyMs + 200);
      expect({ c: c.text(), late: late.text() }).toEqual({ c: 'beforeduringafter', late: 'late' });
    });

    it(`cuts every connection and refuses new ones until restored (latency ${latencyMs} ms)`, async () => {
      const relay = await proxy(latencyMs);
      const c = client(relay);
      await c.ready;
      c.socket.write('ping');
      // Cut while the answer may still be on its way: nothing throws, the client sees its connection closed.
      await sleep(10);
      // Closed, by a FIN or, when the proxy had not yet read the ping, a reset (ECONNRESET, which
      // once() would throw; the client takes it, as any of ours does). Listened for before the cut,
      // which may close it at once.
      const closed = new Promise((resolve) => c.socket.once('close', resolve));
      await relay.cut();
      await closed;
      await sleep(latencyMs + 100);
      const refused = connect(relay.port, '127.0.0.1');
      const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
      expect(error.code).toBe('ECONNREFUSED');

      await relay.restore();
      const again = client(relay);
      await again.ready;
      again.socket.write('pong');
      await until(() => again.text() === 'pong');
    });
  }

  it('holds, in a black hole, an answer that was on its way back when it began', async () => {
    // A latency far over the 100 ms before the black hole, so a busy machine cannot let it through.
    const relay = await proxy(1_000);
    const c = client(relay);
    await c.ready;
    c.socket.write('x');
    await until(() => c.text() === 'x');
    // The target answers; the answer is on its way back when the network goes dark.
    const target = sockets.at(-1)!;
    target.unpipe(target);
    target.write('on its way');
    await sleep(100);
    relay.blackHole();
    await sleep(1_500);
    expect(c.text()).toBe('x');
    await relay.restore();
    await until(() => c.text() === 'xon its way');
  });

  it('passes the end of a connection on after the answers before it', async () => {
    onConnection = (socket) => socket.end('bye');
    const c = client(await proxy(200));
    await c.ready;
    await until(() => c.ended());
    expect(c.text()).toBe('bye');
  });
});
