import { redisKeys } from './redis-keys';
import type { RedisClient } from './redis';

/** What YouTube said of a video that no analysis can get past: gone, or no captions it will serve. */
export interface VideoFailure {
  code: 'VIDEO_UNAVAILABLE' | 'NO_TRANSCRIPT';
  message: string;
}

/**
 * How long a video's "unavailable" or "no captions" is believed: long enough that repeating a
 * dead link costs YouTube nothing, short enough that captions YouTube generates later are seen.
 */
export const FAILURE_CACHE_SECONDS = 10 * 60;

const REMEMBERED = new Set<string>(['VIDEO_UNAVAILABLE', 'NO_TRANSCRIPT'] satisfies VideoFailure['code'][]);

/**
 * Videos YouTube refused us lately, as the gateway's lookup found them or the worker's fetch of
 * their captions did: whoever asks for one within `FAILURE_CACHE_SECONDS` is told so, and nobody
 * pays for it or asks YouTube again.
 */
export class VideoFailures {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
  ) {}

  /** Whether a failure of this code is one to remember. */
  static remembers(code: string): code is VideoFailure['code'] {
    return REMEMBERED.has(code);
  }

  /**
   * Remembers the failure, and forgets what a lookup found before it (a video whose player lists
   * captions that its timedtext will not serve is looked up afresh once the failure is forgotten).
   */
  async remember(videoId: string, failure: VideoFailure): Promise<void> {
    const keys = redisKeys(this.keyPrefix);
    await this.redis
      .multi()
      .set(keys.metadataFailure(videoId), JSON.stringify(failure), { EX: FAILURE_CACHE_SECONDS })
      .del(keys.metadata(videoId))
      .exec();
  }

  async recall(videoId: string): Promise<VideoFailure | null> {
    const stored = await this.redis.get(redisKeys(this.keyPrefix).metadataFailure(videoId));
    return stored ? (JSON.parse(stored) as VideoFailure) : null;
  }
}
