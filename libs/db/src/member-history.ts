// The one owner of a member's history: the videos table and the quotes recorded with it.
import { compareTitles, withoutControlCharacters, type Topic } from '@findclips/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { QuoteEntity, VideoEntity } from './entities';
import { writeForMember } from './member-gone';
import { updateElseInsert } from './update-else-insert';

/** The details a history row shows of its video. */
interface HistoryVideoDetails {
  title: string | null;
  thumbnailUrl: string | null;
}

/** One video of a member's history as read. */
interface HistoryRow {
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

interface HistoryRecord {
  id: number;
  youtube_id: string;
  title: string | null;
  thumbnail_url: string | null;
  processed_at: Date;
  duration_seconds: number | null;
  topic_count: number | null;
  analyzed_at: Date | null;
}

/**
 * The one writer of a member's history: `videos` (one row per member and video) and the `quotes`
 * of the analysis recorded there. The gateway adds a video when the member submits it; the worker
 * records the quotes of each analysis it finishes for a member.
 */
export class MemberHistory {
  constructor(private readonly db: DataSource) {}

  /**
   * The member's history, newest first or by title, each row with the video's length and the
   * number of topics of the analysis the member reads (their edits, else their own re-analysis,
   * else the shared one once complete; the database counts them as they are written), never the
   * topics themselves nor the transcript.
   */
  async list(userId: number, sort: 'recent' | 'title'): Promise<HistoryRow[]> {
    // A video added before its details were known (a guest's, still queued) shows them once its analysis has them.
    const rows: HistoryRecord[] = await this.db.query(
      `SELECT v.id, v.youtube_id, COALESCE(v.title, c.title) AS title,
              COALESCE(v.thumbnail_url, c.thumbnail_url) AS thumbnail_url, v.processed_at,
              c.duration_seconds, m.created_at AS analyzed_at,
              CASE WHEN e.user_id IS NOT NULL THEN e.topic_count
                   WHEN m.user_id IS NOT NULL THEN m.topic_count
                   WHEN c.analysis_status = 'complete' THEN c.topic_count END AS topic_count
         FROM videos v
         LEFT JOIN cached_youtube_data c ON c.youtube_id = v.youtube_id
         LEFT JOIN user_video_analysis m ON m.user_id = v.user_id AND m.youtube_id = v.youtube_id
         LEFT JOIN analysis_edits e ON e.user_id = v.user_id AND e.youtube_id = v.youtube_id
        WHERE v.user_id = $1
        ORDER BY v.processed_at DESC, v.id DESC`,
      [userId],
    );
    const listed = rows.map((row) => ({
      id: row.id,
      youtubeId: row.youtube_id,
      title: row.title,
      thumbnailUrl: row.thumbnail_url,
      processedAt: row.processed_at,
      analyzedAt: row.analyzed_at ?? row.processed_at,
      durationSeconds: row.duration_seconds,
      topicCount: row.topic_count,
    }));
    // By title as the page orders them, not in the database's byte order; videos of one title
    // stay the latest first (the sort is stable).
    return sort === 'title' ? listed.sort((a, b) => compareTitles(a.title, b.title)) : listed;
  }

  /** Adds the video to the member's history, or moves it to the top (the member asked for it again). */
  async add(userId: number, videoId: string, video: HistoryVideoDetails, tx: EntityManager = this.db.manager): Promise<void> {
    await this.write(tx, userId, videoId, {
      title: video.title,
      thumbnailUrl: video.thumbnailUrl,
      processedAt: () => 'now()',
    });
  }

  /** The member's row of the video with `values`, spending no id when it is there (see `updateElseInsert`). */
  private async write(
    tx: EntityManager,
    userId: number,
    videoId: string,
    values: { title: string | null; thumbnailUrl: string | null; processedAt?: () => string },
  ): Promise<void> {
    await updateElseInsert(tx, VideoEntity, { userId, youtubeId: videoId }, values, {
      update: ['title', 'thumbnail_url', ...(values.processedAt ? ['processed_at'] : [])],
    });
  }

  /**
   * Keeps the video in the member's history where it stands, adding it when missing (as processed
   * at `processedAt`, else now): an analysis the member made theirs (edited, shared) without
   * submitting its link, from a link someone sent.
   */
  async keep(userId: number, videoId: string, video: HistoryVideoDetails, processedAt?: Date): Promise<void> {
    await this.keepAll(userId, [{ videoId, video, processedAt }]);
  }

  /** `keep` for several videos at once, all or none (in `tx`, when given): a guest's, as they sign up. */
  async keepAll(
    userId: number,
    videos: { videoId: string; video: HistoryVideoDetails; processedAt?: Date }[],
    tx: EntityManager = this.db.manager,
  ): Promise<void> {
    if (videos.length === 0) return;
    await tx
      .createQueryBuilder()
      .insert()
      .into(VideoEntity)
      .values(
        videos.map(({ videoId, video, processedAt }) => ({
          userId,
          youtubeId: videoId,
          title: video.title,
          thumbnailUrl: video.thumbnailUrl,
          ...(processedAt ? { processedAt } : {}),
        })),
      )
      .orIgnore()
      .execute();
  }

  /**
   * A finished analysis for the member: the history row (left in its place) and its quotes
   * replaced by the analysis's. MemberGoneError when their account was deleted meanwhile.
   */
  async recordAnalysis(userId: number, videoId: string, video: HistoryVideoDetails, topics: Topic[]): Promise<void> {
    await writeForMember(userId, () =>
      this.db.transaction(async (tx) => {
        await this.write(tx, userId, videoId, { title: video.title, thumbnailUrl: video.thumbnailUrl });
        const row = await tx.getRepository(VideoEntity).findOneByOrFail({ userId, youtubeId: videoId });
        await tx.getRepository(QuoteEntity).delete({ videoId: row.id });
        // Without control characters, which PostgreSQL refuses in text: captions stored before
        // YouTube's were cleaned of them may hold a NUL, and it failed every write of the quotes.
        const quotes = topics.flatMap((topic) =>
          topic.quotes.map((quote) => ({
            videoId: row.id,
            content: withoutControlCharacters(quote.content),
            topic: withoutControlCharacters(topic.title),
            timestamp: Math.floor(quote.startTime),
            originalId: quote.id,
          })),
        );
        if (quotes.length) await tx.getRepository(QuoteEntity).insert(quotes);
      }),
    );
  }
}
