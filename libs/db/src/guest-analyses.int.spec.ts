// What guests analysed, through its table's owner, on the real database.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { GuestAnalyses } from './guest-analyses';

describe('what guests analysed', () => {
  let db: DataSource;
  let guests: GuestAnalyses;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    guests = new GuestAnalyses(db);
  });
  afterAll(() => db.destroy());

  const guestId = () => randomUUID().replace(/-/g, '');
  const analysedAt = (guest: string, youtubeId: string, at: string) =>
    db.query('UPDATE guest_video_analysis SET analysed_at = $3 WHERE guest_session_id = $1 AND youtube_id = $2', [
      guest,
      youtubeId,
      at,
    ]);

  it("lists a guest's videos the first analysed first, each once, and forgets one video's credit without the others'", async () => {
    const [guest, other] = [guestId(), guestId()];
    for (const id of ['FCguestBbbb', 'FCguestAaaa', 'FCguestBbbb']) await guests.record(guest, id);
    await guests.record(other, 'FCguestAaaa');
    await analysedAt(guest, 'FCguestBbbb', '2026-01-01T00:00:00Z');
    await analysedAt(guest, 'FCguestAaaa', '2026-01-02T00:00:00Z');
    expect((await guests.list(guest)).map((row) => row.youtubeId)).toEqual(['FCguestBbbb', 'FCguestAaaa']);

    expect(await guests.has(guest, 'FCguestAaaa')).toBe(true);
    expect(await guests.has(guest, 'FCguestCccc')).toBe(false);
    await guests.forget([guest, other], 'FCguestAaaa');
    expect(await guests.has(guest, 'FCguestAaaa')).toBe(false);
    expect(await guests.has(other, 'FCguestAaaa')).toBe(false);
    expect((await guests.list(guest)).map((row) => row.youtubeId)).toEqual(['FCguestBbbb']);
  });

  it('forgets every row before the cutoff, batch after full batch, and none after it', async () => {
    const guest = guestId();
    for (const id of ['FColdAaaaaa', 'FColdBbbbbb', 'FColdCccccc', 'FCnewDddddd']) await guests.record(guest, id);
    for (const id of ['FColdAaaaaa', 'FColdBbbbbb', 'FColdCccccc']) await analysedAt(guest, id, '1990-01-01T00:00:00Z');
    expect(await guests.forgetBefore(new Date('2000-01-01T00:00:00Z'), 1)).toBe(3);
    expect((await guests.list(guest)).map((row) => row.youtubeId)).toEqual(['FCnewDddddd']);
  });
});
