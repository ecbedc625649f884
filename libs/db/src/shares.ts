// The one owner of shared_analysis: published, watch-only analyses and their view counts.
import { randomBytes } from 'node:crypto';
import type { Topic, TranscriptSource } from '@findclips/contracts';
import { SharedAnalysisEntity } from './entities';
import { writeTopics } from './stored-topics';
import type { DataSource, EntityManager } from 'typeorm';

/** 16 random bytes (128 bits), URL-safe: unguessable share ids. */
export const newShareId = () => randomBytes(16).toString('base64url');

export type ShareOwner = { userId: number } | { guestSessionId: string };

interface ShareSnapshot {
  youtubeId: string;
  topics: Topic[];
  /** Which captions the topics came from, and the language YouTube gave its own (null for the member's). */
  transcriptSource: TranscriptSource;
  language: string | null;
  /** null: none; left out: as the owner's share of the video has it (none for a new share). */
  title?: string | null;
  description?: string | null;
}

/** A public share without its topics (they weigh up to hundreds of kilobytes): their MD5, and its video. */
export type PublicShare = Pick<
  SharedAnalysisEntity,
  | 'shareId'
  | 'youtubeId'
  | 'userId'
  | 'guestSessionId'
  | 'title'
  | 'description'
  | 'viewCount'
  | 'createdAt'
  | 'transcriptSource'
  | 'language'
> & {
  topicsTag: string;
  /** What we know of the video (all null when we know nothing of it). */
  video: SharedVideo;
};

/** A shared video as its share's page names it. */
export interface SharedVideo {
  title: string | null;
  thumbnailUrl: string | null;
  channelTitle: string | null;
  durationSeconds: number | null;
}

/**
 * The one writer of `shared_analysis`: the public, watch-only pages members and guests publish
 * (the gateway's), and their view counts.
 */
export class Shares {
  constructor(private readonly db: DataSource) {}

  /**
   * Creates the owner's share of a video, or updates it keeping its id: one active share per owner
   * and video, enforced by a unique index, so concurrent shares still yield one row. A title or
   * description left out keeps the one the share has. `created`: this write made the share
   * (PostgreSQL's own word: a row an INSERT wrote has no `xmax`), rather than updated it. A share
   * removed between the write and the read (the owner removing it at that moment) is written again:
   * what was asked last stands, instead of an error.
   */
  async upsert(owner: ShareOwner, snapshot: ShareSnapshot): Promise<{ share: SharedAnalysisEntity; created: boolean }> {
    for (let tries = 1; ; tries++) {
      const { shareId, created } = await this.write(owner, snapshot);
      const share = await this.db.getRepository(SharedAnalysisEntity).findOneBy({ shareId });
      if (share) return { share, created };
      // A removal each time, three times running, is no owner's doing.
      if (tries === 3) throw new Error(`share ${shareId} was removed as soon as written, three times running`);
    }
  }

  private async write(owner: ShareOwner, snapshot: ShareSnapshot): Promise<{ shareId: string; created: boolean }> {
    // The owner's share updated where it is: an INSERT … ON CONFLICT takes an id from the sequence
    // even when it updates (a stranger's database audit). For an UPDATE, TypeORM's postgres driver
    // answers [rows, affected].
    // The snapshot's values, whether its title and description were given, and where its topics came
    // from: $2-$9 of the UPDATE, $4-$11 of the INSERT.
    const values = [
      snapshot.youtubeId,
      writeTopics(snapshot.topics),
      snapshot.title ?? null,
      snapshot.description ?? null,
      snapshot.title !== undefined,
      snapshot.description !== undefined,
      snapshot.transcriptSource,
      snapshot.language,
    ];
    const owned =
      'userId' in owner
        ? { where: 'user_id = $1', id: owner.userId }
        : { where: 'user_id IS NULL AND guest_session_id = $1', id: owner.guestSessionId };
    const [updated]: [{ share_id: string }[], number] = await this.db.query(
      `UPDATE shared_analysis SET shared_topics = $3, transcript_source = $8, language = $9,
              title = CASE WHEN $6 THEN $4 ELSE title END,
              description = CASE WHEN $7 THEN $5 ELSE description END,
              is_public = true, updated_at = now()
       WHERE ${owned.where} AND youtube_id = $2
       RETURNING share_id`,
      [owned.id, ...values],
    );
    if (updated[0]) return { shareId: updated[0].share_id, created: false };
    const conflict =
      'userId' in owner
        ? '("user_id", "youtube_id") WHERE "user_id" IS NOT NULL'
        : '("guest_session_id", "youtube_id") WHERE "user_id" IS NULL AND "guest_session_id" IS NOT NULL';
    const rows: { share_id: string; created: boolean }[] = await this.db.query(
      `INSERT INTO shared_analysis (share_id, user_id, guest_session_id, youtube_id, shared_topics, title, description,
                                    transcript_source, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $10, $11)
       ON CONFLICT ${conflict}
       DO UPDATE SET shared_topics = EXCLUDED.shared_topics, transcript_source = EXCLUDED.transcript_source,
                     language = EXCLUDED.language,
                     title = CASE WHEN $8 THEN EXCLUDED.title ELSE shared_analysis.title END,
                     description = CASE WHEN $9 THEN EXCLUDED.description ELSE shared_analysis.description END,
                     is_public = true, updated_at = now()
       RETURNING share_id, (xmax = 0) AS created`,
      [newShareId(), 'userId' in owner ? owner.userId : null, 'guestSessionId' in owner ? owner.guestSessionId : null, ...values],
    );
    return { shareId: rows[0]!.share_id, created: rows[0]!.created };
  }

  /**
   * A public share as its page shows it, with what we know of its video, but for its topics: their
   * MD5 instead, which names them in a reader's memory (`publicTopics`). Null for a removed,
   * private or unknown share. One round trip: every visit of every share reads it.
   */
  async findPublic(shareId: string): Promise<PublicShare | null> {
    const rows: (Omit<PublicShare, 'video'> & { [K in keyof SharedVideo as `video.${K}`]: SharedVideo[K] })[] =
      await this.db.query(
        `SELECT s.share_id AS "shareId", s.youtube_id AS "youtubeId", s.user_id AS "userId",
              s.guest_session_id AS "guestSessionId", s.title, s.description, s.view_count AS "viewCount",
              s.created_at AS "createdAt", s.transcript_source AS "transcriptSource", s.language,
              md5(s.shared_topics) AS "topicsTag",
              v.title AS "video.title", v.thumbnail_url AS "video.thumbnailUrl", v.channel_title AS "video.channelTitle",
              v.duration_seconds AS "video.durationSeconds"
       FROM shared_analysis s LEFT JOIN cached_youtube_data v ON v.youtube_id = s.youtube_id
       WHERE s.share_id = $1 AND s.is_public`,
        [shareId],
      );
    if (!rows[0]) return null;
    const {
      'video.title': title,
      'video.thumbnailUrl': thumbnailUrl,
      'video.channelTitle': channelTitle,
      'video.durationSeconds': durationSeconds,
      ...share
    } = rows[0];
    return { ...share, video: { title, thumbnailUrl, channelTitle, durationSeconds } };
  }

  /**
   * A public share's topics as stored (JSON text), when their MD5 is still `topicsTag`; null once
   * shared again with other topics, made private or removed.
   */
  async publicTopics(shareId: string, topicsTag: string): Promise<string | null> {
    const rows: { topics: string }[] = await this.db.query(
      'SELECT shared_topics AS topics FROM shared_analysis WHERE share_id = $1 AND is_public AND md5(shared_topics) = $2',
      [shareId, topicsTag],
    );
    return rows[0]?.topics ?? null;
  }

  /** +1 view, atomically, up to the column's largest integer (past it, a 500 for each visitor); the new count. */
  async countView(shareId: string): Promise<number> {
    // For an UPDATE, TypeORM's postgres driver answers [rows, affected].
    const [rows]: [{ view_count: number }[], number] = await this.db.query(
      'UPDATE shared_analysis SET view_count = LEAST(view_count, 2147483646) + 1 WHERE share_id = $1 RETURNING view_count',
      [shareId],
    );
    return rows[0]?.view_count ?? 0;
  }

  listForUser(userId: number) {
    return this.db.getRepository(SharedAnalysisEntity).find({
      where: { userId, isPublic: true },
      select: { shareId: true, youtubeId: true },
      order: { updatedAt: 'DESC' },
    });
  }

  /**
   * The shares a guest published in the last `withinSeconds` become the member's who has just signed
   * up in their browser (a video the member shares already keeps theirs): listed with the member's,
   * and theirs to remove. Older ones stay the guest's: on a shared computer, another person's. In
   * `tx`, when given.
   */
  async adopt(
    guestSessionId: string,
    userId: number,
    withinSeconds: number,
    tx: EntityManager = this.db.manager,
  ): Promise<number> {
    const [, adopted]: [unknown, number] = await tx.query(
      `UPDATE shared_analysis AS s SET user_id = $2, guest_session_id = NULL, updated_at = now()
       WHERE s.guest_session_id = $1 AND s.user_id IS NULL AND s.created_at > now() - make_interval(secs => $3)
         AND NOT EXISTS (SELECT 1 FROM shared_analysis m WHERE m.user_id = $2 AND m.youtube_id = s.youtube_id)`,
      [guestSessionId, userId, withinSeconds],
    );
    return adopted;
  }

  /** Removes a member's share; false when it is not theirs (or does not exist). */
  async remove(userId: number, shareId: string): Promise<boolean> {
    const result = await this.db.getRepository(SharedAnalysisEntity).delete({ shareId, userId });
    return (result.affected ?? 0) > 0;
  }
}
