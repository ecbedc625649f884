import { AppError } from '@findclips/contracts';
import type { RedisClient } from '@findclips/runtime';
import { YoutubeError, type VideoDetails, type YoutubeClient } from '@findclips/youtube';
import type { VideosRepository } from './videos.repository';

export type VideoMetadata = Pick<VideoDetails, 'videoId' | 'title' | 'thumbnailUrl' | 'channelTitle' | 'durationSeconds'>;

const CACHE_SECONDS = 24 * 60 * 60;

/** A YouTube failure as the caller's error. */
export function youtubeFailure(error: unknown): unknown {
  return error instanceof YoutubeError ? new AppError(error.code, error.message) : error;
}

/**
 * A video's title, thumbnail and duration for the limit checks: from our database when we have
 * the video, else from Redis, else one player call to YouTube shared by every concurrent request.
 */
export class VideoMetadataService {
  private readonly inFlight = new Map<string, Promise<VideoMetadata>>();

  constructor(
    private readonly videos: VideosRepository,
    private readonly youtube: YoutubeClient,
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
  ) {}

  async get(videoId: string): Promise<VideoMetadata> {
    const stored = await this.videos.describeVideo(videoId);
    if (stored?.durationSeconds) {
      return {
        videoId,
        title: stored.title ?? '',
        thumbnailUrl: stored.thumbnailUrl ?? `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        channelTitle: stored.channelTitle,
        durationSeconds: stored.durationSeconds,
      };
    }
    const key = `${this.keyPrefix}meta:${videoId}`;
    const cached = await this.redis.get(key);
    if (cached) return JSON.parse(cached) as VideoMetadata;

    let pending = this.inFlight.get(videoId);
    if (!pending) {
      pending = this.youtube
        .fetchDetails(videoId)
        .then(async ({ videoId: id, title, thumbnailUrl, channelTitle, durationSeconds }) => {
          const metadata = { videoId: id, title, thumbnailUrl, channelTitle, durationSeconds };
          await this.redis.set(key, JSON.stringify(metadata), { EX: CACHE_SECONDS });
          return metadata;
        })
        .finally(() => this.inFlight.delete(videoId));
      this.inFlight.set(videoId, pending);
    }
    return pending.catch((error: unknown) => {
      throw youtubeFailure(error);
    });
  }
}
