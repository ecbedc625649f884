import type { TranscriptSegment } from '@findclips/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AnalysisEdits } from './analysis-edits';
import { UploadedTranscriptEntity } from './entities';
import { readTranscript, writeTranscript } from './stored-topics';

/** Captions a member uploaded for a video, as read. */
interface UploadedTranscript {
  segments: TranscriptSegment[];
  sourceName: string;
  uploadedAt: Date;
  /** A tag of the stored text, for ETags. */
  version: string;
}

/**
 * The one writer of `uploaded_transcripts`: the gateway stores a member's upload (a new one
 * replaces the last); the worker and the gateway read it.
 */
export class UploadedTranscripts {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores the member's upload, through `tx` in their turn on the video (see `AnalysisEdits.inTurn`):
   * the turn's own connection, so that a request in its turn never waits for one from a pool the
   * requests waiting for that turn hold.
   */
  async save(
    userId: number,
    youtubeId: string,
    segments: TranscriptSegment[],
    sourceName: string,
    tx: EntityManager | DataSource = this.db,
  ): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(UploadedTranscriptEntity)
      .values({ userId, youtubeId, transcriptData: writeTranscript(segments), sourceName })
      .orUpdate(['transcript_data', 'source_name', 'updated_at'], ['user_id', 'youtube_id'])
      .execute();
  }

  /** The name the member gave the captions (null: none uploaded), without reading the captions. */
  async nameOf(userId: number, youtubeId: string): Promise<string | null> {
    const row = await this.db
      .getRepository(UploadedTranscriptEntity)
      .findOne({ where: { userId, youtubeId }, select: { id: true, sourceName: true } });
    return row?.sourceName ?? null;
  }

  async find(userId: number, youtubeId: string, tx: EntityManager | DataSource = this.db): Promise<UploadedTranscript | null> {
    const row = await tx.getRepository(UploadedTranscriptEntity).findOneBy({ userId, youtubeId });
    return (
      row && {
        segments: readTranscript(row.transcriptData),
        sourceName: row.sourceName,
        uploadedAt: row.updatedAt,
        version: `${row.id}-${row.updatedAt.getTime()}`,
      }
    );
  }

  /**
   * The upload as the member's turn on the video left it: read once a turn under way has ended (the
   * analysis a new upload queues is queued in that turn, before the upload is committed with it).
   */
  async afterTurn(userId: number, youtubeId: string): Promise<UploadedTranscript | null> {
    return this.db.transaction(async (tx) => {
      await AnalysisEdits.lock(tx, userId, youtubeId);
      return this.find(userId, youtubeId, tx);
    });
  }
}
