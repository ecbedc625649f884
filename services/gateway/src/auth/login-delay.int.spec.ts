import { randomUUID } from 'node:crypto';
import { createLogger, createRedisClient, redisKeys } from '@findclips/runtime';
import { LOGIN_DELAY_MAX_SECONDS, LoginDelay } from './login-delay';

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

  const waitAfter = async (email: string) => Number(await redis.hGet(redisKeys(prefix).loginDelay(email), 'until')) - Date.now();

  it('doubles after the free failures and never exceeds a minute, however many failures (no 15-minute lock-out)', async () => {
    const delay = new LoginDelay(redis, prefix, 3, 900, 'a-session-secret-of-at-least-32-characters');
    const email = 'owner@example.com';
    const waits: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      await delay.failed(email);
      if (i >= 3 && i <= 8) waits.push(Math.round((await waitAfter(email)) / 1000));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
    const longest = await waitAfter(email);
    expect(longest).toBeGreaterThan((LOGIN_DELAY_MAX_SECONDS - 1) * 1000);
    expect(longest).toBeLessThanOrEqual(LOGIN_DELAY_MAX_SECONDS * 1000);
  });
});
