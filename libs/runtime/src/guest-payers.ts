import { redisKeys } from './redis-keys';
import type { RedisClient } from './redis';

/**
 * Lua for the gateway's script that spends a guest's credit on a video to analyse: records the
 * guest as a payer of the video, with the credit's member in each window and the set of the
 * guest's paid videos, until the window ends. `payers` is `redisKeys.videoPayers`.
 */
export const RECORD_PAYER = `
local function recordPayer(payers, guestId, use, windows, videos, window)
  redis.call('HSET', payers, guestId, cjson.encode({ use = use, windows = windows, videos = videos }))
  redis.call('PEXPIRE', payers, window)
end
`;

/**
 * KEYS[1] the video's payers, ARGV[1] the video: every payer's credit back (out of each window,
 * the video out of their paid videos), and the payers gone. Returns the guests who got theirs back. It
 * writes keys it reads from the payers, not given as KEYS: one Redis, not a cluster (BullMQ's
 * queue, the sessions and the credits all assume one already).
 */
const REFUND = `
local payers = redis.call('HGETALL', KEYS[1])
local guests = {}
for i = 2, #payers, 2 do
  local paid = cjson.decode(payers[i])
  for _, window in ipairs(paid.windows) do redis.call('ZREM', window, paid.use) end
  redis.call('SREM', paid.videos, ARGV[1])
  guests[#guests + 1] = payers[i - 1]
end
redis.call('DEL', KEYS[1])
return guests`;

/**
 * The guests who paid a credit for a video whose analysis is under way, so that nobody pays for an
 * analysis they never got: the gateway records them as it spends (`RECORD_PAYER`), and the worker
 * gives every one their credit back when the video's shared analysis fails for good (until stop 65
 * a guest with 2 credits a day lost one to each failure: captions without words, a content-policy
 * refusal, YouTube refusing us past every retry). Once the analysis is stored its payers are
 * forgotten (`settled`), and a credit spent on an analysis already finished records nobody: they
 * had what they paid for.
 */
export class GuestPayers {
  // Left: a guest who pays in the moment between the refund and the job's end joins the failing job
  // unpaid back (their payer kept for the window); and with PostgreSQL away at the failure, a video
  // an earlier attempt did store pays its payers back too (a credit given, never one taken).
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
  ) {}

  /** The video's analysis is stored: its payers had it, and nothing is owed them. */
  async settled(videoId: string): Promise<void> {
    await this.redis.del(redisKeys(this.keyPrefix).videoPayers(videoId));
  }

  /** Gives each payer of the video their credit back; the guests who were. */
  async refund(videoId: string): Promise<string[]> {
    const refunded = await this.redis.eval(REFUND, {
      keys: [redisKeys(this.keyPrefix).videoPayers(videoId)],
      arguments: [videoId],
    });
    return (refunded as unknown[]).map(String);
  }
}
