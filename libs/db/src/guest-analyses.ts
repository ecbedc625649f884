// The one owner of guest_video_analysis: which videos each guest spent a credit on.
import { In, type DataSource } from 'typeorm';
import { GuestVideoAnalysisEntity } from './entities';

/** The one writer of `guest_video_analysis`: which videos a guest has spent a credit on. */
export class GuestAnalyses {
  constructor(private readonly db: DataSource) {}

  has(guestSessionId: string, videoId: string) {
    return this.db.getRepository(GuestVideoAnalysisEntity).existsBy({ guestSessionId, youtubeId: videoId });
  }

  /** The videos the guest spent a credit on, the first analysed first. */
  async list(guestSessionId: string): Promise<{ youtubeId: string; analysedAt: Date }[]> {
    return this.db.getRepository(GuestVideoAnalysisEntity).find({
      where: { guestSessionId },
      select: { youtubeId: true, analysedAt: true },
      order: { analysedAt: 'ASC', youtubeId: 'ASC' },
    });
  }

  /**
   * Forgets what guests analysed before `cutoff`, a batch of rows at a time (no long lock): the
   * guest ids that did it have expired. Returns how many rows went.
   */
  async forgetBefore(cutoff: Date, batch = 5_000): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const [, count] = (await this.db.query(
        `DELETE FROM guest_video_analysis WHERE ctid IN (SELECT ctid FROM guest_video_analysis WHERE analysed_at < $1 LIMIT $2)`,
        [cutoff, batch],
      )) as [unknown, number];
      forgotten += count;
      if (count < batch) return forgotten;
    }
  }

  /**
   * The guests' credits for the video were given back (its analysis failed, or was never queued):
   * it is not theirs to re-open free, nor to share, once someone else has it analysed.
   */
  async forget(guestSessionIds: string[], videoId: string): Promise<void> {
    if (guestSessionIds.length === 0) return;
    await this.db.getRepository(GuestVideoAnalysisEntity).delete({ guestSessionId: In(guestSessionIds), youtubeId: videoId });
  }

  async record(guestSessionId: string, videoId: string): Promise<void> {
    await this.db
      .getRepository(GuestVideoAnalysisEntity)
      .upsert({ guestSessionId, youtubeId: videoId }, ['guestSessionId', 'youtubeId']);
  }
}
