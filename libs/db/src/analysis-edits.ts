import type { Topic } from '@findclips/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AnalysisEditEntity } from './entities';
import { readTopics, writeTopics } from './stored-topics';
import { updateElseInsert } from './update-else-insert';

/** A member's edited analysis of a video, as read. */
export interface EditedAnalysis {
  topics: Topic[];
  /** When it was last edited: ISO 8601 in UTC to the microsecond, so two changes in one millisecond keep their order. */
  editedAt: string;
}

/** How long an edit or a re-analysis waits for its turn on a member's video. */
const TURN_WAIT_MS = 5_000;

/** A time as ISO 8601 in UTC to the microsecond (strings of one width: they sort as the times do). */
const isoMicros = (time: string) => `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The one writer of `analysis_edits`: a member's edits of the analysis they read. The gateway
 * edits and reads; a re-analysis (in the worker) discards them once its topics are stored.
 */
export class AnalysisEdits {
  constructor(private readonly db: DataSource) {}

  async find(userId: number, youtubeId: string): Promise<EditedAnalysis | null> {
    const row = (await this.db
      .getRepository(AnalysisEditEntity)
      .createQueryBuilder('edit')
      .select('edit.edited_topics', 'topics')
      .addSelect(isoMicros('edit.updated_at'), 'edited_at')
      .where({ userId, youtubeId })
      .getRawOne()) as { topics: string; edited_at: string } | undefined;
    return row ? { topics: readTopics(row.topics), editedAt: row.edited_at } : null;
  }

  /**
   * Applies `change` to the member's edited topics (at the first edit, to `original(tx)`: the
   * analysis they read, read in the turn's transaction), one edit at a time per member and video,
   * and stores the result. Edits
   * and a re-analysis storing its topics take turns (`lock`): an edit never starts from an analysis
   * a re-analysis has just replaced. `allowed`, in the member's turn, throws when the edit may not
   * be made (a re-analysis queued, which would replace it).
   */
  async edit(
    userId: number,
    youtubeId: string,
    // Read with `tx`, the connection the turn holds: a read from the pool could wait on the
    // connections of edits waiting for this turn, each holding one (a stranger's race audit: more
    // edits at once than the pool has connections answered 503, every one of them).
    original: (tx: EntityManager) => Promise<Topic[]>,
    change: (topics: Topic[]) => Topic[],
    allowed: () => Promise<void> = async () => undefined,
  ): Promise<EditedAnalysis> {
    return this.inTurn(userId, youtubeId, async (tx) => {
      await allowed();
      const row = await tx.getRepository(AnalysisEditEntity).findOneBy({ userId, youtubeId });
      const topics = change(row ? readTopics(row.editedTopics) : await original(tx));
      // The time of the write, after the lock: the order the edits were made in (now() is when
      // the transaction began, before it waited its turn).
      const values = { editedTopics: writeTopics(topics), updatedAt: () => 'clock_timestamp()' };
      // In the member's turn, spending no id when it is there (see updateElseInsert).
      const [saved] = (await updateElseInsert(tx, AnalysisEditEntity, { userId, youtubeId }, values, {
        update: ['edited_topics', 'updated_at'],
        returning: `${isoMicros('updated_at')} AS edited_at`,
      })) as { edited_at: string }[];
      return { topics, editedAt: saved!.edited_at };
    });
  }

  /**
   * Runs `action` (queueing a re-analysis that will replace the edits) in the member's turn on the
   * video, unless they have edits of it: then returns false without running it. An edit waits
   * meanwhile, and then sees what `action` did.
   */
  async unlessEdited(userId: number, youtubeId: string, action: (tx: EntityManager) => Promise<void>): Promise<boolean> {
    return this.inTurn(userId, youtubeId, async (tx) => {
      if (await tx.getRepository(AnalysisEditEntity).existsBy({ userId, youtubeId })) return false;
      await action(tx);
      return true;
    });
  }

  /** Runs `action` in the member's turn on the video's analysis (its transaction), whatever their edits. */
  async inTurn<T>(userId: number, youtubeId: string, action: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await AnalysisEdits.lock(tx, userId, youtubeId);
      return action(tx);
    });
  }

  /**
   * Takes the member's turn on the video's analysis until the transaction ends, waiting
   * TURN_WAIT_MS at most (then PostgreSQL's lock_not_available, 55P03: the API answers 503), so that
   * many requests for one video do not each hold a pooled connection for long.
   */
  static async lock(tx: EntityManager, userId: number, youtubeId: string): Promise<void> {
    await tx.query(`SET LOCAL lock_timeout = ${TURN_WAIT_MS}`);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [userId, youtubeId]);
  }

  /**
   * Forgets the member's edits of the video (undoing them, or replaced by a re-analysis). Returns
   * the time it did, after the lock: in the order of the edits, as an edit's time is (ISO 8601 to
   * the microsecond).
   */
  async discard(userId: number, youtubeId: string, tx?: EntityManager): Promise<string> {
    if (!tx) return this.db.transaction((own) => this.discard(userId, youtubeId, own));
    await AnalysisEdits.lock(tx, userId, youtubeId);
    await tx.getRepository(AnalysisEditEntity).delete({ userId, youtubeId });
    const [{ at }] = (await tx.query(`SELECT ${isoMicros('clock_timestamp()')} AS at`)) as [{ at: string }];
    return at;
  }
}
