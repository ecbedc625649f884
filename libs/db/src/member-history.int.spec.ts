// A member's history through its table's owner, on the real database.
import { randomUUID } from 'node:crypto';
import type { Topic } from '@findclips/contracts';
import { buildUser } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { AnalysisEdits } from './analysis-edits';
import { CachedVideos } from './cached-videos';
import { createDataSource } from './data-source';
import { MemberAnalyses } from './member-analyses';
import { MemberHistory } from './member-history';

const topic = (id: string, quotes: Topic['quotes'] = []): Topic => ({
  id,
  title: `Topic ${id}`,
  startTime: 0,
  endTime: 60,
  quotes,
});
const segments = [{ text: 'Buses carry more people than cars do.', start: 0, end: 4 }];
const videoId = () => randomUUID().replace(/-/g, '').slice(0, 11);
const provenance = { provider: 'local', model: 'm', transcriptSource: 'youtube', runId: null } as const;

describe("a member's history", () => {
  let db: DataSource;
  let history: MemberHistory;
  let cached: CachedVideos;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
    history = new MemberHistory(db);
    cached = new CachedVideos(db);
  });
  afterAll(() => db.destroy());

  /** Stamps the member's row of the video `secondsAgo` seconds ago, as if submitted then. */
  const submittedAgo = (userId: number, youtubeId: string, secondsAgo: number) =>
    db.query(`UPDATE videos SET processed_at = now() - make_interval(secs => $3) WHERE user_id = $1 AND youtube_id = $2`, [
      userId,
      youtubeId,
      secondsAgo,
    ]);

  /** A video fetched from YouTube with `title`, its shared analysis completed with `topics` when given. */
  async function video(title: string | null, topics?: Topic[]): Promise<string> {
    const id = videoId();
    await cached.saveFetched(
      {
        videoId: id,
        title,
        thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
        description: null,
        channelTitle: null,
        durationSeconds: 90,
      },
      'en',
      segments,
    );
    if (topics) {
      await cached.markAnalyzing(id);
      await cached.complete(id, topics, 'local', 'm');
    }
    return id;
  }

  it('lists the last submitted first, a video submitted again at the top, and a finished analysis leaves it where it is', async () => {
    const { id: userId } = await buildUser(db);
    const [a, b, c] = [await video('A'), await video('B'), await video('C')];
    for (const [id, ago] of [
      [a, 30],
      [b, 20],
      [c, 10],
    ] as const) {
      await history.add(userId, id, { title: null, thumbnailUrl: null });
      await submittedAgo(userId, id, ago);
    }
    const order = async () => (await history.list(userId, 'recent')).map((row) => row.youtubeId);
    expect(await order()).toEqual([c, b, a]);

    await history.add(userId, a, { title: 'A', thumbnailUrl: null });
    expect(await order()).toEqual([a, c, b]);

    // Finished, kept (edited or shared) or kept again: none of these moves a video.
    await history.recordAnalysis(userId, b, { title: 'B', thumbnailUrl: null }, [topic('t1')]);
    await history.keep(userId, c, { title: 'C', thumbnailUrl: null }, new Date());
    await history.keepAll(userId, [{ videoId: c, video: { title: 'C', thumbnailUrl: null } }]);
    expect(await order()).toEqual([a, c, b]);
  });

  it('sorts by title, untitled videos last and videos of one title the last submitted first', async () => {
    const { id: userId } = await buildUser(db);
    const [untitled, zebra, apple1, apple2] = [
      await video(null),
      await video('Zebra'),
      await video('Apple'),
      await video('Apple'),
    ];
    for (const [id, ago] of [
      [untitled, 40],
      [apple1, 30],
      [zebra, 20],
      [apple2, 10],
    ] as const) {
      await history.add(userId, id, { title: null, thumbnailUrl: null });
      await submittedAgo(userId, id, ago);
    }
    expect((await history.list(userId, 'title')).map((row) => [row.title, row.youtubeId])).toEqual([
      ['Apple', apple2],
      ['Apple', apple1],
      ['Zebra', zebra],
      [null, untitled],
    ]);
  });

  it('sorts by title as a reader does, capitals and accents aside (not in the bytes of the text)', async () => {
    const { id: userId } = await buildUser(db);
    const titled = ['zebra crossings', 'Éclairs at home', 'apple orchards', 'Banana bread'];
    for (const title of titled) {
      await history.add(userId, await video(title), { title: null, thumbnailUrl: null });
    }
    // ('Banana bread', 'apple orchards', 'zebra crossings', 'Éclairs at home' before.)
    expect((await history.list(userId, 'title')).map((row) => row.title)).toEqual([
      'apple orchards',
      'Banana bread',
      'Éclairs at home',
      'zebra crossings',
    ]);
  });

  it("shows the member's title before the video's, and a guest's video once its details are known", async () => {
    const { id: userId } = await buildUser(db);
    const [named, queued] = [await video('From YouTube'), await video('Known later')];
    await history.add(userId, named, { title: 'As the member saw it', thumbnailUrl: null });
    await history.keepAll(userId, [{ videoId: queued, video: { title: null, thumbnailUrl: null } }]);
    const rows = await history.list(userId, 'recent');
    expect(rows.find((row) => row.youtubeId === named)).toMatchObject({ title: 'As the member saw it', durationSeconds: 90 });
    expect(rows.find((row) => row.youtubeId === queued)).toMatchObject({
      title: 'Known later',
      thumbnailUrl: `https://i.ytimg.com/vi/${queued}/hqdefault.jpg`,
    });
  });

  it("keeps a guest's videos at the time they analysed them as they sign up", async () => {
    const { id: userId } = await buildUser(db);
    const [first, second] = [await video('First'), await video('Second')];
    const [then, later] = [new Date('2026-01-02T03:04:05.000Z'), new Date('2026-01-03T03:04:05.000Z')];
    await history.keepAll(userId, [
      { videoId: first, video: { title: 'First', thumbnailUrl: null }, processedAt: then },
      { videoId: second, video: { title: 'Second', thumbnailUrl: null }, processedAt: later },
    ]);
    const rows = await history.list(userId, 'recent');
    expect(rows.map((row) => [row.youtubeId, row.processedAt])).toEqual([
      [second, later],
      [first, then],
    ]);
    // Without their own analysis, it was analysed when it was processed.
    expect(rows[0]!.analyzedAt).toEqual(later);
  });

  it('counts the topics of the analysis the member reads: their edits, else their re-analysis, else the shared one once complete', async () => {
    const { id: userId } = await buildUser(db);
    const count = async (id: string) => (await history.list(userId, 'recent')).find((row) => row.youtubeId === id)!.topicCount;
    const pending = await video('Pending');
    await history.add(userId, pending, { title: null, thumbnailUrl: null });
    expect(await count(pending)).toBeNull();
    await cached.markAnalyzing(pending);
    expect(await count(pending)).toBeNull();
    await cached.markFailed(pending, 'PROVIDER_ERROR', 'No answer.');
    expect(await count(pending)).toBeNull();

    const id = await video('Done', [topic('t1'), topic('t2'), topic('t3')]);
    await history.add(userId, id, { title: null, thumbnailUrl: null });
    expect(await count(id)).toBe(3);
    const edits = new AnalysisEdits(db);
    await new MemberAnalyses(db).save(userId, id, [topic('t1'), topic('t2')], provenance);
    expect(await count(id)).toBe(2);
    await edits.edit(
      userId,
      id,
      async () => [topic('t1'), topic('t2')],
      (topics) => topics.slice(1),
    );
    expect(await count(id)).toBe(1);
    await edits.discard(userId, id);
    expect(await count(id)).toBe(2);
  });

  it("dates the member's analysis from their first re-analysis, not their last", async () => {
    const { id: userId } = await buildUser(db);
    const id = await video('Talk', [topic('t1')]);
    await history.add(userId, id, { title: null, thumbnailUrl: null });
    const analyses = new MemberAnalyses(db);
    await analyses.save(userId, id, [topic('t1')], provenance);
    const first = await analyses.find(userId, id);
    await db.query(`UPDATE user_video_analysis SET created_at = created_at - interval '1 day' WHERE id = $1`, [first!.id]);
    await analyses.save(userId, id, [topic('t2')], provenance);
    const [row] = await history.list(userId, 'recent');
    const made = (await analyses.find(userId, id))!;
    expect(row!.analyzedAt).toEqual(made.createdAt);
    expect(made.updatedAt.getTime() - made.createdAt.getTime()).toBeGreaterThan(86_000_000);
  });

  it("replaces a video's quotes with each analysis, at whole seconds", async () => {
    const { id: userId } = await buildUser(db);
    const id = await video('Talk');
    const quote = (qid: string, startTime: number) => ({ id: qid, content: `Quote ${qid}`, startTime, endTime: startTime + 5 });
    await history.recordAnalysis(userId, id, { title: 'Talk', thumbnailUrl: null }, [
      topic('t1', [quote('q1', 10.9), quote('q2', 20)]),
    ]);
    await history.recordAnalysis(userId, id, { title: 'Talk', thumbnailUrl: null }, [topic('t2', [quote('q3', 30.6)])]);
    const quotes = await db.query(
      `SELECT q.content, q.topic, q.timestamp, q.original_id FROM quotes q JOIN videos v ON v.id = q.video_id
        WHERE v.user_id = $1 AND v.youtube_id = $2`,
      [userId, id],
    );
    expect(quotes).toEqual([{ content: 'Quote q3', topic: 'Topic t2', timestamp: 30, original_id: 'q3' }]);
  });
});
