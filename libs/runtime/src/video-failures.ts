import { redisKeys } from './redis-keys';
import type { RedisClient } from './redis';

/** What YouTube said of a video that no analysis can get past: gone, or no captions it will serve. */
interface VideoFailure {
  code: 'VIDEO_UNAVAILABLE' | 'NO_TRANSCRIPT';
  message: string;
}

/**
 * How long a video's "unavailable" or "no captions" is believed: long enough that repeating a
 * dead link costs YouTube nothing, short enough that captions YouTube generates later are seen.
 */
export const FAILURE_CACHE_SECONDS = 10 * 60;

/**
 * How a shared analysis ended in failure before the worker stored its video (no captions fetched
 * yet: YouTube unreachable, a bot check), so that a page that missed the live event is told it
 * too; there is no row to record it on.
 */
interface UnstoredFailure {
  code: string;
  message: string;
  categories: string[];
}

/** How long such a failure is told to who asks how the analysis stands (a new attempt replaces it). */
const UNSTORED_FAILURE_SECONDS = 24 * 60 * 60;

const REMEMBERED = new Set<string>(['VIDEO_UNAVAILABLE', 'NO_TRANSCRIPT'] satisfies VideoFailure['code'][]);

/**
 * Videos YouTube refused us lately, as the gateway's lookup found them or the worker's fetch of
 * their captions did: whoever asks for one within `FAILURE_CACHE_SECONDS` is told so, and nobody
 * pays for it or asks YouTube again. (Two keys, each written alone: no transaction across them.)
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

  /** Remembers the failure: whoever asks for the video is refused with it. */
  async remember(videoId: string, failure: VideoFailure): Promise<void> {
    await this.redis.set(redisKeys(this.keyPrefix).metadataFailure(videoId), JSON.stringify(failure), {
      EX: FAILURE_CACHE_SECONDS,
    });
  }

  /**
   * A video whose player lists captions that have no words: what the lookup found of it now says
   * it has none, for `FAILURE_CACHE_SECONDS`. Whoever asks to analyse it is refused free, as for a
   * video without captions, while a member may still bring their own.
   */
  async noCaptions(videoId: string): Promise<void> {
    const key = redisKeys(this.keyPrefix).metadata(videoId);
    const found = await this.redis.get(key);
    if (found)
      await this.redis.set(key, JSON.stringify({ ...JSON.parse(found), hasCaptions: false }), { EX: FAILURE_CACHE_SECONDS });
  }

  /** Records how a shared analysis failed before its video was stored (see `UnstoredFailure`). */
  async analysisFailed(videoId: string, failure: UnstoredFailure): Promise<void> {
    await this.redis.set(redisKeys(this.keyPrefix).unstoredFailure(videoId), JSON.stringify(failure), {
      EX: UNSTORED_FAILURE_SECONDS,
    });
  }

  /** How the last shared analysis of a video we have no row for failed; null when none did lately. */
  async lastAnalysisFailure(videoId: string): Promise<UnstoredFailure | null> {
    const stored = await this.redis.get(redisKeys(this.keyPrefix).unstoredFailure(videoId));
    return stored ? (JSON.parse(stored) as UnstoredFailure) : null;
  }

  async recall(videoId: string): Promise<VideoFailure | null> {
    const stored = await this.redis.get(redisKeys(this.keyPrefix).metadataFailure(videoId));
    return stored ? (JSON.parse(stored) as VideoFailure) : null;
  }
}
