// The one owner of user_video_analysis: members' private re-analyses.
import type { AnalysisProviderName, Topic, TranscriptSource } from '@findclips/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AnalysisEdits } from './analysis-edits';
import { UserVideoAnalysisEntity } from './entities';
import { writeForMember } from './member-gone';
import { writeTopics } from './stored-topics';
import { updateElseInsert } from './update-else-insert';

/** Where a page of a member's analyses ended: the last one's stamp (microseconds since 1970, as digits) and id. */
export interface AnalysesCursor {
  at: string;
  id: number;
}

/** Who made a member's analysis, and from which captions. */
interface Provenance {
  provider: AnalysisProviderName;
  model: string;
  transcriptSource: TranscriptSource;
  /** The run (the queue job's `runId`) that made it. */
  runId: string | null;
}

/**
 * The one writer of `user_video_analysis`: a member's private re-analysis of a video, one row per
 * member and video, replaced by their next re-analysis. The worker stores it; the gateway reads it.
 */
export class MemberAnalyses {
  constructor(private readonly db: DataSource) {}

  private get rows() {
    return this.db.getRepository(UserVideoAnalysisEntity);
  }

  /** The member's analysis of the video; in `tx`, when given. */
  find(userId: number, videoId: string, tx?: EntityManager) {
    return (tx ? tx.getRepository(UserVideoAnalysisEntity) : this.rows).findOneBy({ userId, youtubeId: videoId });
  }

  /**
   * A page of the member's analyses, the latest first: at most `limit`, those after `before` (the
   * `next` of the page before). `next` is null on the last page. The stamp counts microseconds, as
   * PostgreSQL keeps them, so two analyses stored in one millisecond are neither skipped nor repeated.
   */
  async page(
    userId: number,
    limit: number,
    before?: AnalysesCursor,
  ): Promise<{ rows: UserVideoAnalysisEntity[]; next: AnalysesCursor | null }> {
    const stamp = '(extract(epoch FROM a.updated_at) * 1000000)';
    const query = this.rows
      .createQueryBuilder('a')
      .addSelect(`${stamp}::bigint::text`, 'cursor_at')
      .where('a.user_id = :userId', { userId })
      .orderBy('a.updated_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(limit + 1);
    if (before) query.andWhere(`(${stamp}, a.id) < (CAST(:at AS numeric), CAST(:id AS bigint))`, before);
    const { entities, raw } = await query.getRawAndEntities<{ cursor_at: string }>();
    const rows = entities.slice(0, limit);
    const last = rows.at(-1);
    return { rows, next: entities.length > limit && last ? { at: raw[limit - 1]!.cursor_at, id: last.id } : null };
  }

  /** The member's analysis of the video when the run `runId` stored it (a retry of it has nothing to run), else null. */
  storedBy(userId: number, videoId: string, runId: string) {
    return this.rows.findOneBy({ userId, youtubeId: videoId, analysisRunId: runId });
  }

  /**
   * Stores the member's new analysis, replacing the last one and the member's edits of it (they
   * agreed to lose them when they asked for it). Edits and this take turns: an edit in progress
   * finishes first. MemberGoneError when their account was deleted meanwhile.
   */
  async save(userId: number, videoId: string, topics: Topic[], { provider, model, transcriptSource, runId }: Provenance) {
    const edits = new AnalysisEdits(this.db);
    await writeForMember(userId, () =>
      edits.inTurn(userId, videoId, async (tx) => {
        const values = {
          analyzedTopics: writeTopics(topics),
          analysisProvider: provider,
          analysisModel: model,
          transcriptSource,
          analysisRunId: runId,
        };
        // In the member's turn, spending no id when it is there (see updateElseInsert).
        await updateElseInsert(tx, UserVideoAnalysisEntity, { userId, youtubeId: videoId }, values, {
          update: [
            'analyzed_topics',
            'analysis_provider',
            'analysis_model',
            'transcript_source',
            'analysis_run_id',
            'updated_at',
          ],
        });
        await edits.discard(userId, videoId, tx);
      }),
    );
  }
}
