import type { AnalysisStatus } from '@findclips/contracts';
import { CachedYoutubeDataEntity, GuestVideoAnalysisEntity, UserVideoAnalysisEntity, VideoEntity } from '@findclips/db';
import { In, type DataSource } from 'typeorm';

/** The gateway's reads of analyses and its writes of history and guest records. */
export class VideosRepository {
  constructor(private readonly db: DataSource) {}

  /** The shared row without its transcript (which can be megabytes). */
  findCached(videoId: string) {
    return this.db.getRepository(CachedYoutubeDataEntity).findOne({
      where: { youtubeId: videoId },
      select: {
        youtubeId: true,
        title: true,
        thumbnailUrl: true,
        channelTitle: true,
        durationSeconds: true,
        analyzedTopics: true,
        analysisStatus: true,
        errorType: true,
        errorMessage: true,
        createdAt: true,
        updatedAt: true,
      },
    });
  }

  /** What the page of a video shows about it, without its transcript or topics. */
  describeVideo(videoId: string) {
    return this.db.getRepository(CachedYoutubeDataEntity).findOne({
      where: { youtubeId: videoId },
      select: { youtubeId: true, title: true, thumbnailUrl: true, channelTitle: true, durationSeconds: true },
    });
  }

  /** The shared rows of several videos at once (without transcripts). */
  async findCachedMany(videoIds: string[]) {
    if (videoIds.length === 0) return [];
    return this.db.getRepository(CachedYoutubeDataEntity).find({
      where: { youtubeId: In(videoIds) },
      select: {
        youtubeId: true,
        title: true,
        thumbnailUrl: true,
        channelTitle: true,
        durationSeconds: true,
        analyzedTopics: true,
        analysisStatus: true,
        createdAt: true,
        updatedAt: true,
      },
    });
  }

  async statusOf(videoId: string): Promise<{ status: AnalysisStatus; createdAt: Date } | null> {
    const row = await this.db
      .getRepository(CachedYoutubeDataEntity)
      .findOne({ where: { youtubeId: videoId }, select: { analysisStatus: true, createdAt: true } });
    return row ? { status: row.analysisStatus, createdAt: row.createdAt } : null;
  }

  findPrivate(userId: number, videoId: string) {
    return this.db.getRepository(UserVideoAnalysisEntity).findOneBy({ userId, youtubeId: videoId });
  }

  listPrivate(userId: number) {
    return this.db.getRepository(UserVideoAnalysisEntity).find({ where: { userId }, order: { updatedAt: 'DESC' } });
  }

  /** The member's history, most recent first or by title. */
  listHistory(userId: number, sort: 'recent' | 'title') {
    return this.db.getRepository(VideoEntity).find({
      where: { userId },
      order: sort === 'title' ? { title: 'ASC', processedAt: 'DESC' } : { processedAt: 'DESC', id: 'DESC' },
    });
  }

  /** Adds the video to the member's history, or moves it to the top. */
  async recordHistory(userId: number, videoId: string, video: { title: string | null; thumbnailUrl: string | null }) {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(VideoEntity)
      .values({ userId, youtubeId: videoId, title: video.title, thumbnailUrl: video.thumbnailUrl, processedAt: () => 'now()' })
      .orUpdate(['title', 'thumbnail_url', 'processed_at'], ['user_id', 'youtube_id'])
      .execute();
  }

  async guestHasAnalysed(guestSessionId: string, videoId: string) {
    return this.db.getRepository(GuestVideoAnalysisEntity).existsBy({ guestSessionId, youtubeId: videoId });
  }

  async recordGuestAnalysis(guestSessionId: string, videoId: string) {
    await this.db
      .getRepository(GuestVideoAnalysisEntity)
      .upsert({ guestSessionId, youtubeId: videoId }, ['guestSessionId', 'youtubeId']);
  }
}
