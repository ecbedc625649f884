import { randomUUID } from 'node:crypto';
import { GUEST_CREDITS } from '@findclips/contracts';
import { createLogger, createRedisClient, GuestPayers, type RedisClient } from '@findclips/runtime';
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
    expect(await lookups.take(address)).toMatchObject({ ok: false, scope: 'network' });
  });

  it('gives a credit back when the analysis it paid for fails, never one spent on an analysis already finished', async () => {
    const credits = new GuestCredits(redis, keyPrefix, 10);
    const payers = new GuestPayers(redis, keyPrefix);
    expect(await credits.spendOn('guest-finished', address, 'videoDone00', { finished: true })).toMatchObject({
      ok: true,
      left: 1,
    });
    // A later job of that video failing owes nothing to a guest who had its analysis.
    expect(await payers.refund('videoDone00')).toEqual([]);
    expect(await credits.left('guest-finished', address)).toBe(1);
    expect(await credits.spendOn('guest-finished', address, 'videoFails0', { finished: false })).toMatchObject({
      ok: true,
      left: 0,
    });
    expect(await payers.refund('videoFails0')).toEqual(['guest-finished']);
    expect(await credits.left('guest-finished', address)).toBe(1);
  });

  it("says a refused member's wait in whole seconds, rounded up: never a second early", async () => {
    const limit = new MemberAnalysisLimit(redis, `${keyPrefix}rounding:`, 1);
    expect((await limit.take(2, 'shared.videoDDDDDD')).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await limit.take(2, 'shared.videoEEEEEE')).toEqual({ ok: false, retryAfterSeconds: 60 * 60 });
  });

  it("refuses a guest out of both their credits and their network's for their own credits, until the later of the two frees one", async () => {
    // The guest's first credit, from another network, a second before the one that fills this one.
    const credits = new GuestCredits(redis, keyPrefix, 1);
    const network = '192.0.2.44';
    expect(await credits.spendOn('guest-both', '198.51.100.7', 'videoBoth01', { finished: false })).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await credits.spendOn('guest-both', network, 'videoBoth02', { finished: false })).toMatchObject({ ok: true });
    expect(await credits.standing('guest-both', address)).toEqual({ left: 0, refused: 'guest' });
    expect(await credits.spendOn('guest-both', network, 'videoBoth03', { finished: false })).toEqual({
      ok: false,
      refused: 'guest',
    });
    // The network's last use is the later one to leave the day.
    expect(await credits.retryAfter('guest-both', network)).toBe(24 * 60 * 60);
  });

  it('leaves a new guest no more videos than their network has left today', async () => {
    const credits = new GuestCredits(redis, keyPrefix, 3);
    const network = '192.0.2.45';
    for (const videoId of ['videoNet001', 'videoNet002'])
      expect(await credits.spendOn('guest-first', network, videoId, { finished: false })).toMatchObject({ ok: true });
    expect(await credits.standing('guest-next', network)).toEqual({ left: 1, refused: null });
    expect(await credits.spendOn('guest-next', network, 'videoNet003', { finished: false })).toMatchObject({ ok: true, left: 0 });
    expect(await credits.standing('guest-next', network)).toEqual({ left: 0, refused: 'network' });
    expect(await credits.spendOn('guest-next', network, 'videoNet004', { finished: false })).toEqual({
      ok: false,
      refused: 'network',
    });
  });

  it('gives back both the credit and the network its failed request spent, and the video is unpaid again', async () => {
    const credits = new GuestCredits(redis, keyPrefix, 1);
    const network = '192.0.2.46';
    const spent = await credits.spendOn('guest-back', network, 'videoBack01', { finished: false });
    expect(spent).toMatchObject({ ok: true, paid: true });
    expect(await credits.standing('guest-back', network)).toEqual({ left: 0, refused: 'network' });
    await credits.giveBack('guest-back', network, 'videoBack01', spent.ok ? spent.use : '');
    expect(await credits.standing('guest-back', network)).toEqual({ left: 1, refused: null });
    // Their own 2, as a network with room shows them.
    expect(await new GuestCredits(redis, keyPrefix, 10).left('guest-back', '192.0.2.47')).toBe(GUEST_CREDITS);
    expect(await credits.paidFor('guest-back', 'videoBack01')).toBe(false);
  });

  it('keeps refusing a member past the hourly limit however often they ask for the refused video again', async () => {
    const limit = new MemberAnalysisLimit(redis, `${keyPrefix}again:`, 1);
    expect((await limit.take(3, 'shared.videoFFFFFF')).ok).toBe(true);
    expect(await limit.take(3, 'shared.videoGGGGGG')).toMatchObject({ ok: false });
    expect(await limit.take(3, 'shared.videoGGGGGG')).toMatchObject({ ok: false });
  });

  it('refuses a YouTube lookup past the service-wide limit from any address, for at most the minute', async () => {
    const lookups = new YoutubeLookupLimit(redis, `${keyPrefix}service:`, 100, 1);
    expect(await lookups.take('192.0.2.48')).toEqual({ ok: true });
    expect(await lookups.take('192.0.2.49')).toEqual({ ok: false, scope: 'service', retryAfterSeconds: 60 });
  });
});
