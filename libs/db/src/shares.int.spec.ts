// Shares through their table's owner, on the real database.
import { buildUser } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { Shares } from './shares';

describe('shares', () => {
  let db: DataSource;
  let shares: Shares;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 6 }).initialize();
    shares = new Shares(db);
  });
  afterAll(() => db.destroy());

  it('answers a share updated as it is being removed with the share it wrote, never a missing row', async () => {
    const { id: userId } = await buildUser(db);
    const snapshot = {
      youtubeId: 'FCshareRace',
      topics: [{ id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] }],
    };
    let { share } = await shares.upsert({ userId }, snapshot);
    const failures: unknown[] = [];
    for (let round = 0; round < 150; round++) {
      const [first, , second] = await Promise.allSettled([
        shares.upsert({ userId }, snapshot),
        shares.remove(userId, share.shareId),
        shares.upsert({ userId }, snapshot),
      ]);
      for (const written of [first, second]) {
        if (written.status === 'rejected') failures.push(written.reason);
        else expect(written.value.share).toMatchObject({ userId, youtubeId: 'FCshareRace', isPublic: true });
      }
      if (second.status === 'fulfilled') share = second.value.share;
      else if (first.status === 'fulfilled') share = first.value.share;
    }
    expect(failures).toEqual([]);
  });
});
