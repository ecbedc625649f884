// Shares through their table's owner, on the real database.
import { createHash, randomUUID } from 'node:crypto';
import { buildUser } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { CachedVideos } from './cached-videos';
import { Shares } from './shares';
import { readTopics, writeTopics } from './stored-topics';

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
      transcriptSource: 'youtube' as const,
      language: null,
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

  const topics = [{ id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] }];
  const videoId = () => randomUUID().replace(/-/g, '').slice(0, 11);

  it("makes one share of two first shares at once: one is told it created it, and a title or description left out keeps the other's", async () => {
    const { id: userId } = await buildUser(db);
    for (let round = 0; round < 20; round++) {
      const youtubeId = videoId();
      const [titled, bare] = await Promise.all([
        shares.upsert(
          { userId },
          { transcriptSource: 'youtube', language: null, youtubeId, topics, title: 'Mine', description: 'Watch the highlights' },
        ),
        shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId, topics: [] }),
      ]);
      expect(titled.share.shareId).toBe(bare.share.shareId);
      expect([titled.created, bare.created].sort()).toEqual([false, true]);
      const [row] = await db.query('SELECT title, description FROM shared_analysis WHERE share_id = $1', [titled.share.shareId]);
      expect(row).toEqual({ title: 'Mine', description: 'Watch the highlights' });
    }
  });

  it("lists a member's shares, the last shared first, and counts views up to the largest integer without failing", async () => {
    const { id: userId } = await buildUser(db);
    const [first, second] = [videoId(), videoId()];
    const { share } = await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId: first, topics });
    await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId: second, topics });
    expect((await shares.listForUser(userId)).map((s) => s.youtubeId)).toEqual([second, first]);
    await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId: first, topics });
    expect((await shares.listForUser(userId)).map((s) => s.youtubeId)).toEqual([first, second]);

    expect(await shares.countView(share.shareId)).toBe(1);
    await db.query('UPDATE shared_analysis SET view_count = 2147483646 WHERE share_id = $1', [share.shareId]);
    expect(await shares.countView(share.shareId)).toBe(2147483647);
    expect(await shares.countView(share.shareId)).toBe(2147483647);
    expect(await shares.countView('no-such-share')).toBe(0);
  });

  it("removes a member's own share only: another member's stays, read and listed", async () => {
    const [{ id: owner }, { id: stranger }] = [await buildUser(db), await buildUser(db)];
    const youtubeId = videoId();
    const { share } = await shares.upsert({ userId: owner }, { transcriptSource: 'youtube', language: null, youtubeId, topics });
    expect(await shares.remove(stranger, share.shareId)).toBe(false);
    expect(await shares.findPublic(share.shareId)).toMatchObject({ shareId: share.shareId, userId: owner });
    expect((await shares.listForUser(owner)).map((s) => s.shareId)).toEqual([share.shareId]);
    expect(await shares.remove(owner, share.shareId)).toBe(true);
    expect(await shares.findPublic(share.shareId)).toBeNull();
  });

  it('neither lists nor finds a share made private, until its owner shares the video again', async () => {
    const { id: userId } = await buildUser(db);
    const youtubeId = videoId();
    const { share } = await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId, topics });
    await db.query('UPDATE shared_analysis SET is_public = false WHERE share_id = $1', [share.shareId]);
    expect(await shares.listForUser(userId)).toEqual([]);
    expect(await shares.findPublic(share.shareId)).toBeNull();
    await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId, topics });
    expect(await shares.findPublic(share.shareId)).toMatchObject({ shareId: share.shareId });
  });

  it('reads a public share without its topics, and its topics by their MD5 only while they are the ones shared', async () => {
    const { id: userId } = await buildUser(db);
    const youtubeId = videoId();
    const two = [...topics, { id: 't2', title: 'Trams', startTime: 60, endTime: 120, quotes: [] }];
    const { share } = await shares.upsert(
      { userId },
      { transcriptSource: 'upload', language: null, youtubeId, topics: two, title: 'Mine', description: 'Two talks' },
    );
    const found = await shares.findPublic(share.shareId);
    const tag = createHash('md5').update(writeTopics(two)).digest('hex');
    expect(found).toEqual({
      shareId: share.shareId,
      youtubeId,
      userId,
      guestSessionId: null,
      title: 'Mine',
      description: 'Two talks',
      viewCount: 0,
      createdAt: share.createdAt,
      transcriptSource: 'upload',
      language: null,
      topicsTag: tag,
      video: { title: null, thumbnailUrl: null, channelTitle: null, durationSeconds: null },
    });
    // A video we know: what its page names of it.
    await new CachedVideos(db).saveFetched(
      {
        videoId: youtubeId,
        title: 'Buses',
        thumbnailUrl: null,
        description: null,
        channelTitle: 'Transit',
        durationSeconds: 600,
      },
      'en',
      [{ text: 'Buses carry more people than cars.', start: 0, end: 4 }],
    );
    expect((await shares.findPublic(share.shareId))?.video).toEqual({
      title: 'Buses',
      thumbnailUrl: null,
      channelTitle: 'Transit',
      durationSeconds: 600,
    });
    expect(readTopics(await shares.publicTopics(share.shareId, tag))).toEqual(two);
    // Shared again with other topics: the old MD5 names nothing, the new one the new topics.
    await shares.upsert({ userId }, { transcriptSource: 'upload', language: null, youtubeId, topics });
    expect(await shares.publicTopics(share.shareId, tag)).toBeNull();
    const newTag = (await shares.findPublic(share.shareId))!.topicsTag;
    expect(newTag).not.toBe(tag);
    expect(readTopics(await shares.publicTopics(share.shareId, newTag))).toEqual(topics);
    // Made private: its topics are no one's to read, whatever MD5 is asked.
    await db.query('UPDATE shared_analysis SET is_public = false WHERE share_id = $1', [share.shareId]);
    expect(await shares.publicTopics(share.shareId, newTag)).toBeNull();
  });

  it("gives a member who signs up the guest's recent shares, except of a video the member shares already", async () => {
    const { id: userId } = await buildUser(db);
    const { id: otherId } = await buildUser(db);
    const guestSessionId = randomUUID();
    const [mine, theirs, old] = [videoId(), videoId(), videoId()];
    const own = (await shares.upsert({ userId }, { transcriptSource: 'youtube', language: null, youtubeId: mine, topics })).share;
    const guestsOfMine = (
      await shares.upsert({ guestSessionId }, { transcriptSource: 'youtube', language: null, youtubeId: mine, topics })
    ).share;
    const guests = (
      await shares.upsert({ guestSessionId }, { transcriptSource: 'youtube', language: null, youtubeId: theirs, topics })
    ).share;
    const older = (
      await shares.upsert({ guestSessionId }, { transcriptSource: 'youtube', language: null, youtubeId: old, topics })
    ).share;
    await db.query(`UPDATE shared_analysis SET created_at = now() - interval '2 days' WHERE share_id = $1`, [older.shareId]);

    expect(await shares.adopt(guestSessionId, userId, 86_400)).toBe(1);
    const owner = async (shareId: string) =>
      ((await db.query('SELECT user_id, guest_session_id FROM shared_analysis WHERE share_id = $1', [shareId])) as object[])[0];
    expect(await owner(guests.shareId)).toEqual({ user_id: userId, guest_session_id: null });
    expect(await owner(own.shareId)).toEqual({ user_id: userId, guest_session_id: null });
    expect(await owner(guestsOfMine.shareId)).toEqual({ user_id: null, guest_session_id: guestSessionId });
    expect(await owner(older.shareId)).toEqual({ user_id: null, guest_session_id: guestSessionId });
    // Signing up again in that browser, into another account, takes nothing from the first.
    expect(await shares.adopt(guestSessionId, otherId, 86_400)).toBe(1);
    expect(await owner(guests.shareId)).toEqual({ user_id: userId, guest_session_id: null });
    expect((await shares.listForUser(userId)).map((s) => s.shareId).sort()).toEqual([own.shareId, guests.shareId].sort());
  });
});
