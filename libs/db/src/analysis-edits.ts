import type { Topic } from '@findclips/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AnalysisEditEntity } from './entities';
import { readTopics, writeTopics } from './stored-topics';

/** A member's edited analysis of a video, as read. */
export interface EditedAnalysis {
  topics: Topic[];
  editedAt: Date;
}

/**
 * The one writer of `analysis_edits`: a member's edits of the analysis they read. The gateway
 * edits and reads; a re-analysis (in the worker) discards them once its topics are stored.
 */
export class AnalysisEdits {
  constructor(private readonly db: DataSource) {}

  async find(userId: number, youtubeId: string): Promise<EditedAnalysis | null> {
    const row = await this.db.getRepository(AnalysisEditEntity).findOneBy({ userId, youtubeId });
    return row && { topics: readTopics(row.editedTopics), editedAt: row.updatedAt };
  }

  /**
   * Applies `change` to the member's edited topics (starting from `original` at the first edit),
   * one edit at a time per member and video (the row is locked), and stores the result.
   */
  async edit(
    userId: number,
    youtubeId: string,
    original: Topic[],
    change: (topics: Topic[]) => Topic[],
  ): Promise<EditedAnalysis> {
    return this.db.transaction(async (tx) => {
      await tx
        .createQueryBuilder()
        .insert()
        .into(AnalysisEditEntity)
        .values({ userId, youtubeId, editedTopics: writeTopics(original) })
        .orIgnore()
        .execute();
      const row = await tx
        .getRepository(AnalysisEditEntity)
        .createQueryBuilder('edit')
        .setLock('pessimistic_write')
        .where('edit.user_id = :userId AND edit.youtube_id = :youtubeId', { userId, youtubeId })
        .getOneOrFail();
      const topics = change(readTopics(row.editedTopics));
      const [saved] = await tx.query(
        `UPDATE analysis_edits SET edited_topics = $2, updated_at = now() WHERE id = $1 RETURNING updated_at`,
        [row.id, writeTopics(topics)],
      );
      return { topics, editedAt: (saved as { updated_at: Date }[])[0]!.updated_at };
    });
  }

  /** Forgets the member's edits of the video (undoing them, or replaced by a re-analysis). */
  async discard(userId: number, youtubeId: string, tx: EntityManager | DataSource = this.db): Promise<void> {
    await tx.getRepository(AnalysisEditEntity).delete({ userId, youtubeId });
  }
}
