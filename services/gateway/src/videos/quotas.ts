import { randomUUID } from 'node:crypto';
import { GUEST_CREDIT_WINDOW_SECONDS, GUEST_CREDITS } from '@findclips/contracts';
import { RECORD_PAYER, redisKeys, type RedisClient } from '@findclips/runtime';

/**
 * Lua, shared by the scripts below: Redis's own clock in ms. The windows are counted by it, not by
 * each gateway's: a gateway whose clock runs 10 minutes fast would otherwise let uses out of a
 * window 10 minutes early (and its uses expire by Redis's clock anyway).
 */
const NOW = `
local function nowMs()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
`;

/**
 * Lua, shared by the scripts below: spends one use of every rolling window in `keys` at once, or
 * none. Each key is a sorted set of use times, `limits[i]` its limit. Returns { 0, 0 } when spent,
 * else { i, ms }: the 1-based index of the first key whose limit is reached, and how long until its
 * oldest use leaves the window.
 */
const SPEND_WINDOWS =
  NOW +
  `
local function spendWindows(keys, limits, now, window, member)
  for i, key in ipairs(keys) do
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
    if redis.call('ZCARD', key) >= limits[i] then
      local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
      return { i, tonumber(oldest[2]) + window - now }
    end
  end
  for _, key in ipairs(keys) do
    redis.call('ZADD', key, now, member)
    redis.call('PEXPIRE', key, window)
  end
  return { 0, 0 }
end
`;

/** The windows KEYS. ARGV: (unused), window (ms), member, then one limit per key. */
const SPEND =
  SPEND_WINDOWS +
  `
local limits = {}
for i = 1, #KEYS do limits[i] = tonumber(ARGV[3 + i]) end
return spendWindows(KEYS, limits, nowMs(), tonumber(ARGV[2]), ARGV[3])`;

/**
 * A guest's credit for one video, spent at most once however many requests race: KEYS[1] is the
 * set of videos the guest paid for in the window, KEYS[2] and KEYS[3] the credit windows (as
 * SPEND), KEYS[4] the video's payers (`GuestPayers`). ARGV: (unused), window, member, video id, one
 * limit per window, the guest's id, and '1' when the credit pays for an analysis still to come (its
 * payer is recorded, to be paid back should it fail). Returns { -1, left } when the video is
 * already paid for, { 0, left } when this request paid for it, else { SPEND's index, 0 }: `left` is
 * what the windows leave after it, read in the same step, so racing requests for other videos each
 * see their own spend.
 */
const SPEND_ON_VIDEO =
  SPEND_WINDOWS +
  RECORD_PAYER +
  `
local now, window = nowMs(), tonumber(ARGV[2])
local windows, limits = { KEYS[2], KEYS[3] }, { tonumber(ARGV[5]), tonumber(ARGV[6]) }
local function left()
  local least = nil
  for i, key in ipairs(windows) do
    local free = limits[i] - redis.call('ZCOUNT', key, now - window, '+inf')
    if least == nil or free < least then least = free end
  end
  return math.max(0, least)
end
if redis.call('SISMEMBER', KEYS[1], ARGV[4]) == 1 then return { -1, left() } end
local spent = spendWindows(windows, limits, now, window, ARGV[3])
if spent[1] ~= 0 then return { spent[1], 0 } end
redis.call('SADD', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
if ARGV[8] == '1' then recordPayer(KEYS[4], ARGV[7], ARGV[3], windows, KEYS[1], window) end
return { 0, left() }`;

/**
 * An analysis of one job, paid once however many requests (of one member or several) race for it: KEYS[1] marks the
 * job as paid for moments ago (PX ARGV[5]), KEYS[2] is the hourly window (ARGV as SPEND, one
 * limit). Returns SPEND's answer; { 0, 0 } without spending when the job is already paid for.
 */
const SPEND_ON_JOB =
  SPEND_WINDOWS +
  `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', tonumber(ARGV[5])) == false then return { 0, 0 } end
local spent = spendWindows({ KEYS[2] }, { tonumber(ARGV[4]) }, nowMs(), tonumber(ARGV[2]), ARGV[3])
if spent[1] ~= 0 then redis.call('DEL', KEYS[1]) end
return spent`;

/** The uses KEYS[1] holds in its window (ARGV[1] ms), and ms until the oldest leaves it (0: none). */
const USED =
  NOW +
  `
local now, window = nowMs(), tonumber(ARGV[1])
local count = redis.call('ZCOUNT', KEYS[1], now - window, '+inf')
local oldest = redis.call('ZRANGE', KEYS[1], now - window, '+inf', 'BYSCORE', 'LIMIT', 0, 1, 'WITHSCORES')
if #oldest == 0 then return { count, 0 } end
return { count, tonumber(oldest[2]) + window - now }`;

/** At most how long a request that paid for a job makes others join it, until the job is queued (see `queued`). */
const JOIN_PAID_MS = 60_000;

const useId = () => randomUUID();

/**
 * Spends one use of each window, or says which refused and for how long (seconds): SPEND, or
 * another script answering as it does (`extra` arguments after the limits).
 */
async function spend(
  redis: RedisClient,
  keys: string[],
  limits: number[],
  windowSeconds: number,
  { script = SPEND, extra = [] }: { script?: string; extra?: string[] } = {},
): Promise<{ refused: number; retryAfterSeconds: number; use: string }> {
  const use = useId();
  const [refused, retryMs] = (await redis.eval(script, {
    keys,
    arguments: ['', String(windowSeconds * 1000), use, ...limits.map(String), ...extra],
  })) as [number, number];
  return { refused: Number(refused), retryAfterSeconds: Math.max(1, Math.ceil(Number(retryMs) / 1000)), use };
}

/** The uses in a rolling window, and seconds until the oldest leaves it (1 at least), by Redis's clock. */
async function window(redis: RedisClient, key: string, windowSeconds: number): Promise<{ used: number; freeIn: number }> {
  const [used, ms] = (
    (await redis.eval(USED, { keys: [key], arguments: [String(windowSeconds * 1000)] })) as [number, number]
  ).map(Number) as [number, number];
  return { used, freeIn: Math.max(1, Math.ceil(ms / 1000)) };
}

const used = async (redis: RedisClient, key: string, windowSeconds: number) => (await window(redis, key, windowSeconds)).used;
const freeIn = async (redis: RedisClient, key: string, windowSeconds: number) => (await window(redis, key, windowSeconds)).freeIn;

export type CreditRefusal = 'guest' | 'network';

/**
 * Guest credits: 2 new videos per rolling 24 h per guest, and a cap per client address (IPv6 by
 * /64, so one connection's addresses count once).
 */
export class GuestCredits {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly perAddressPerDay: number,
  ) {}

  private guestKey = (guestId: string) => redisKeys(this.keyPrefix).guestCredits(guestId);
  private addressKey = (ip: string) => redisKeys(this.keyPrefix).addressCredits(ip);
  private videosKey = (guestId: string) => redisKeys(this.keyPrefix).guestVideos(guestId);

  /** The guest's own credits and what their network has left today. */
  private async remaining(guestId: string, ip: string): Promise<{ own: number; network: number }> {
    const [own, network] = await Promise.all([
      used(this.redis, this.guestKey(guestId), GUEST_CREDIT_WINDOW_SECONDS),
      used(this.redis, this.addressKey(ip), GUEST_CREDIT_WINDOW_SECONDS),
    ]);
    return { own: Math.max(0, GUEST_CREDITS - own), network: Math.max(0, this.perAddressPerDay - network) };
  }

  /**
   * New videos the guest can still analyse (their credits, no more than their network has left),
   * and which limit refuses a new one now, if any: checked before any YouTube lookup.
   */
  async standing(guestId: string, ip: string): Promise<{ left: number; refused: CreditRefusal | null }> {
    const { own, network } = await this.remaining(guestId, ip);
    return { left: Math.min(own, network), refused: own === 0 ? 'guest' : network === 0 ? 'network' : null };
  }

  async left(guestId: string, ip: string): Promise<number> {
    return (await this.standing(guestId, ip)).left;
  }

  /** Whether the guest has paid for this video in the window (it re-opens for free). */
  async paidFor(guestId: string, videoId: string): Promise<boolean> {
    return Boolean(await this.redis.sIsMember(this.videosKey(guestId), videoId));
  }

  /** Seconds until a new video can be had: the later of the two limits when both are reached. */
  async retryAfter(guestId: string, ip: string): Promise<number> {
    const { own, network } = await this.remaining(guestId, ip);
    const waits = await Promise.all(
      [own === 0 && this.guestKey(guestId), network === 0 && this.addressKey(ip)]
        .filter((key): key is string => Boolean(key))
        .map((key) => freeIn(this.redis, key, GUEST_CREDIT_WINDOW_SECONDS)),
    );
    return Math.max(1, ...waits);
  }

  /**
   * Spends a credit on `videoId` in one atomic step: parallel requests for one video spend once
   * (`paid: false` for all but one); `refused` says which limit refused it. A credit spent on an
   * analysis still to come (not `finished`) comes back if it fails (`GuestPayers`).
   */
  async spendOn(
    guestId: string,
    ip: string,
    videoId: string,
    { finished }: { finished: boolean },
  ): Promise<{ ok: true; paid: boolean; left: number; use: string } | { ok: false; refused: CreditRefusal }> {
    const use = useId();
    const [result, left] = (
      (await this.redis.eval(SPEND_ON_VIDEO, {
        keys: [
          this.videosKey(guestId),
          this.guestKey(guestId),
          this.addressKey(ip),
          redisKeys(this.keyPrefix).videoPayers(videoId),
        ],
        arguments: [
          '',
          String(GUEST_CREDIT_WINDOW_SECONDS * 1000),
          use,
          videoId,
          String(GUEST_CREDITS),
          String(this.perAddressPerDay),
          guestId,
          finished ? '0' : '1',
        ],
      })) as [number, number]
    ).map(Number) as [number, number];
    if (result === 1) return { ok: false, refused: 'guest' };
    if (result === 2) return { ok: false, refused: 'network' };
    return { ok: true, paid: result === 0, left, use };
  }

  /** Gives back the credit `use` spent on `videoId`, for an analysis the guest never had (the request failed on the way). */
  async giveBack(guestId: string, ip: string, videoId: string, use: string): Promise<void> {
    await this.redis
      .multi()
      .zRem(this.guestKey(guestId), use)
      .zRem(this.addressKey(ip), use)
      .sRem(this.videosKey(guestId), videoId)
      .hDel(redisKeys(this.keyPrefix).videoPayers(videoId), guestId)
      .exec();
  }
}

/** New analyses a member may start per rolling hour. */
export class MemberAnalysisLimit {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly perHour: number,
  ) {}

  /**
   * Takes one analysis for the job `jobKey` (see `analysisJobKey`), or answers how many seconds
   * until one is free. Requests racing the one that paid for the same job take nothing: they join
   * the job it queued, whether the member's own (a double submit) or another's (members pasting a
   * new video at the same moment: one job, one paid). `use` names the use taken, for `giveBack`.
   */
  async take(userId: number, jobKey: string): Promise<{ ok: true; use: string } | { ok: false; retryAfterSeconds: number }> {
    const keys = redisKeys(this.keyPrefix);
    const { refused, retryAfterSeconds, use } = await spend(
      this.redis,
      [keys.paidJob(jobKey), keys.memberAnalyses(userId)],
      [this.perHour],
      60 * 60,
      { script: SPEND_ON_JOB, extra: [String(JOIN_PAID_MS)] },
    );
    return refused === 0 ? { ok: true, use } : { ok: false, retryAfterSeconds };
  }

  /** Gives back a use taken for a job that was never queued (the request failed on the way). */
  async giveBack(userId: number, use: string): Promise<void> {
    await this.redis.zRem(redisKeys(this.keyPrefix).memberAnalyses(userId), use);
  }

  /**
   * Once the paid job is queued, requests for it join it through the queue: the mark goes, so
   * that a new job for the same video (after this one ends) is paid for again.
   */
  async queued(jobKey: string): Promise<void> {
    await this.redis.del(redisKeys(this.keyPrefix).paidJob(jobKey));
  }
}

/**
 * How many of the service's YouTube lookups a minute one network may take (a fifth, and never
 * fewer than one address may): several networks are needed to use them all.
 */
const NETWORK_SHARE_OF_LOOKUPS = 1 / 5;

/**
 * YouTube lookups (a video we know nothing about) per client address, per network (`clientNetworkKey`:
 * an IPv4 /24, an IPv6 /48) and for the whole service per minute, so nobody can make us hammer
 * YouTube into blocking our address for every user, nor one network (a /48's 65,536 /64s, each an
 * address) take every lookup of the minute from everyone else.
 */
export class YoutubeLookupLimit {
  private readonly perNetworkPerMinute: number;

  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly perAddressPerMinute: number,
    private readonly perMinute: number,
  ) {
    this.perNetworkPerMinute = Math.max(perAddressPerMinute, Math.floor(perMinute * NETWORK_SHARE_OF_LOOKUPS));
  }

  /** Takes one lookup, or answers which limit refused it and how many seconds until one is free. */
  async take(ip: string): Promise<{ ok: true } | { ok: false; scope: 'network' | 'service'; retryAfterSeconds: number }> {
    const keys = redisKeys(this.keyPrefix);
    const { refused, retryAfterSeconds } = await spend(
      this.redis,
      [keys.addressLookups(ip), keys.networkLookups(ip), keys.allLookups],
      [this.perAddressPerMinute, this.perNetworkPerMinute, this.perMinute],
      60,
    );
    if (refused === 0) return { ok: true };
    return { ok: false, scope: refused === 3 ? 'service' : 'network', retryAfterSeconds };
  }
}
