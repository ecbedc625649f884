// The one owner of cached_youtube_data: a video's details, captions and shared analysis.
import type { AnalysisProviderName, AnalysisStatus, ErrorCode, Topic, TranscriptSegment } from '@findclips/contracts';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { CachedYoutubeDataEntity } from './entities';
import { readTranscript, writeTopics, writeTranscript } from './stored-topics';

/** What YouTube tells of a video, as stored beside its captions. */
export interface VideoDescription {
  videoId: string;
  title: string | null;
  thumbnailUrl: string | null;
  description: string | null;
  channelTitle: string | null;
  durationSeconds: number | null;
}

/** A video as the analysis job reads it: its captions and what it needs to record them. */
interface StoredVideo {
  segments: TranscriptSegment[];
  durationSeconds: number | null;
  title: string | null;
  thumbnailUrl: string | null;
  /** YouTube's description of the video, where the creator may list its chapters. */
  description: string | null;
  status: AnalysisStatus;
}

/** Where a video's shared analysis stands; when it failed, why, as the live event said it. */
interface VideoStatus {
  status: AnalysisStatus;
  createdAt: Date;
  failure: { type: ErrorCode; message: string; categories: string[] } | null;
}

/** The shared row without its transcript (which can weigh megabytes). */
export type CachedVideo = Pick<
  CachedYoutubeDataEntity,
  | 'youtubeId'
  | 'title'
  | 'thumbnailUrl'
  | 'channelTitle'
  | 'durationSeconds'
  | 'language'
  | 'analyzedTopics'
  | 'analysisStatus'
  | 'errorType'
  | 'errorMessage'
  | 'errorCategories'
  | 'analysisProvider'
  | 'createdAt'
  | 'updatedAt'
>;

/** What lists read of a row. */
const listed = {
  youtubeId: true,
  title: true,
  thumbnailUrl: true,
  channelTitle: true,
  durationSeconds: true,
  language: true,
  analyzedTopics: true,
  analysisStatus: true,
  createdAt: true,
  updatedAt: true,
} as const;
const withoutTranscript = {
  ...listed,
  errorType: true,
  errorMessage: true,
  errorCategories: true,
  analysisProvider: true,
} as const;

/** The length we record when YouTube gives none: where the captions end. */
const lengthOf = (details: Pick<VideoDescription, 'durationSeconds'>, segments: TranscriptSegment[]) =>
  details.durationSeconds ?? Math.ceil(segments.at(-1)?.end ?? 0);

/** The video as the job reads it: our row's details with `segments` for captions. */
const storedVideo = (
  row: CachedYoutubeDataEntity,
  segments: TranscriptSegment[],
  durationSeconds = row.durationSeconds,
): StoredVideo => ({
  segments,
  durationSeconds,
  title: row.title,
  thumbnailUrl: row.thumbnailUrl,
  description: row.description,
  status: row.analysisStatus,
});

/**
 * The one writer of `cached_youtube_data`: a YouTube video's details, captions and shared analysis,
 * one row per video, read by the gateway and written by the analysis job. The shared analysis
 * moves through one set of transitions, each a single conditional UPDATE so that retried and
 * parallel jobs agree: pending | failed | analyzing (a retried job) → analyzing → complete | failed,
 * and a complete analysis never changes again.
 */
export class CachedVideos {
  constructor(private readonly db: DataSource) {}

  private get rows() {
    return this.db.getRepository(CachedYoutubeDataEntity);
  }

  /** The video's row, without its transcript; in `tx`, when given. */
  find(videoId: string, tx?: EntityManager): Promise<CachedVideo | null> {
    return (tx ? tx.getRepository(CachedYoutubeDataEntity) : this.rows).findOne({
      where: { youtubeId: videoId },
      select: withoutTranscript,
    });
  }

  /** The rows of several videos at once, without transcripts or failures (for lists). */
  async findMany(videoIds: string[]): Promise<Omit<CachedVideo, 'errorType' | 'errorMessage'>[]> {
    if (videoIds.length === 0) return [];
    return this.rows.find({ where: { youtubeId: In(videoIds) }, select: listed });
  }

  /** What the page of a video shows about it, without its transcript or topics (and whether it failed for want of captions). */
  describe(videoId: string) {
    return this.rows.findOne({
      where: { youtubeId: videoId },
      select: {
        youtubeId: true,
        title: true,
        thumbnailUrl: true,
        channelTitle: true,
        durationSeconds: true,
        language: true,
        analysisStatus: true,
        errorType: true,
      },
    });
  }

  /**
   * The MD5 of a finished video's captions as stored, computed by PostgreSQL: whether a reader's
   * copy is current, without reading the captions (two hours of them weigh 160 kB). Null before
   * its shared analysis is complete.
   */
  async finishedTranscriptTag(videoId: string): Promise<string | null> {
    const row = await this.finishedRow(videoId).select('md5(video.transcript_data)', 'tag').getRawOne<{ tag: string }>();
    return row?.tag ?? null;
  }

  /**
   * The captions of a video whose shared analysis is complete, as stored (JSON text); with `tag`,
   * only while they are still those it names (their MD5): ones stored since are read under theirs.
   */
  findFinishedTranscript(videoId: string, tag?: string) {
    const query = this.finishedRow(videoId).select(['video.youtubeId', 'video.transcriptData']);
    if (tag !== undefined) query.andWhere('md5(video.transcript_data) = :tag', { tag });
    return query.getOne();
  }

  /** The row of a video whose shared analysis is complete, as a query to select from. */
  private finishedRow(videoId: string) {
    return this.rows
      .createQueryBuilder('video')
      .where('video.youtube_id = :videoId AND video.analysis_status = :status', { videoId, status: 'complete' });
  }

  async statusOf(videoId: string): Promise<VideoStatus | null> {
    const row = await this.rows.findOne({
      where: { youtubeId: videoId },
      select: { analysisStatus: true, createdAt: true, errorType: true, errorMessage: true, errorCategories: true },
    });
    if (!row) return null;
    const failure =
      row.analysisStatus === 'failed' && row.errorType
        ? { type: row.errorType, message: row.errorMessage ?? '', categories: row.errorCategories ?? [] }
        : null;
    return { status: row.analysisStatus, createdAt: row.createdAt, failure };
  }

  /** The video with its captions; null when we have none stored for it. */
  async findWithCaptions(videoId: string): Promise<StoredVideo | null> {
    const row = await this.rows.findOneBy({ youtubeId: videoId });
    const segments = readTranscript(row?.transcriptData);
    return row && segments.length > 0 ? storedVideo(row, segments) : null;
  }

  /**
   * Stores what YouTube gave us (a new row, or new details and captions for ours), so a retried job
   * does not fetch it again. A row whose shared analysis is complete is left as it is: a job that
   * raced the analysis (both found no captions, both fetched them) stored YouTube's answer again
   * under topics made from the first one, and the gateways that had kept the analysis in memory
   * went on answering its old title and language while the others answered the new ones.
   */
  async saveFetched(details: VideoDescription, language: string, segments: TranscriptSegment[]): Promise<void> {
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
        durationSeconds: lengthOf(details, segments),
        language,
        transcriptData: writeTranscript(segments),
      })
      .orUpdate(
        ['title', 'thumbnail_url', 'description', 'channel_title', 'duration_seconds', 'language', 'transcript_data'],
        ['youtube_id'],
        { overwriteCondition: { where: "cached_youtube_data.analysis_status <> 'complete'" } },
      )
      .execute();
  }

  /**
   * The video read with captions a member uploaded. Its details come from our row; a video we have
   * no row for (one without captions on YouTube) gets one, with YouTube's details and no captions,
   * its shared analysis failed for lack of them.
   */
  async withUploadedCaptions(
    videoId: string,
    segments: TranscriptSegment[],
    fetchDetails: () => Promise<VideoDescription>,
  ): Promise<StoredVideo> {
    let row = await this.rows.findOneBy({ youtubeId: videoId });
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
          durationSeconds: lengthOf(details, segments),
          transcriptData: writeTranscript([]),
          analysisStatus: 'failed',
          errorType: 'NO_TRANSCRIPT',
          errorMessage: 'This video has no captions on YouTube.',
        })
        .orIgnore()
        .execute();
      row = await this.rows.findOneByOrFail({ youtubeId: videoId });
    }
    return storedVideo(row, segments, lengthOf(row, segments));
  }

  /** pending | failed | analyzing → analyzing, clearing the last failure. False when complete, or when there is no row. */
  async markAnalyzing(videoId: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'analyzing', error_type = NULL, error_message = NULL, error_categories = NULL,
       updated_at = now()
       WHERE youtube_id = $1 AND analysis_status <> 'complete'`,
      [videoId],
    );
    return result[1] > 0;
  }

  /** analyzing → complete, with the topics and who made them. False when no attempt was analysing it. */
  async complete(videoId: string, topics: Topic[], provider: AnalysisProviderName, model: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'complete', analyzed_topics = $2, analysis_provider = $3, analysis_model = $4, updated_at = now()
       WHERE youtube_id = $1 AND analysis_status = 'analyzing'`,
      [videoId, writeTopics(topics), provider, model],
    );
    return result[1] > 0;
  }

  /**
   * → failed with the reason (and a content-policy refusal's categories), unless another attempt
   * completed it meanwhile. False when no row was failed (none, or complete). `provider`: the
   * provider the job asked for, a member's (null: the default, which guests' jobs use).
   */
  async markFailed(
    videoId: string,
    errorType: ErrorCode,
    message: string,
    categories: string[] = [],
    provider: AnalysisProviderName | null = null,
  ): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE cached_youtube_data SET analysis_status = 'failed', error_type = $2, error_message = $3, error_categories = $4,
       analysis_provider = $5, updated_at = now() WHERE youtube_id = $1 AND analysis_status <> 'complete'`,
      [videoId, errorType, message, categories.length ? categories : null, provider],
    );
    return result[1] > 0;
  }
}
