import { randomUUID } from 'node:crypto';
import { GUEST_CREDIT_WINDOW_SECONDS, GUEST_CREDITS } from '@findclips/contracts';
import type { RedisClient } from '@findclips/runtime';

/**
 * Spends one use of every rolling window in KEYS at once, or none: each key is a sorted set of
 * use times. ARGV: now (ms), window (ms), member, then one limit per key. Returns 0 when spent,
 * else the 1-based index of the first key whose limit is reached.
 */
const SPEND = `
local now, window, member = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
end
return 0`;

async function spend(redis: RedisClient, keys: string[], limits: number[], windowSeconds: number): Promise<number> {
  const now = Date.now();
  const result = await redis.eval(SPEND, {
    keys,
    arguments: [String(now), String(windowSeconds * 1000), `${now}:${randomUUID()}`, ...limits.map(String)],
  });
  return Number(result);
}

async function used(redis: RedisClient, key: string, windowSeconds: number): Promise<number> {
  return redis.zCount(key, Date.now() - windowSeconds * 1000, '+inf');
}

/** Guest credits: 2 new videos per rolling 24 h per guest, and a cap per IP address. */
export class GuestCredits {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly perIpPerDay: number,
  ) {}

  private guestKey = (guestId: string) => `${this.keyPrefix}credits:guest:${guestId}`;
  private ipKey = (ip: string) => `${this.keyPrefix}credits:ip:${ip}`;

  async left(guestId: string): Promise<number> {
    return Math.max(0, GUEST_CREDITS - (await used(this.redis, this.guestKey(guestId), GUEST_CREDIT_WINDOW_SECONDS)));
  }

  /** Spends a credit atomically: `guest` or `network` says which limit refused it. */
  async spend(guestId: string, ip: string): Promise<{ ok: true; left: number } | { ok: false; limit: 'guest' | 'network' }> {
    const refused = await spend(
      this.redis,
      [this.guestKey(guestId), this.ipKey(ip)],
      [GUEST_CREDITS, this.perIpPerDay],
      GUEST_CREDIT_WINDOW_SECONDS,
    );
    if (refused === 1) return { ok: false, limit: 'guest' };
    if (refused === 2) return { ok: false, limit: 'network' };
    return { ok: true, left: await this.left(guestId) };
  }
}

/** New analyses a member may start per rolling hour. */
export class MemberAnalysisLimit {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly perHour: number,
  ) {}

  async take(userId: number): Promise<boolean> {
    return (await spend(this.redis, [`${this.keyPrefix}analyses:user:${userId}`], [this.perHour], 60 * 60)) === 0;
  }
}
