import { AppError, fallbackThumbnail } from '@findclips/contracts';
import { FAILURE_CACHE_SECONDS, redisKeys, VideoFailures, type RedisClient } from '@findclips/runtime';
import { YoutubeError, type VideoDetails, type YoutubeClient } from '@findclips/youtube';
import type { YoutubeLookupLimit } from './quotas';
import type { CachedVideos } from '@findclips/db';

export type VideoMetadata = Pick<VideoDetails, 'videoId' | 'title' | 'thumbnailUrl' | 'channelTitle' | 'durationSeconds'>;

/** What the limit checks know of a video: its metadata, and whether it has captions at all. */
export type VideoFacts = VideoMetadata & { hasCaptions: boolean };

const CACHE_SECONDS = 24 * 60 * 60;

const lookupMessages = {
  tooMany: (seconds: number) =>
    `Too many new videos looked up from this network. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  busy: (seconds: number) =>
    `We are looking up too many new videos right now. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** A YouTube failure as the caller's error. */
export function youtubeFailure(error: unknown): unknown {
  return error instanceof YoutubeError ? new AppError(error.code, error.message, { cause: error }) : error;
}

/** The facts without what only the limit checks need: what GET /api/videos/metadata/{id} answers. */
export const publicMetadata = ({
  videoId,
  title,
  thumbnailUrl,
  channelTitle,
  durationSeconds,
}: VideoMetadata): VideoMetadata => ({
  videoId,
  title,
  thumbnailUrl,
  channelTitle,
  durationSeconds,
});

/**
 * How long a lookup may take in all: a page and the player, a consent page between (each request
 * has YOUTUBE_TIMEOUT_MS, 15 s), under the app's API_ANSWER_TIMEOUT_MS (a lookup of 45 s had the
 * page say 'did not answer in time' while the gateway went on and spent the credit).
 */
const LOOKUP_DEADLINE_MS = 20_000;

/** How long a finished lookup is still shared with requests that missed its answer in Redis. */
const LINGER_MS = 2_000;

/**
 * A video's title, thumbnail, duration and captions for the limit checks: from our database when
 * we have the video, else from Redis, else one player call to YouTube shared by every concurrent
 * request. A lookup counts against the client's address and the service's limits (429 with
 * Retry-After past them); a video found unavailable or without captions is remembered for a while.
 */
export class VideoMetadataService {
  private readonly inFlight = new Map<string, Promise<VideoFacts>>();
  private readonly failures: VideoFailures;

  constructor(
    private readonly cached: CachedVideos,
    private readonly youtube: YoutubeClient,
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly lookups: YoutubeLookupLimit,
    private readonly deadlineMs = LOOKUP_DEADLINE_MS,
  ) {
    this.failures = new VideoFailures(redis, keyPrefix);
  }

  /**
   * What we know of a video without asking YouTube: from our database or Redis; null when neither
   * has it. A video remembered as unavailable or without captions throws, as `get` does.
   */
  async known(videoId: string): Promise<VideoFacts | null> {
    const stored = await this.cached.describe(videoId);
    // A row stored for want of captions (a member's own captions were analysed, or the analysis
    // found none) says nothing of YouTube's captions now: YouTube is asked, as for a new video.
    const noCaptions = stored?.analysisStatus === 'failed' && stored.errorType === 'NO_TRANSCRIPT';
    if (stored?.durationSeconds && !noCaptions) {
      return {
        videoId,
        title: stored.title ?? '',
        thumbnailUrl: stored.thumbnailUrl ?? fallbackThumbnail(videoId),
        channelTitle: stored.channelTitle,
        durationSeconds: stored.durationSeconds,
        hasCaptions: true,
      };
    }
    const key = redisKeys(this.keyPrefix).metadata(videoId);
    // Remembered from a lookup, or from the analysis that fetched the captions.
    const [cached, failed] = await Promise.all([this.redis.get(key), this.failures.recall(videoId)]);
    if (failed) throw new AppError(failed.code, failed.message);
    return cached ? { hasCaptions: true, ...(JSON.parse(cached) as VideoMetadata & { hasCaptions?: boolean }) } : null;
  }

  /** `client` is the caller's address, for the lookup limit. */
  async get(videoId: string, client: string): Promise<VideoFacts> {
    return (await this.known(videoId)) ?? this.ask(videoId, client);
  }

  /** What `known` did not have, from YouTube: one call shared by every concurrent request. */
  async ask(videoId: string, client: string): Promise<VideoFacts> {
    const key = redisKeys(this.keyPrefix).metadata(videoId);
    let pending = this.inFlight.get(videoId);
    if (!pending) {
      const allowed = await this.lookups.take(client);
      if (!allowed.ok) {
        const message = allowed.scope === 'network' ? lookupMessages.tooMany : lookupMessages.busy;
        throw new AppError('RATE_LIMITED', message(allowed.retryAfterSeconds), {
          retryAfterSeconds: allowed.retryAfterSeconds,
        });
      }
      // Another request may have started the same lookup while we waited for the limit.
      if (!this.inFlight.has(videoId)) {
        const lookup = this.lookUp(videoId, key);
        const forget = () => this.inFlight.get(videoId) === lookup && this.inFlight.delete(videoId);
        // An answer is kept a moment: a request that read Redis before it was stored joins it, not
        // a second call. A failure is forgotten at once, so the next request tries again.
        lookup.then(() => setTimeout(forget, LINGER_MS).unref(), forget);
        this.inFlight.set(videoId, lookup);
      }
      pending = this.inFlight.get(videoId)!;
    }
    return pending.catch((error: unknown) => {
      throw youtubeFailure(error);
    });
  }

  private async lookUp(videoId: string, key: string): Promise<VideoFacts> {
    try {
      const { title, thumbnailUrl, channelTitle, durationSeconds, hasCaptions } = await this.youtube.fetchDetails(
        videoId,
        AbortSignal.timeout(this.deadlineMs),
      );
      const facts: VideoFacts = { videoId, title, thumbnailUrl, channelTitle, durationSeconds, hasCaptions };
      await this.redis.set(key, JSON.stringify(facts), { EX: hasCaptions ? CACHE_SECONDS : FAILURE_CACHE_SECONDS });
      return facts;
    } catch (error) {
      if (error instanceof YoutubeError && VideoFailures.remembers(error.code)) {
        await this.failures.remember(videoId, { code: error.code, message: error.message });
      }
      throw error;
    }
  }
}
