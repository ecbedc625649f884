import { AppError, shareMessages, topicsSchema, type Topic, type TranscriptSource } from '@findclips/contracts';
import {
  AnalysisEdits,
  CachedVideos,
  CachedYoutubeDataEntity,
  GuestAnalyses,
  MemberAnalyses,
  MemberHistory,
  Shares,
  readTopics,
  writeTopics,
  writeTranscript,
} from '@findclips/db';
import { createLogger, createRedisClient, type RedisClient } from '@findclips/runtime';
import { buildUser, sampleTranscript } from '@findclips/testing';
import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { testDataSource } from '../test/harness';
import { readShare, SharedTopics, ShareViews } from './read-share';
import { removeShare, shareAnalysis, type ShareAnalysisDeps } from './share-analysis';

const topics: Topic[] = [
  {
    id: 't1',
    title: 'Opening',
    startTime: 0,
    endTime: 60,
    quotes: [{ id: 'q1', content: 'Buses carry more people than cars.', startTime: 10, endTime: 25 }],
  },
  { id: 't2', title: 'Trams', startTime: 60, endTime: 120, quotes: [] },
];

/** The share use cases called directly, on the real database and Redis: what may be published, by whom, and its views. */
describe('sharing an analysis', () => {
  let db: DataSource;
  let redis: RedisClient;
  let deps: ShareAnalysisDeps;
  let counter = 0;
  beforeAll(async () => {
    db = await testDataSource();
    redis = createRedisClient(process.env.REDIS_URL!, createLogger('gateway', 'silent'));
    await redis.connect();
    deps = {
      shares: new Shares(db),
      cached: new CachedVideos(db),
      memberAnalyses: new MemberAnalyses(db),
      guests: new GuestAnalyses(db),
      edits: new AnalysisEdits(db),
      history: new MemberHistory(db),
    };
  });
  afterAll(() => redis?.quit());

  /** A video whose shared analysis is complete with `topics`. */
  async function analysedVideo(analysed: Topic[] = topics): Promise<string> {
    const youtubeId = `share${Date.now().toString(36).slice(-4)}${counter++}`.padEnd(11, 'x').slice(0, 11);
    await db.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: 'A talk',
      transcriptData: writeTranscript(sampleTranscript(120)),
      analyzedTopics: writeTopics(analysed),
      analysisStatus: 'complete',
    });
    return youtubeId;
  }
  /** The member's own analysis of the video, of YouTube's captions or of captions they brought. */
  const memberAnalysis = (userId: number, youtubeId: string, analysed: Topic[], transcriptSource: TranscriptSource) =>
    deps.memberAnalyses.save(userId, youtubeId, analysed, { provider: 'local', model: 'local', transcriptSource, runId: null });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the share was accepted');
      },
      (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : Promise.reject(error)),
    );

  it('keeps with the share which captions its topics came from, and their language, as they were when shared', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    await db.getRepository(CachedYoutubeDataEntity).update({ youtubeId }, { language: 'iw' });
    // The member's own analysis of captions they brought (YouTube had none then).
    const own: Topic[] = [{ ...topics[0]!, id: 'own1', title: 'From my captions' }];
    await memberAnalysis(user.id, youtubeId, own, 'upload');
    const shared = async (chosen: Topic[]) => {
      const { share } = await shareAnalysis(deps, { user }, { youtubeId, topics: chosen });
      return { transcriptSource: share.transcriptSource, language: share.language };
    };
    expect(await shared(own)).toEqual({ transcriptSource: 'upload', language: null });
    // The video's analysis of YouTube's captions, shared by the same member.
    expect(await shared([topics[0]!])).toEqual({ transcriptSource: 'youtube', language: 'iw' });
    // Read again later, in another language: the share keeps the one it was made from.
    await db.getRepository(CachedYoutubeDataEntity).update({ youtubeId }, { language: 'ar' });
    const views = new ShareViews(redis, `fc:test:${randomUUID()}:`, 'a-secret-of-at-least-32-characters!');
    const [share] = await deps.shares.listForUser(user.id);
    const read = await readShare({ ...deps, views, topics: new SharedTopics(deps.shares) }, share!.shareId, {
      userId: null,
      guestId: null,
      address: '192.0.2.1',
    });
    expect(read.share).toMatchObject({ transcriptSource: 'youtube', language: 'iw' });
  });

  it("says YouTube's captions, in the video's language, for topics of a member's private analysis of them", async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    await db.getRepository(CachedYoutubeDataEntity).update({ youtubeId }, { language: 'de' });
    // A private re-analysis of YouTube's captions: the member's, but not of captions they brought.
    const own: Topic[] = [{ ...topics[0]!, id: 'mine1', title: 'My re-analysis' }];
    await memberAnalysis(user.id, youtubeId, own, 'youtube');
    const { share } = await shareAnalysis(deps, { user }, { youtubeId, topics: own });
    expect({ transcriptSource: share.transcriptSource, language: share.language }).toEqual({
      transcriptSource: 'youtube',
      language: 'de',
    });
  });

  it("says YouTube's captions of a share that mixes a topic of theirs with one of captions the member brought", async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    await db.getRepository(CachedYoutubeDataEntity).update({ youtubeId }, { language: 'de' });
    const own: Topic[] = [{ ...topics[0]!, id: 'own1', title: 'From my captions', startTime: 120, endTime: 130 }];
    await memberAnalysis(user.id, youtubeId, own, 'upload');
    const { share } = await shareAnalysis(deps, { user }, { youtubeId, topics: [topics[0]!, ...own] });
    expect({ transcriptSource: share.transcriptSource, language: share.language }).toEqual({
      transcriptSource: 'youtube',
      language: 'de',
    });
  });

  it('publishes topics of an analysis the member reads, their edits included, and updates the same share', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const { share: first, created } = await shareAnalysis(deps, { user }, { youtubeId, topics: [topics[0]!], title: 'Mine' });
    expect(created).toBe(true);
    expect(topicsSchema.parse(readTopics(first.sharedTopics))).toEqual([topics[0]]);

    // Renamed by the member: theirs to publish; the same share is updated.
    const edited = await deps.edits.edit(
      user.id,
      youtubeId,
      async () => topics,
      (list) => list.map((topic) => (topic.id === 't2' ? { ...topic, title: 'Why cities build trams' } : topic)),
    );
    const { share: again, created: createdAgain } = await shareAnalysis(deps, { user }, { youtubeId, topics: edited.topics });
    expect([again.shareId, createdAgain]).toEqual([first.shareId, false]);
    expect(readTopics(again.sharedTopics).map((topic) => topic.title)).toEqual(['Opening', 'Why cities build trams']);
  });

  it('keeps a title and description left out as the share has them, and takes ones sent empty as none', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const share = async (request: { title?: string; description?: string }) => {
      const { share: written } = await shareAnalysis(deps, { user }, { youtubeId, topics, ...request });
      return { title: written.title, description: written.description };
    };
    expect(await share({ title: 'Mine', description: 'Why trams' })).toEqual({ title: 'Mine', description: 'Why trams' });
    expect(await share({})).toEqual({ title: 'Mine', description: 'Why trams' });
    expect(await share({ title: '', description: '' })).toEqual({ title: null, description: null });
  });

  it('refuses invented topics or quotes, a video nobody analysed, and a guest who never analysed it', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const invented = [{ ...topics[0]!, title: 'Something we never said' }];
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: invented }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: shareMessages.notFromAnalysis,
    });
    const quote = [{ ...topics[0]!, quotes: [{ ...topics[0]!.quotes[0]!, content: 'A quote nobody said.' }] }];
    expect((await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: quote }))).code).toBe('VALIDATION_ERROR');
    // Topics out of the order they play, or one from an edit whose moved start runs over the original before it.
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [topics[1]!, topics[0]!] }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: shareMessages.notInOrder,
    });
    const moved = await deps.edits.edit(
      user.id,
      youtubeId,
      async () => topics,
      (list) => list.map((topic, i) => (i === 0 ? { ...topic, endTime: 40 } : { ...topic, startTime: 40 })),
    );
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [topics[0]!, moved.topics[1]!] }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: shareMessages.notInOrder,
    });
    expect((await shareAnalysis(deps, { user }, { youtubeId, topics: moved.topics })).created).toBe(true);
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId: 'neverSeen01', topics }))).toEqual({
      code: 'NOT_FOUND',
      message: shareMessages.analyseFirst,
    });
    expect(await refusal(shareAnalysis(deps, { guestId: 'a-guest-who-never-came' }, { youtubeId, topics }))).toEqual({
      code: 'FORBIDDEN',
      message: shareMessages.signInOrGuest,
    });
  });

  it("refuses a topic whose start, end or title is not the analysis's: no invented moments on the page", async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const [first] = topics;
    for (const altered of [
      { ...first!, startTime: first!.startTime + 7 },
      { ...first!, endTime: first!.endTime + 7 },
      { ...first!, title: `${first!.title}, and more` },
    ]) {
      expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [altered] }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: shareMessages.notFromAnalysis,
      });
    }
    // The topic as the analysis has it is shared.
    expect((await shareAnalysis(deps, { user }, { youtubeId, topics: [first!] })).created).toBe(true);
  });

  it('answers a removal of an id that cannot be a share as not found, whatever its characters', async () => {
    const user = await buildUser(db);
    for (const shareId of ['short', `${'a'.repeat(20)}\u0000`, 'é'.repeat(20), 'a'.repeat(65)]) {
      expect(await refusal(removeShare(deps.shares, user.id, shareId))).toEqual({
        code: 'NOT_FOUND',
        message: shareMessages.notYours,
      });
    }
  });

  it('refuses a quote whose end was moved, and topics of an analysis not yet complete', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const [first] = topics;
    const stretched = { ...first!, quotes: first!.quotes.map((q) => ({ ...q, endTime: q.endTime + 30 })) };
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [stretched] }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await db.getRepository(CachedYoutubeDataEntity).update({ youtubeId }, { analysisStatus: 'analyzing' });
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [first!] }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('puts the video a member shares in their history, where their shares are managed', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    await shareAnalysis(deps, { user }, { youtubeId, topics: [topics[0]!] });
    expect((await deps.history.list(user.id, 'recent')).map((row) => row.youtubeId)).toContain(youtubeId);
  });

  it("lets a topic start up to half a second before the previous one ends, the analyses' own rounding, and no more", async () => {
    const user = await buildUser(db);
    const rounded = [{ ...topics[0]!, endTime: 60.25 }, topics[1]!];
    const youtubeId = await analysedVideo(rounded);
    expect((await shareAnalysis(deps, { user }, { youtubeId, topics: rounded })).created).toBe(true);
    // The member's edit moves the second topic's start back against the analysis's first topic.
    const movedTo = async (startTime: number) =>
      (
        await deps.edits.edit(
          user.id,
          youtubeId,
          async () => rounded,
          (list) => list.map((topic, i) => (i === 0 ? { ...topic, endTime: 59 } : { ...topic, startTime })),
        )
      ).topics[1]!;
    const halfASecond = await movedTo(59.75);
    expect((await shareAnalysis(deps, { user }, { youtubeId, topics: [rounded[0]!, halfASecond] })).created).toBe(false);
    for (const startTime of [59.74, 59.5]) {
      const more = await movedTo(startTime);
      expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: [rounded[0]!, more] }))).toEqual({
        code: 'VALIDATION_ERROR',
        message: shareMessages.notInOrder,
      });
    }
  });

  it("counts neither a guest's visits to their own share nor a request that only asks whether a share is there", async () => {
    const youtubeId = await analysedVideo();
    await deps.guests.record('guest-sharer-0000', youtubeId);
    const {
      share: { shareId },
    } = await shareAnalysis(deps, { guestId: 'guest-sharer-0000' }, { youtubeId, topics });
    const reader = {
      ...deps,
      views: new ShareViews(redis, `fc:test:${randomUUID()}:`, 'a-secret-of-at-least-32-characters!'),
      topics: new SharedTopics(deps.shares),
    };
    const open = (viewer: Partial<{ guestId: string; probing: boolean }>) =>
      readShare(reader, shareId, { userId: null, guestId: null, address: '198.51.100.2', ...viewer });
    expect((await open({ guestId: 'guest-sharer-0000' })).viewCount).toBe(0);
    expect((await open({ probing: true })).viewCount).toBe(0);
    // A signed-out visitor is not the owner of a share no member owns.
    expect(await open({})).toMatchObject({ viewCount: 1, isOwner: false });
  });

  it("counts a visitor once per window and never the owner, and says which captions the member's analysis read", async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const {
      share: { shareId },
    } = await shareAnalysis(deps, { user }, { youtubeId, topics });
    const viewsPrefix = `fc:test:${randomUUID()}:`;
    const reader = {
      ...deps,
      views: new ShareViews(redis, viewsPrefix, 'a-secret-of-at-least-32-characters!'),
      topics: new SharedTopics(deps.shares),
    };
    const open = (viewer: Partial<{ userId: number; guestId: string; address: string }>) =>
      readShare(reader, shareId, { userId: null, guestId: null, address: '198.51.100.1', ...viewer });

    expect(await open({ userId: user.id })).toMatchObject({
      viewCount: 0,
      isOwner: true,
      share: { transcriptSource: 'youtube' },
    });
    expect(await open({ guestId: 'guest-one-000000', address: '203.0.113.7' })).toMatchObject({ viewCount: 1, isOwner: false });
    expect((await open({ guestId: 'guest-one-000000', address: '203.0.113.7' })).viewCount).toBe(1);
    // A guest id is the browser's own word: a new one from the same address is the same visitor.
    expect((await open({ guestId: 'guest-two-000000', address: '203.0.113.7' })).viewCount).toBe(1);
    expect((await open({ address: '2001:db8::1' })).viewCount).toBe(2);
    // Another address of the same IPv6 /64 is the same visitor.
    expect((await open({ address: '2001:db8::2' })).viewCount).toBe(2);
    const read = await open({});
    expect(read).toMatchObject({ viewCount: 3, share: { video: { title: 'A talk' } } });
    // Visitors are kept by a keyed hash: neither an address nor its plain hash, which trying
    // every IPv4 address reads back.
    const kept = [];
    for await (const keys of redis.scanIterator({ MATCH: `${viewsPrefix}view:*` })) kept.push(...keys);
    expect(kept).toHaveLength(3);
    const plainly = createHash('sha256').update('203.0.113.7').digest('base64url').slice(0, 22);
    expect(kept.join(' ')).not.toMatch(new RegExp(`203\\.0\\.113\\.7|${plainly}|2001:db8`));
    expect(topicsSchema.parse(read.topics.topics)).toEqual(topics);
    // At PostgreSQL's largest integer, the count stays there (it failed each visitor's read).
    await db.query('UPDATE shared_analysis SET view_count = 2147483647 WHERE share_id = $1', [shareId]);
    expect((await open({ address: '198.51.100.9' })).viewCount).toBe(2147483647);

    expect(await refusal(readShare(reader, 'not-a-share-id', { userId: null, guestId: null, address: '' }))).toEqual({
      code: 'NOT_FOUND',
      message: shareMessages.notFound,
    });
  });
});
