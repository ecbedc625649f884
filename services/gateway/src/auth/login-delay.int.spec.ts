import { randomUUID } from 'node:crypto';
import { createLogger, createRedisClient, redisKeys } from '@findclips/runtime';
import { LoginDelay } from './login-delay';

describe('the per-email login delay', () => {
  const redis = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
  const prefix = `fc:test:${randomUUID()}:`;
  beforeAll(() => redis.connect());
  afterAll(async () => {
    const keys: string[] = [];
    for await (const batch of redis.scanIterator({ MATCH: `${prefix}*` })) keys.push(...batch);
    if (keys.length) await redis.del(keys);
    await redis.quit();
  });

  const until = async (email: string) => Number(await redis.hGet(redisKeys(prefix).loginDelay(email), 'until'));

  it('doubles after the free failures and never exceeds a minute, however many failures (no 15-minute lock-out)', async () => {
    const delay = new LoginDelay(redis, prefix, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = 'owner@example.com';
    const waits: number[] = [];
    let last = 0;
    // Each attempt once the last one's delay is over, failing a second after its claim.
    let now = Date.now();
    for (let i = 0; i < 1_000; i++) {
      expect(await delay.claim(email, { now })).toBe(0);
      await delay.failed(email, now + 1_000);
      const wait = (await until(email)) - (now + 1_000);
      if (i >= 3 && i <= 8) waits.push(wait / 1000);
      now += 1_000 + Math.max(wait, 0);
      last = wait;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
    // Doubling stops at a minute.
    expect(last).toBe(60_000);
  });

  it('remembers failures for the whole window, not only while they come quickly', async () => {
    const delay = new LoginDelay(redis, prefix, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = `window-${randomUUID()}@example.com`;
    await delay.claim(email);
    await delay.failed(email);
    const ttl = await redis.ttl(redisKeys(prefix).loginDelay(email));
    expect(ttl).toBeGreaterThan(890);
    expect(ttl).toBeLessThanOrEqual(900);
  });

  it("trusts only a device cookie it signed for that email, and keeps it from the page's scripts and other paths", async () => {
    const delay = new LoginDelay(redis, prefix, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = `device-${randomUUID()}@example.com`;
    const cookie = jest.fn();
    await delay.succeeded({ secure: false } as never, { cookie } as never, email);
    const [name, value, options] = cookie.mock.calls[0]!;
    expect(options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/api/login' });
    const login = (email: string, device: string) => ({ body: { email }, headers: { cookie: `${name}=${device}` } }) as never;
    expect(delay.knownBrowser(login(email, value))).toBe(`device:${value.split('.')[0]}`);
    // Same length, one character of the signature changed: forged.
    const forged = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
    expect(delay.knownBrowser(login(email, forged))).toBeUndefined();
    expect(delay.knownBrowser(login(`other-${email}`, value))).toBeUndefined();
  });

  it('keys an email by its hash: a 100 kB email makes a short key, and no address is stored in plain text', async () => {
    const own = `fc:test:${randomUUID()}:`;
    const delay = new LoginDelay(redis, own, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = `${'a'.repeat(100_000)}@example.com`;
    await delay.claim(email);
    await delay.failed(email);
    const keys: string[] = [];
    for await (const batch of redis.scanIterator({ MATCH: `${own}*` })) keys.push(...batch);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.length > own.length + 80 || key.includes('example.com'))).toEqual([]);
    await redis.del(keys);
  });

  it('counts an attempt from its claim: of many sent together, the free ones and one more are checked', async () => {
    const delay = new LoginDelay(redis, prefix, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = 'burst@example.com';
    const now = Date.now();
    const waits = await Promise.all(Array.from({ length: 20 }, () => delay.claim(email, { now })));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    expect(new Set(waits.filter((wait) => wait > 0))).toEqual(new Set([1_000]));
    // A browser the account knows is never refused.
    expect(await delay.claim(email, { now, known: true })).toBe(0);
  });
});
