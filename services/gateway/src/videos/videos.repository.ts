import type { AnalysisStatus } from '@findclips/contracts';
import {
  CachedYoutubeDataEntity,
  GuestVideoAnalysisEntity,
  UserVideoAnalysisEntity,
  VideoEntity,
  readTopics,
} from '@findclips/db';
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

  /** The captions of a video whose shared analysis is complete, as stored (JSON text). */
  findFinishedTranscript(videoId: string) {
    return this.db.getRepository(CachedYoutubeDataEntity).findOne({
      where: { youtubeId: videoId, analysisStatus: 'complete' },
      select: { youtubeId: true, transcriptData: true },
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

  /** Which captions the member's own analysis read; null when they have none (or it predates the record). */
  async privateTranscriptSource(userId: number, videoId: string) {
    const row = await this.db
      .getRepository(UserVideoAnalysisEntity)
      .findOne({ where: { userId, youtubeId: videoId }, select: { id: true, transcriptSource: true } });
    return row?.transcriptSource ?? null;
  }

  findPrivate(userId: number, videoId: string) {
    return this.db.getRepository(UserVideoAnalysisEntity).findOneBy({ userId, youtubeId: videoId });
  }

  listPrivate(userId: number) {
    return this.db.getRepository(UserVideoAnalysisEntity).find({ where: { userId }, order: { updatedAt: 'DESC' } });
  }

  /**
   * The member's history, newest first or by title, each row with the video's length and the
   * analysis the member reads (their edits, else their own re-analysis, else the shared one once complete), never
   * the transcript.
   */
  async listHistory(userId: number, sort: 'recent' | 'title'): Promise<HistoryRow[]> {
    const order = sort === 'title' ? 'v.title ASC NULLS LAST, v.processed_at DESC' : 'v.processed_at DESC, v.id DESC';
    const rows: HistoryRecord[] = await this.db.query(
      `SELECT v.id, v.youtube_id, v.title, v.thumbnail_url, v.processed_at,
              c.duration_seconds, m.created_at AS analyzed_at,
              COALESCE(e.edited_topics, m.analyzed_topics,
                       CASE WHEN c.analysis_status = 'complete' THEN c.analyzed_topics END) AS analyzed_topics
         FROM videos v
         LEFT JOIN cached_youtube_data c ON c.youtube_id = v.youtube_id
         LEFT JOIN user_video_analysis m ON m.user_id = v.user_id AND m.youtube_id = v.youtube_id
         LEFT JOIN analysis_edits e ON e.user_id = v.user_id AND e.youtube_id = v.youtube_id
        WHERE v.user_id = $1
        ORDER BY ${order}`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      youtubeId: row.youtube_id,
      title: row.title,
      thumbnailUrl: row.thumbnail_url,
      processedAt: row.processed_at,
      analyzedAt: row.analyzed_at ?? row.processed_at,
      durationSeconds: row.duration_seconds,
      topicCount: row.analyzed_topics === null ? null : readTopics(row.analyzed_topics).length,
    }));
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

interface HistoryRecord {
  id: number;
  youtube_id: string;
  title: string | null;
  thumbnail_url: string | null;
  processed_at: Date;
  duration_seconds: number | null;
  analyzed_topics: string | null;
  analyzed_at: Date | null;
}

/** One video of a member's history as the gateway reads it. */
export interface HistoryRow {
  id: number;
  youtubeId: string;
  title: string | null;
  thumbnailUrl: string | null;
  processedAt: Date;
  /** When the member's own analysis was first made (the last re-analysis is `processedAt`). */
  analyzedAt: Date;
  durationSeconds: number | null;
  /** Topics of the analysis the member reads; null while it is not finished. */
  topicCount: number | null;
}
