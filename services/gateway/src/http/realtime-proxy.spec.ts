import type { IncomingMessage } from 'node:http';
import { INSTANCE_DOWN_MS, RealtimeInstances } from './realtime-proxy';

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

  it('moves only the clients of an instance that is down, and takes them back once its pause is over', () => {
    const instances = new RealtimeInstances(TARGETS);
    const before = new Map(keys.map((key) => [key, instances.pick(key, 0)]));
    instances.markDown(TARGETS[1], 0);
    for (const key of keys) {
      const now = instances.pick(key, 1);
      if (before.get(key) === TARGETS[1]) expect(now).not.toBe(TARGETS[1]);
      else expect(now).toBe(before.get(key));
    }
    for (const key of keys) expect(instances.pick(key, INSTANCE_DOWN_MS)).toBe(before.get(key));
  });

  it('still answers with an instance when every one is down', () => {
    const instances = new RealtimeInstances(TARGETS);
    for (const target of TARGETS) instances.markDown(target, 0);
    expect(TARGETS).toContain(instances.pick('g:someone', 1));
  });
});
