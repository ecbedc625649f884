import type { ErrorCode, Topic, TranscriptSegment, TranscriptSource } from '@findclips/contracts';
import {
  AnalysisEdits,
  CachedYoutubeDataEntity,
  UploadedTranscripts,
  QuoteEntity,
  UserVideoAnalysisEntity,
  VideoEntity,
  readTranscript,
  writeTopics,
  writeTranscript,
} from '@findclips/db';
import type { VideoDetails } from '@findclips/youtube';
import type { DataSource } from 'typeorm';

export interface StoredVideo {
  segments: TranscriptSegment[];
  durationSeconds: number | null;
  title: string | null;
  thumbnailUrl: string | null;
  status: CachedYoutubeDataEntity['analysisStatus'];
}

/** Every read and write of the analysis job. Writes are idempotent: a retried job may repeat them. */
export class AnalysisRepository {
  constructor(private readonly db: DataSource) {}

  async findVideo(videoId: string): Promise<StoredVideo | null> {
    const row = await this.db.getRepository(CachedYoutubeDataEntity).findOneBy({ youtubeId: videoId });
    const segments = readTranscript(row?.transcriptData);
    if (!row || segments.length === 0) return null;
    return {
      segments,
      durationSeconds: row.durationSeconds,
      title: row.title,
      thumbnailUrl: row.thumbnailUrl,
      status: row.analysisStatus,
    };
  }

  /** The captions the member uploaded for the video; null when they read YouTube's. */
  findUpload(userId: number, videoId: string) {
    return new UploadedTranscripts(this.db).find(userId, videoId);
  }

  /**
   * The video with the member's uploaded captions. Its details come from our row; a video we have
   * no row for (one without captions on YouTube) gets one, with YouTube's details and no captions,
   * its shared analysis failed for lack of them.
   */
  async withUploadedCaptions(
    videoId: string,
    segments: TranscriptSegment[],
    fetchDetails: () => Promise<VideoDetails>,
  ): Promise<StoredVideo> {
    const repository = this.db.getRepository(CachedYoutubeDataEntity);
    let row = await repository.findOneBy({ youtubeId: videoId });
    if (!row) {
      const details = await fetchDetails();
      await this.db
        .createQueryBuilder()
        .insert()
        .into(CachedYoutubeDataEntity)
        .values({
          youtubeId: videoId,
          title: details.title,
          thumbnailUrl: details.thumbnailUrl,
          description: details.description,
          channelTitle: details.channelTitle,
          durationSeconds: details.durationSeconds ?? Math.ceil(segments.at(-1)?.end ?? 0),
          transcriptData: writeTranscript([]),
          analysisStatus: 'failed',
          errorType: 'NO_TRANSCRIPT',
          errorMessage: 'This video has no captions on YouTube.',
        })
        .orIgnore()
        .execute();
      row = await repository.findOneByOrFail({ youtubeId: videoId });
    }
    return {
      segments,
      durationSeconds: row.durationSeconds ?? Math.ceil(segments.at(-1)?.end ?? 0),
      title: row.title,
      thumbnailUrl: row.thumbnailUrl,
      status: row.analysisStatus,
    };
  }

  /** Stores what YouTube gave us, so a retry of the job does not fetch it again. */
  async saveTranscript(details: VideoDetails, language: string, segments: TranscriptSegment[]): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(CachedYoutubeDataEntity)
      .values({
        youtubeId: details.videoId,
        title: details.title,
        thumbnailUrl: details.thumbnailUrl,
        description: details.description,
        channelTitle: details.channelTitle,
        durationSeconds: details.durationSeconds ?? Math.ceil(segments.at(-1)?.end ?? 0),
        language,
        transcriptData: writeTranscript(segments),
      })
      .orUpdate(
        ['title', 'thumbnail_url', 'description', 'channel_title', 'duration_seconds', 'language', 'transcript_data'],
        ['youtube_id'],
      )
      .execute();
  }

  /** pending/failed/analyzing → analyzing. False when the shared analysis is already complete. */
  async markAnalyzing(videoId: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'analyzing', error_type = NULL, error_message = NULL, updated_at = now()
       WHERE youtube_id = $1 AND analysis_status <> 'complete'`,
      [videoId],
    );
    return result[1] > 0;
  }

  /** analyzing → complete, with the topics and who made them. */
  async completeShared(videoId: string, topics: Topic[], provider: string, model: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'complete', analyzed_topics = $2, analysis_provider = $3, analysis_model = $4, updated_at = now()
       WHERE youtube_id = $1 AND analysis_status = 'analyzing'`,
      [videoId, writeTopics(topics), provider, model],
    );
    return result[1] > 0;
  }

  /** → failed with the reason, unless another attempt completed it meanwhile. */
  async markFailed(videoId: string, errorType: ErrorCode, message: string): Promise<void> {
    await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'failed', error_type = $2, error_message = $3, updated_at = now()
       WHERE youtube_id = $1 AND analysis_status <> 'complete'`,
      [videoId, errorType, message],
    );
  }

  /**
   * A member's private analysis: one row per member and video, replaced by a re-analysis, which
   * also replaces the member's edits (they agreed to lose them when they asked for it).
   */
  async savePrivate(
    userId: number,
    videoId: string,
    topics: Topic[],
    provenance: { provider: string; model: string; transcriptSource: TranscriptSource },
  ): Promise<void> {
    const { provider, model, transcriptSource } = provenance;
    await this.db.transaction(async (tx) => {
      // The member's edits and this analysis take turns: an edit in progress finishes first.
      await AnalysisEdits.lock(tx, userId, videoId);
      await tx
        .createQueryBuilder()
        .insert()
        .into(UserVideoAnalysisEntity)
        .values({
          userId,
          youtubeId: videoId,
          analyzedTopics: writeTopics(topics),
          analysisProvider: provider,
          analysisModel: model,
          transcriptSource,
        })
        .orUpdate(
          ['analyzed_topics', 'analysis_provider', 'analysis_model', 'transcript_source', 'updated_at'],
          ['user_id', 'youtube_id'],
        )
        .execute();
      await new AnalysisEdits(this.db).discard(userId, videoId, tx);
    });
  }

  /** The member's history row, and its quotes replaced by the new analysis's. */
  async recordForMember(
    userId: number,
    videoId: string,
    video: { title: string | null; thumbnailUrl: string | null },
    topics: Topic[],
  ) {
    await this.db.transaction(async (tx) => {
      await tx
        .createQueryBuilder()
        .insert()
        .into(VideoEntity)
        .values({ userId, youtubeId: videoId, title: video.title, thumbnailUrl: video.thumbnailUrl })
        .orUpdate(['title', 'thumbnail_url'], ['user_id', 'youtube_id'])
        .execute();
      const row = await tx.getRepository(VideoEntity).findOneByOrFail({ userId, youtubeId: videoId });
      await tx.getRepository(QuoteEntity).delete({ videoId: row.id });
      const quotes = topics.flatMap((topic) =>
        topic.quotes.map((quote) => ({
          videoId: row.id,
          content: quote.content,
          topic: topic.title,
          timestamp: Math.floor(quote.startTime),
          originalId: quote.id,
        })),
      );
      if (quotes.length) await tx.getRepository(QuoteEntity).insert(quotes);
    });
  }
}
