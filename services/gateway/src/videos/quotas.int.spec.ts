import { randomUUID } from 'node:crypto';
import { GUEST_CREDITS } from '@findclips/contracts';
import { createLogger, createRedisClient, type RedisClient } from '@findclips/runtime';
import { GuestCredits, MemberAnalysisLimit, YoutubeLookupLimit } from './quotas';

/**
 * The limits' rolling windows on the real Redis, from gateways whose clocks disagree: every
 * gateway of a deployment shares the windows, so they are counted by one clock, Redis's.
 */
describe('rolling windows across gateways whose clocks disagree', () => {
  let redis: RedisClient;
  const keyPrefix = `fc:test:${randomUUID()}:`;
  const address = '203.0.113.9';
  beforeAll(async () => {
    redis = createRedisClient(process.env.REDIS_URL!, createLogger('gateway', 'silent'));
    await redis.connect();
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    for await (const keys of redis.scanIterator({ MATCH: `${keyPrefix}*` })) if (keys.length) await redis.del(keys);
    await redis.quit();
  });

  /** This process's clock, from now on, as a gateway host's running `minutes` fast. */
  const clockFast = (minutes: number) => {
    const real = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => real() + minutes * 60_000);
  };

  it("a member's hour is an hour whatever the clock of the gateway that asks", async () => {
    const limit = new MemberAnalysisLimit(redis, keyPrefix, 2);
    expect((await limit.take(1, 'shared.videoAAAAAA')).ok).toBe(true);
    expect((await limit.take(1, 'shared.videoBBBBBB')).ok).toBe(true);
    // Another gateway, its clock 50 minutes fast: the two uses are still in the hour.
    clockFast(50);
    const refused = await limit.take(1, 'shared.videoCCCCCC');
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(59 * 60);
  });

  it("a guest's credits and their wait are the same from a gateway whose clock runs fast", async () => {
    const credits = new GuestCredits(redis, keyPrefix, 10);
    for (let i = 0; i < GUEST_CREDITS; i++)
      expect(await credits.spendOn('guest-skew', address, `videoGuest${i}`, { finished: false })).toMatchObject({ ok: true });
    clockFast(23 * 60);
    expect(await credits.standing('guest-skew', address)).toEqual({ left: 0, refused: 'guest' });
    expect(await credits.spendOn('guest-skew', address, 'videoGuestX', { finished: false })).toEqual({
      ok: false,
      refused: 'guest',
    });
    expect(await credits.retryAfter('guest-skew', address)).toBeGreaterThan(23 * 60 * 60);
  });

  it('a minute of YouTube lookups is a minute on every gateway', async () => {
    const lookups = new YoutubeLookupLimit(redis, keyPrefix, 1, 100);
    expect(await lookups.take(address)).toEqual({ ok: true });
    clockFast(2);
    expect(await lookups.take(address)).toMatchObject({ ok: false, scope: 'address' });
  });
});
