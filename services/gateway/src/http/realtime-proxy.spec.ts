import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealtimeInstances } from './realtime-proxy';

const TARGETS: [string, string, string] = ['http://rt-1:3001', 'http://rt-2:3001', 'http://rt-3:3001'];
const keys = Array.from({ length: 3_000 }, (_, i) => `g:guest-${i}`);
const request = (cookie: string | undefined, remoteAddress = '10.0.0.7') =>
  ({ headers: cookie ? { cookie } : {}, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('choosing the realtime instance of a client', () => {
  it('pins a client by its session cookie, else its guest cookie, else its address', () => {
    expect(RealtimeInstances.clientKey(request('fc.sid=s%3Aabc; gid=guest-1'))).toBe('s:s:abc');
    expect(RealtimeInstances.clientKey(request('gid=guest-1'))).toBe('g:guest-1');
    expect(RealtimeInstances.clientKey(request(undefined, '10.1.2.3'))).toBe('a:10.1.2.3');
  });

  it('gives a key the same instance every time, in every gateway, and spreads keys evenly', () => {
    const one = new RealtimeInstances(TARGETS);
    const another = new RealtimeInstances([...TARGETS]);
    const counts = new Map<string, number>();
    for (const key of keys) {
      const target = one.pick(key);
      expect(one.pick(key)).toBe(target);
      expect(another.pick(key)).toBe(target);
      counts.set(target, (counts.get(target) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(TARGETS);
    for (const count of counts.values()) expect(count / keys.length).toBeGreaterThan(0.28); // a third each, give or take
  });

  it('moves only the clients of an instance that is down, and takes them back only once it answers a probe', async () => {
    // Three instances' GET /healthz: the second answers as the test says, or hangs (a stopped process refuses nothing).
    let second: 'up' | 'hung' | 'down' = 'up';
    const servers = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const server = createServer((req, res) => {
          if (i === 1 && second === 'hung') return; // never answers
          res.writeHead(i === 1 && second === 'down' ? 503 : 200).end('{"status":"ok"}');
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    try {
      const targets = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`) as [
        string,
        string,
        string,
      ];
      const instances = new RealtimeInstances(targets);
      const before = new Map(keys.map((key) => [key, instances.pick(key)]));
      const movedOnly = () => {
        for (const key of keys) {
          const now = instances.pick(key);
          if (before.get(key) === targets[1]) expect(now).not.toBe(targets[1]);
          else expect(now).toBe(before.get(key));
        }
      };
      // Refused by the proxy: passed over until it answers a probe, however long that takes.
      instances.markDown(targets[1]);
      movedOnly();
      second = 'down';
      await instances.probe(targets[1]);
      movedOnly();
      second = 'up';
      await instances.probe(targets[1]);
      for (const key of keys) expect(instances.pick(key)).toBe(before.get(key));
      // Hung: its probe times out, and its clients move.
      second = 'hung';
      await instances.probe(targets[1]);
      movedOnly();
    } finally {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it("drops an instance's clients once it has missed two probes while another answers, and only then", async () => {
    // Two instances' GET /healthz, each answering 200 or 503 as the test says.
    const answering = [true, true];
    const servers = await Promise.all(
      [0, 1].map(async (i) => {
        const server = createServer((_req, res) => res.writeHead(answering[i] ? 200 : 503).end());
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    try {
      const targets = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`) as [string, string];
      const lost: string[] = [];
      const instances = new RealtimeInstances(targets, (target) => lost.push(target));
      // Neither answers (the gateway stalled, or every instance did): nowhere better to send anyone.
      answering.fill(false);
      for (let i = 0; i < 3; i++) await instances.round();
      expect(lost).toEqual([]);
      // The first answers again: the second, still silent, is dropped once, however long it stays so.
      answering[0] = true;
      await instances.round();
      await instances.round();
      expect(lost).toEqual([targets[1]]);
      // Back, then silent twice more: dropped again; once silent, it is not chosen.
      answering[1] = true;
      await instances.round();
      answering[1] = false;
      await instances.round();
      expect(lost).toEqual([targets[1]]);
      await instances.round();
      expect(lost).toEqual([targets[1], targets[1]]);
      expect(new Set(keys.map((key) => instances.pick(key)))).toEqual(new Set([targets[0]]));
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('still answers with an instance when every one is down', () => {
    const instances = new RealtimeInstances(TARGETS);
    for (const target of TARGETS) instances.markDown(target);
    expect(TARGETS).toContain(instances.pick('g:someone'));
  });
});
