import {
  GUEST_CREDIT_WINDOW_SECONDS,
  quotaMessages,
  historyVideoSchema,
  videoMessages,
  videoTranscriptSchema,
  youtubeLinkMessages,
} from '@findclips/contracts';
import { CachedYoutubeDataEntity, QuoteEntity, VideoEntity, readTranscript } from '@findclips/db';
import { clock } from '@findclips/exports';
import { GuestPayers, redisKeys } from '@findclips/runtime';
import { sampleTranscript, strongPassword, uniqueEmail, until } from '@findclips/testing';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { z } from 'zod';
import { fenceVideoId, settleAnalyses } from '../settle';
import { startPipeline, type Pipeline } from './harness';

describe('analysis pipeline: link → queue → worker → provider → grounded topics', () => {
  let p: Pipeline;
  const pipelineRedis = () => ({ redisUrl: p.gateway.env.REDIS_URL, keyPrefix: p.gateway.env.REDIS_KEY_PREFIX });
  beforeAll(async () => {
    p = await startPipeline();
  });
  afterAll(() => p.close());

  const guest = () => p.gateway.browser();
  const member = (aiProvider?: 'openai' | 'grok' | 'gemini') => p.member(aiProvider);
  const cachedRow = (videoId: string) =>
    p.gateway.dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId });

  it('a guest submits a new video: queued, live events, then the topics over REST', async () => {
    const videoId = p.addVideo(300);
    const browser = guest();
    const submitted = await browser.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    expect(submitted.body).toMatchObject({
      videoId,
      analyzedTopics: null,
      status: 'pending',
      duration: 300,
      error: null,
      left: 1,
      title: `Sample ${videoId}`,
    });
    expect(String(submitted.headers['set-cookie'])).toMatch(
      /gid=[\w-]{16,}; Max-Age=31536000; Path=\/; Expires=.*; SameSite=Lax/,
    );
    expect(String(submitted.headers['set-cookie'])).not.toMatch(/HttpOnly/);

    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const types = p.events.filter((e) => e.videoId === videoId).map((e) => e.type);
    expect(types).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    expect(p.events.find((e) => e.videoId === videoId)).toMatchObject({
      userId: null,
      errorType: null,
      sentAt: expect.any(String),
    });

    const cached = (await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body;
    expect(cached).toMatchObject({
      videoId,
      youtubeId: videoId,
      hasEmptyTopics: false,
      isUserSpecific: false,
      durationSeconds: 300,
    });
    expect(Array.isArray(cached.analyzedTopics)).toBe(true);
    expect(cached.analyzedTopics[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      quotes: expect.arrayContaining([expect.objectContaining({ content: expect.any(String), startTime: expect.any(Number) })]),
    });
    expect(await cachedRow(videoId)).toMatchObject({
      analysisStatus: 'complete',
      analysisProvider: 'local',
      analysisModel: 'findclips-local-1',
    });
    expect((await browser.get(`/api/videos/check-status?videoId=${videoId}`).expect(200)).body).toMatchObject({
      videoId,
      exists: true,
      status: 'complete',
    });
    // A row left 'analyzing' by a job that has ended (its worker could not record the failure, the
    // database being away) is failed, so that a browser stops waiting and may try again.
    await p.gateway.dataSource
      .getRepository(CachedYoutubeDataEntity)
      .update({ youtubeId: videoId }, { analysisStatus: 'analyzing' });
    expect((await browser.get(`/api/videos/check-status?videoId=${videoId}`).expect(200)).body).toMatchObject({
      videoId,
      status: 'failed',
      errorType: null,
      errorCategories: null,
    });
  });

  it('answers a finished analysis at once, without a job; re-opening is free, a new guest pays', async () => {
    const videoId = p.addVideo(300);
    const first = guest();
    await first.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const before = p.events.length;
    const chatCalls = p.openai.calls.chat;

    const again = await first.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(200);
    expect(again.body).toMatchObject({ status: 'complete', left: 1, error: null, duration: 300 });
    expect(again.body.analyzedTopics.length).toBeGreaterThan(0);

    const other = await guest().post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(200);
    expect(other.body).toMatchObject({ status: 'complete', left: 1 });
    await settleAnalyses(pipelineRedis(), [fenceVideoId()], [p.events]);
    expect(p.events.length).toBe(before);
    expect(p.openai.calls.chat).toBe(chatCalls);
  });

  it('a guest who creates an account finds what they analysed in its history and the pages they shared in its shares; signing in to one adds nothing', async () => {
    const [first, second] = [p.addVideo(300), p.addVideo(300)];
    const analyse = async (browser: ReturnType<typeof guest>, videoId: string) => {
      // Analysed already (by another guest): answered at once, a credit spent all the same.
      const answer = await browser.post(`/api/guest/videos/transcript?videoId=${videoId}`);
      expect([200, 202]).toContain(answer.status);
      if (answer.status === 202) await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    };
    const history = async (browser: ReturnType<typeof guest>) =>
      z.array(historyVideoSchema).parse((await browser.get('/api/videos').expect(200)).body);

    // Signing in to an account that exists (another person's, on a shared computer) adds nothing.
    const account = { email: uniqueEmail('existing'), password: strongPassword() };
    await guest().post('/api/register').send(account).expect(201);
    const visitor = guest();
    await analyse(visitor, first);
    await visitor.post('/api/login').send(account).expect(200);
    expect(await history(visitor)).toEqual([]);

    const browser = guest();
    await analyse(browser, first);
    await analyse(browser, second);
    // The guest shares what they read: a public page.
    const topics = (await browser.get(`/api/cached-videos/${second}`).expect(200)).body.analyzedTopics;
    const share = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: second, topics, title: 'Mine', description: 'Watch the highlights' })
      .expect(201);
    // (A page shared in this browser two days ago stays the guest's: likely another person's.)
    const older = await browser
      .post('/api/analysis/share')
      .send({
        youtubeId: first,
        topics: (await browser.get(`/api/cached-videos/${first}`).expect(200)).body.analyzedTopics,
        title: 'Old',
        description: 'Watch the highlights',
      })
      .expect(201);
    await p.gateway.dataSource.query(`UPDATE shared_analysis SET created_at = now() - interval '2 days' WHERE share_id = $1`, [
      older.body.shareId,
    ]);
    await browser
      .post('/api/register')
      .send({ email: uniqueEmail('converted'), password: strongPassword() })
      .expect(201);
    // The page they shared is the account's now: listed, and theirs to remove; the older one is not.
    expect((await browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([
      { shareId: share.body.shareId, youtubeId: second },
    ]);
    expect((await browser.get(`/api/shared/${share.body.shareId}`).expect(200)).body.isOwner).toBe(true);
    const kept = await history(browser);
    expect(kept.map((video) => video.youtubeId)).toEqual([second, first]);
    expect(kept.every((video) => video.title?.startsWith('Sample ') && (video.topicCount ?? 0) > 0)).toBe(true);
    // Each is theirs to open now, the shared analysis they read as a guest.
    const opened = await browser.get(`/api/cached-videos/${second}`).expect(200);
    expect(opened.body.analyzedTopics.length).toBe(kept[0]!.topicCount);

    await browser.delete(`/api/analysis/shared/${share.body.shareId}`).expect(200);
    await browser.get(`/api/shared/${share.body.shareId}`).expect(404);

    // The next person to sign up in this browser (a shared computer) gets none of them.
    await browser.post('/api/logout').expect(200);
    await browser
      .post('/api/register')
      .send({ email: uniqueEmail('next'), password: strongPassword() })
      .expect(201);
    expect(await history(browser)).toEqual([]);
    expect((await browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([]);
  });

  it("a guest whose videos could not be kept as they sign up loses none: kept all or none, the browser's guest keeps them for the next account", async () => {
    const [first, second] = [p.addVideo(300), p.addVideo(300)];
    const browser = guest();
    for (const videoId of [first, second]) {
      expect((await browser.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202)).body.videoId).toBe(videoId);
      await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    }
    const marker = `Refused ${randomUUID()}`;
    const share = await browser
      .post('/api/analysis/share')
      .send({
        youtubeId: second,
        topics: (await browser.get(`/api/cached-videos/${second}`).expect(200)).body.analyzedTopics,
        title: marker,
      })
      .expect(201);
    const history = async () => z.array(historyVideoSchema).parse((await browser.get('/api/videos').expect(200)).body);

    // The database refuses to move this share (a failed write, after the videos were written).
    const refuse = `refuse_${randomUUID().replaceAll('-', '')}`;
    const db = p.gateway.dataSource;
    await db.query(`CREATE FUNCTION ${refuse}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await db.query(
      `CREATE TRIGGER ${refuse} BEFORE UPDATE ON shared_analysis FOR EACH ROW WHEN (NEW.title = '${marker}') EXECUTE FUNCTION ${refuse}()`,
    );
    try {
      await browser
        .post('/api/register')
        .send({ email: uniqueEmail('unkept'), password: strongPassword() })
        .expect(201);
      // None kept rather than some.
      expect(await history()).toEqual([]);
    } finally {
      await db.query(`DROP TRIGGER ${refuse} ON shared_analysis`);
      await db.query(`DROP FUNCTION ${refuse}()`);
    }

    // Still the browser's guest's: signed out, the next account made here keeps them all.
    await browser.post('/api/logout').expect(200);
    await browser
      .post('/api/register')
      .send({ email: uniqueEmail('kept'), password: strongPassword() })
      .expect(201);
    expect((await history()).map((video) => video.youtubeId)).toEqual([second, first]);
    expect((await browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([
      { shareId: share.body.shareId, youtubeId: second },
    ]);
  });

  it('guest credits go 2 → 1 → 0 → refused; a video already analysed stays free', async () => {
    const browser = guest();
    const credits = async () => (await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body.left;
    expect(await credits()).toBe(2);
    const [a, b, c] = [p.addVideo(), p.addVideo(), p.addVideo()];
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${a}`).expect(202)).body.left).toBe(1);
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${b}`).expect(202)).body.left).toBe(0);
    const refused = await browser.post(`/api/guest/videos/transcript?videoId=${c}`).expect(429);
    // The first credit comes back 24 hours after it was spent, and the guest is told when.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(GUEST_CREDIT_WINDOW_SECONDS - 120);
    expect(refused.body).toEqual({ message: quotaMessages.guest(wait), errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    expect(refused.body.message).toBe(
      'You have used your 2 free analyses. Your next free analysis is available in 24 hours; sign up for unlimited access.',
    );
    // The credits say the same wait (a page opened with no credit left shows it for a link to a
    // video not the guest's): it said 'Credits reset 24 hours after use' when the credit came back
    // in 5 minutes, a stranger's audit of times.
    const standing = (await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body;
    expect(standing).toEqual({
      left: 0,
      message: expect.stringMatching(/^You have used your 2 free analyses\. Your next free analysis is available in /),
    });
    expect([quotaMessages.guest(wait), quotaMessages.guest(wait - 60)]).toContain(standing.message);
    await p.nextEvent(a, 'VIDEO_ANALYZED');
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${a}`).expect(200)).body).toMatchObject({
      status: 'complete',
      left: 0,
    });
    expect(await credits()).toBe(0);
  });

  it('refuses 61 minutes to a guest and 2 h 1 min to everyone, and takes 60 minutes and 2 hours', async () => {
    const hour = p.addVideo(61 * 60);
    const tooLong = p.addVideo(121 * 60);
    const guestRefused = await guest().post(`/api/guest/videos/transcript?videoId=${hour}`).expect(422);
    expect(guestRefused.body).toEqual({ message: videoMessages.guestTooLong, errorType: 'GUEST_VIDEO_TOO_LONG' });

    const { browser } = await member();
    await browser.post(`/api/videos/transcript?videoId=${hour}`).send({}).expect(202);
    const memberRefused = await browser.post(`/api/videos/transcript?videoId=${tooLong}`).send({}).expect(422);
    expect(memberRefused.body).toEqual({ message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' });
    expect((await guest().post(`/api/guest/videos/transcript?videoId=${tooLong}`).expect(422)).body.errorType).toBe(
      'VIDEO_TOO_LONG',
    );
    // The limits themselves are within them: 60:00 for a guest, 2:00:00 for anyone, the worker too.
    const [justAnHour, justTwoHours] = [p.addVideo(60 * 60), p.addVideo(120 * 60)];
    await guest().post(`/api/guest/videos/transcript?videoId=${justAnHour}`).expect(202);
    await browser.post(`/api/videos/transcript?videoId=${justTwoHours}`).send({}).expect(202);
    await p.nextEvent(justTwoHours, 'VIDEO_ANALYZED', 60_000);
  });

  it.each(['openai', 'grok', 'gemini'] as const)(
    'a member whose provider is %s gets its analysis, in their history',
    async (provider) => {
      const videoId = p.addVideo(300);
      const { browser, user } = await member(provider);
      await browser
        .post(`/api/videos/transcript?videoId=${videoId}`)
        .send({ youtubeUrl: `https://youtu.be/${videoId}` })
        .expect(202);
      await p.nextEvent(videoId, 'VIDEO_ANALYZED');
      expect(await cachedRow(videoId)).toMatchObject({ analysisStatus: 'complete', analysisProvider: provider });

      const history = z.array(historyVideoSchema).parse((await browser.get('/api/videos').expect(200)).body);
      const topics = (await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
      expect(topics.length).toBeGreaterThan(0);
      // The card tells the video's length and how many topics the member's analysis found.
      expect(history[0]).toMatchObject({
        youtubeId: videoId,
        title: `Sample ${videoId}`,
        thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        durationSeconds: 300,
        topicCount: topics.length,
      });
      const row = await p.gateway.dataSource.getRepository(VideoEntity).findOneByOrFail({ userId: user.id, youtubeId: videoId });
      expect(await p.gateway.dataSource.getRepository(QuoteEntity).countBy({ videoId: row.id })).toBeGreaterThan(0);

      // A member's own submission of a finished analysis is answered at once.
      expect((await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(200)).body.status).toBe('complete');
    },
  );

  it("a member's re-analysis is private: their provider, their event, nobody else's", async () => {
    const videoId = p.addVideo(300);
    const owner = await member('gemini');
    const other = await member();
    await owner.browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    await owner.browser.get(`/api/user-videos/${videoId}`).expect(404);

    const calls = p.gemini.calls.generate;
    await owner.browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true }).expect(202);
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 15_000;
      const poll = () => {
        if (p.events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED' && e.userId === owner.user.id))
          return resolve();
        if (Date.now() > deadline) return reject(new Error('no private VIDEO_ANALYZED event'));
        setTimeout(poll, 50);
      };
      poll();
    });
    expect(p.gemini.calls.generate).toBe(calls + 1);
    const mine = (await owner.browser.get(`/api/user-videos/${videoId}`).expect(200)).body;
    expect(mine).toMatchObject({ videoId, isUserSpecific: true, userAnalysisUpdatedAt: expect.any(String) });
    // The history card counts the topics of the analysis the member now reads: their own.
    const [card] = z.array(historyVideoSchema).parse((await owner.browser.get('/api/videos').expect(200)).body);
    expect(card).toMatchObject({ youtubeId: videoId, topicCount: mine.analyzedTopics.length });
    expect((await owner.browser.get('/api/user-videos').expect(200)).body.map((v: { videoId: string }) => v.videoId)).toContain(
      videoId,
    );
    await other.browser.get(`/api/user-videos/${videoId}`).expect(404);
    await p.gateway.request().post('/api/videos/analyze').send({ videoId }).expect(401);
    // Once it has ended, a reload finds nothing running; a stranger is never told of it.
    expect((await owner.browser.get(`/api/user-videos/${videoId}/status`).expect(200)).body).toEqual({
      videoId,
      reanalyzing: false,
      ahead: null,
    });
    await p.gateway.request().get(`/api/user-videos/${videoId}/status`).expect(401);
  });

  it('retries a 429 from the provider with backoff, then succeeds', async () => {
    const videoId = p.addVideo(300);
    const { browser } = await member('openai');
    p.openai.script.then('rate-limit');
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const events = p.events.filter((e) => e.videoId === videoId);
    expect(events.map((e) => e.type)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    // The second try waited for the backoff (2 s), not started at once.
    expect(Date.parse(events[1]!.sentAt) - Date.parse(events[0]!.sentAt)).toBeGreaterThanOrEqual(1_900);
    expect(await cachedRow(videoId)).toMatchObject({ analysisStatus: 'complete', analysisProvider: 'openai' });
  });

  it('fails at once, with its categories, on a content-policy violation', async () => {
    const videoId = p.addVideo(300, {
      tracks: [
        {
          languageCode: 'en',
          segments: [
            { text: `Today ${p.openai.flagWord} is our topic.`, start: 0, end: 5 },
            { text: 'More words here.', start: 5, end: 9 },
          ],
        },
      ],
    });
    const { browser } = await member('openai');
    const chatCalls = p.openai.calls.chat;
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    const error = await p.nextEvent(videoId, 'ANALYSIS_ERROR');
    expect(error).toMatchObject({
      errorType: 'CONTENT_POLICY',
      errorCategories: ['violence/instructions'],
      errorMessage: expect.stringMatching(/content policy/),
    });
    expect(p.events.filter((e) => e.videoId === videoId && e.type === 'ANALYSIS_STARTED')).toHaveLength(1);
    expect(p.openai.calls.chat).toBe(chatCalls);
    expect(await cachedRow(videoId)).toMatchObject({ analysisStatus: 'failed', errorType: 'CONTENT_POLICY' });
    await browser.get(`/api/cached-videos/${videoId}`).expect(404);
    // A page that missed the event (its live channel away) reads the same reason from the status.
    expect((await guest().get(`/api/videos/check-status?videoId=${videoId}`).expect(200)).body).toEqual({
      videoId,
      exists: true,
      status: 'failed',
      createdAt: expect.any(String),
      errorType: 'CONTENT_POLICY',
      errorMessage: error.errorMessage,
      errorCategories: ['violence/instructions'],
      ahead: null,
    });
  });

  it('refuses a video without captions and an unavailable one at submission, free, and remembers both', async () => {
    const browser = guest();
    const silent = p.addVideo(300, { tracks: undefined });
    const gone = p.addVideo(300, { playability: 'ERROR' });
    const players = p.youtube.counts.player;
    for (let i = 0; i < 3; i++) {
      const noCaptions = await browser.post(`/api/guest/videos/transcript?videoId=${silent}`).expect(422);
      expect(noCaptions.body).toEqual({ message: 'This video has no captions to analyse.', errorType: 'NO_TRANSCRIPT' });
      const unavailable = await browser.post(`/api/guest/videos/transcript?videoId=${gone}`).expect(404);
      expect(unavailable.body.errorType).toBe('VIDEO_UNAVAILABLE');
    }
    // One YouTube lookup each, however often they are asked for, and no credit spent.
    expect(p.youtube.counts.player - players).toBe(2);
    expect((await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body.left).toBe(2);
    expect(p.events.filter((e) => e.videoId === silent || e.videoId === gone)).toHaveLength(0);
  });

  it('remembers a video whose captions YouTube lists but will not serve: the next visitor is refused, free', async () => {
    const empty = p.addVideo(300, { tracks: [{ languageCode: 'en', segments: [] }] });
    // The lookup sees a caption track, so the first visitor pays, and the analysis finds no words.
    const first = guest();
    expect((await first.post(`/api/guest/videos/transcript?videoId=${empty}`).expect(202)).body.left).toBe(1);
    const ended = await p.nextEvent(empty, 'ANALYSIS_ERROR');
    expect(ended).toMatchObject({ errorType: 'NO_TRANSCRIPT' });
    // An analysis never had is not paid for: the credit comes back.
    expect((await first.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body.left).toBe(2);
    // A page that missed the event is told how it ended, though the video was never stored.
    expect((await first.get(`/api/videos/check-status?videoId=${empty}`).expect(200)).body).toMatchObject({
      exists: false,
      status: 'failed',
      errorType: 'NO_TRANSCRIPT',
      errorMessage: ended.errorMessage,
    });

    const players = p.youtube.counts.player;
    for (const visitor of [guest(), guest()]) {
      const refused = await visitor.post(`/api/guest/videos/transcript?videoId=${empty}`).expect(422);
      expect(refused.body).toEqual({ message: 'This video has no captions to analyse.', errorType: 'NO_TRANSCRIPT' });
      expect((await visitor.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body.left).toBe(2);
    }
    const { browser } = await member();
    await browser.post(`/api/videos/transcript?videoId=${empty}`).send({}).expect(422);
    expect(p.youtube.counts.player - players).toBe(0);
    expect(p.events.filter((e) => e.videoId === empty && e.type === 'ANALYSIS_STARTED')).toHaveLength(1);
    // A member may still bring their own captions for it.
    const text = sampleTranscript(240)
      .map((segment) => `${clock(segment.start)} ${segment.text}`)
      .join('\n');
    await browser.post(`/api/user-videos/${empty}/transcript`).send({ text }).expect(202);
  });

  it('refuses a video whose length YouTube does not give (a live stream) to guests and members alike', async () => {
    const live = p.addVideo(0);
    const refused = await guest().post(`/api/guest/videos/transcript?videoId=${live}`).expect(422);
    expect(refused.body).toEqual({ message: videoMessages.unknownLength, errorType: 'VIDEO_TOO_LONG' });
    const { browser } = await member();
    expect((await browser.post(`/api/videos/transcript?videoId=${live}`).send({}).expect(422)).body.message).toBe(
      videoMessages.unknownLength,
    );
  });

  it('validates the video id and needs a member where it should', async () => {
    const bad = await guest().post('/api/guest/videos/transcript?videoId=short').expect(400);
    expect(bad.body).toMatchObject({ errorType: 'VALIDATION_ERROR', field: 'videoId' });
    // Given twice, it is not two ids to choose from.
    const twice = await guest().get('/api/videos/check-status?videoId=dQw4w9WgXcQ&videoId=dQw4w9WgXcQ').expect(400);
    expect(twice.body).toEqual({ errorType: 'VALIDATION_ERROR', field: 'videoId', message: 'videoId is given more than once' });
    // A parameter no route reads is dropped, however often it is given.
    await guest().get('/api/videos/check-status?videoId=dQw4w9WgXcQ&utm=a&utm=b').expect(200);
    // An id in the path is named as such, never as the body.
    for (const path of ['/api/cached-videos/not-an-id!', '/api/cached-videos/dQw4w9WgXc%00', '/api/videos/metadata/x']) {
      expect((await guest().get(path).expect(400)).body).toMatchObject({ errorType: 'VALIDATION_ERROR', field: 'id' });
    }
    await guest().get(`/api/cached-videos/${p.addVideo()}`).expect(404);
    await p.gateway.request().post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(401);
    // The link a member sends with the id names the same video, or is refused (nothing queued).
    const { browser } = await member();
    const asked = p.addVideo();
    const other = await browser
      .post(`/api/videos/transcript?videoId=${asked}`)
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
      .expect(400);
    expect(other.body).toEqual({ errorType: 'VALIDATION_ERROR', field: 'youtubeUrl', message: videoMessages.otherVideo });
    // A link that is no YouTube link, or names no video, is refused as the app says it (it was ignored).
    for (const [youtubeUrl, message] of [
      ['not a url', youtubeLinkMessages.invalidUrl.description],
      ['https://vimeo.com/watch?v=dQw4w9WgXcQ', youtubeLinkMessages.invalidUrl.description],
      ['https://www.youtube.com/playlist?list=PL123', youtubeLinkMessages.noVideoId.description],
    ]) {
      const refused = await browser.post(`/api/videos/transcript?videoId=${asked}`).send({ youtubeUrl }).expect(400);
      expect(refused.body).toEqual({ errorType: 'VALIDATION_ERROR', field: 'youtubeUrl', message });
    }
    expect((await browser.get(`/api/videos/check-status?videoId=${asked}`).expect(200)).body.status).toBeNull();
    await p.gateway.request().get('/api/videos').expect(401);
    await p.gateway.request().get('/api/user-videos').expect(401);
  });

  it('serves the transcript of a finished analysis with an ETag, and nothing before it is finished', async () => {
    const videoId = p.addVideo(300);
    await guest().get(`/api/videos/${videoId}/transcript`).expect(404);
    await guest().post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');

    const res = await p.gateway.request().get(`/api/videos/${videoId}/transcript`).expect(200);
    const transcript = videoTranscriptSchema.strict().parse(res.body);
    const stored = readTranscript((await cachedRow(videoId)).transcriptData);
    expect(transcript).toEqual({ videoId, segments: stored.map(({ text, start, end }) => ({ text, start, end })) });
    expect(transcript.segments.length).toBeGreaterThan(10);
    // Weak: the same transcript goes out gzipped or plain, which a strong tag would say are the same bytes.
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    // Compressed for a browser that takes it (as every browser does).
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await p.gateway
      .request()
      .get(`/api/videos/${videoId}/transcript`)
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(res.body);
    const kept = await p.gateway
      .request()
      .get(`/api/videos/${videoId}/transcript`)
      .set('If-None-Match', res.headers.etag!)
      .expect(304);
    // The 304 says what the answer varies by, as the 200 did.
    expect([res.headers.vary, kept.headers.vary]).toEqual([
      expect.stringMatching(/Accept-Encoding/),
      expect.stringMatching(/Accept-Encoding/),
    ]);
    await p.gateway.request().get('/api/videos/not-an-id/transcript').expect(400);

    // Captions changed in the table (an operator's repair, a restore): the next reader gets them,
    // under a new tag, however recently the gateway kept the old ones.
    const other = [{ text: 'Busse befördern mehr Menschen als Autos.', start: 0, end: 4 }];
    await p.gateway.dataSource.query('UPDATE cached_youtube_data SET transcript_data = $2 WHERE youtube_id = $1', [
      videoId,
      JSON.stringify(other),
    ]);
    const renewed = await p.gateway
      .request()
      .get(`/api/videos/${videoId}/transcript`)
      .set('If-None-Match', res.headers.etag!)
      .expect(200);
    expect([renewed.body, renewed.headers.etag === res.headers.etag]).toEqual([{ videoId, segments: other }, false]);
  });

  it('serves a finished analysis with an ETag: a browser that holds it is answered 304, one that holds another the analysis', async () => {
    const [first, second] = [p.addVideo(300), p.addVideo(300)];
    for (const videoId of [first, second]) {
      await guest().post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
      await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    }
    const read = (videoId: string, etag?: string) => {
      const request = p.gateway.request().get(`/api/cached-videos/${videoId}`);
      return etag ? request.set('If-None-Match', etag) : request;
    };
    const answer = await read(first).expect(200);
    const etag = answer.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toMatchObject({ videoId: first, analyzedTopics: expect.any(Array) });
    // Gzipped for a browser that takes it (kept so in memory, not compressed per request); plain otherwise.
    expect(answer.headers['content-encoding']).toBe('gzip');
    for (const accepted of ['identity', 'br', 'gzip;q=0, br;q=0']) {
      const plain = await read(first).set('Accept-Encoding', accepted).expect(200);
      expect([accepted, plain.headers['content-encoding'] ?? 'plain']).toEqual([accepted, accepted === 'br' ? 'br' : 'plain']);
      expect(plain.body).toEqual(answer.body);
    }

    const unchanged = await read(first, etag).expect(304);
    expect(unchanged.text).toBeFalsy();
    expect(unchanged.headers.vary).toMatch(/Accept-Encoding/);
    // Another analysis is another ETag: a browser holding the first one gets the second in full.
    const other = await read(second, etag).expect(200);
    expect(other.headers.etag).not.toBe(etag);
    expect(other.body).toMatchObject({ videoId: second, analyzedTopics: expect.any(Array) });
    expect((await read(first, '"stale"').expect(200)).body).toEqual(answer.body);
  });

  it('serves metadata of a video', async () => {
    const videoId = p.addVideo(1234);
    const res = await guest().get(`/api/videos/metadata/${videoId}`).expect(200);
    expect(res.body).toEqual({
      videoId,
      title: `Sample ${videoId}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
      channelTitle: 'Fake Channel',
      durationSeconds: 1234,
    });
  });
});

describe('one job for many submitters', () => {
  // Whoever's submission queues the job picks its provider (a member's, or the default for a
  // guest): both are OpenAI here, so that the one provider call can be counted whoever wins.
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline({}, { ANALYSIS_DEFAULT_PROVIDER: 'openai' });
  });
  afterAll(() => p.close());

  it('50 concurrent submissions of one new video cause one transcript fetch and one provider call', async () => {
    const videoId = p.addVideo(300);
    const members = await Promise.all(Array.from({ length: 5 }, () => p.member('openai')));
    const before = { timedtext: p.youtube.counts.timedtext, player: p.youtube.counts.player, chat: p.openai.calls.chat };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? members[i % 5]!.browser.post(`/api/videos/transcript?videoId=${videoId}`).send({})
          : p.gateway.browser().post(`/api/guest/videos/transcript?videoId=${videoId}`),
      ),
    );
    expect(responses.every((r) => r.status === 202 || r.status === 200)).toBe(true);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    await settleAnalyses(
      { redisUrl: p.gateway.env.REDIS_URL, keyPrefix: p.gateway.env.REDIS_KEY_PREFIX },
      [fenceVideoId()],
      [p.events],
    );
    expect(p.youtube.counts.timedtext - before.timedtext).toBe(1);
    expect(p.openai.calls.chat - before.chat).toBe(1);
    // Metadata: one player call for all 50 submissions, one more for the transcript.
    expect(p.youtube.counts.player - before.player).toBe(2);
    // A submission that read the row just before completion may queue a second job: it finds the
    // analysis complete and only announces it, without fetching or calling the provider.
    expect(
      await p.gateway.dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId }),
    ).toMatchObject({ analysisStatus: 'complete', analysisProvider: 'openai' });
  });
});

describe('analysis quotas', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline({
      MEMBER_ANALYSES_PER_HOUR: '2',
      GUEST_ANALYSES_PER_IP_PER_DAY: '3',
      TRUST_PROXY: '1',
    });
  });
  afterAll(() => p.close());

  /** A browser behind the trusted proxy at `address`. */
  const from = (address: string) => {
    const agent = supertest.agent(p.gateway.url);
    return {
      submit: (videoId: string) => agent.post(`/api/guest/videos/transcript?videoId=${videoId}`).set('X-Forwarded-For', address),
      metadata: (videoId: string) => agent.get(`/api/videos/metadata/${videoId}`).set('X-Forwarded-For', address),
      credits: () => agent.get('/api/guest/credits').set('X-Forwarded-For', address),
    };
  };

  it('a guest without credit gets 429 before YouTube is asked anything', async () => {
    const guest = from('198.51.100.7');
    await guest.submit(p.addVideo()).expect(202);
    await guest.submit(p.addVideo()).expect(202);
    const refusedIds = [p.addVideo(), p.addVideo(), p.addVideo(), 'neverExists']; // the last one YouTube does not know
    for (const videoId of refusedIds) {
      const refused = await guest.submit(videoId).expect(429);
      expect(refused.body.errorType).toBe('GUEST_QUOTA_EXCEEDED');
    }
    expect(refusedIds.map((id) => p.youtube.playerCallsFor(id))).toEqual([0, 0, 0, 0]);
  });

  it('10 parallel submissions of one new video by one guest spend one credit', async () => {
    const guest = from('198.51.100.8');
    await guest.credits().expect(200);
    const videoId = p.addVideo();
    const answers = await Promise.all(Array.from({ length: 10 }, () => guest.submit(videoId)));
    expect(answers.map((r) => r.status).every((s) => s === 202 || s === 200)).toBe(true);
    expect((await guest.credits().expect(200)).body.left).toBe(1);
  });

  it("tells each of a guest's parallel submissions of two new videos what it left", async () => {
    const guest = from('198.51.100.9');
    await guest.credits().expect(200); // the guest's cookie
    const answers = await Promise.all([p.addVideo(), p.addVideo()].map((videoId) => guest.submit(videoId).expect(202)));
    expect(answers.map((r) => r.body.left as number).sort()).toEqual([0, 1]);
    expect((await guest.credits().expect(200)).body.left).toBe(0);
  });

  it('limits new analyses per member per hour', async () => {
    const browser = p.gateway.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(202);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(202);
    const third = p.addVideo();
    const res = await browser.post(`/api/videos/transcript?videoId=${third}`).send({}).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3600 - 120);
    expect(res.body).toEqual({
      message: 'You have started too many new analyses in the last hour. Please try again in 1 hour.',
      errorType: 'ANALYSIS_QUOTA_EXCEEDED',
    });
    // Asked again at once, it is refused again: a refusal leaves no mark that a request for the
    // same video would join for nothing.
    await browser.post(`/api/videos/transcript?videoId=${third}`).send({}).expect(429);
    expect(p.youtube.playerCallsFor(third)).toBeLessThanOrEqual(1);
    expect(p.events.filter((e) => e.videoId === third)).toEqual([]);
  });

  it("takes one of a member's analyses for 10 parallel submissions of one video (a double submit joins it)", async () => {
    const browser = p.gateway.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const videoId = p.addVideo();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.post(`/api/videos/transcript?videoId=${videoId}`).send({})),
    );
    // Before, each request took one of the hour's 2 analyses: 2 were answered and 8 refused.
    expect(answers.map((r) => r.status).filter((s) => s !== 202 && s !== 200)).toEqual([]);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(202);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(429);
  });

  it('caps guest analyses per IPv6 /64, whatever the addresses in it', async () => {
    // Each guest is new, from another address of one /64; lookups come from other networks' budgets.
    for (let i = 1; i <= 3; i++) await from(`2001:db8:cccc:7::${i}`).submit(p.addVideo()).expect(202);
    const late = from('2001:db8:cccc:7:ffff:ffff:ffff:ffff');
    // A new guest there is told at once that nothing is left, not 2 of 2.
    const told = (await late.credits().expect(200)).body;
    const refused = await late.submit(p.addVideo()).expect(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(GUEST_CREDIT_WINDOW_SECONDS - 120);
    expect(refused.body).toEqual({ message: quotaMessages.network(wait), errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    // With the same wait the refusal gives (it said none).
    expect(told).toEqual({
      left: 0,
      message: expect.stringMatching(/^Too many free analyses from this network today\. The next/),
    });
    expect([quotaMessages.network(wait), quotaMessages.network(wait + 60)]).toContain(told.message);
    await from('2001:db8:cccc:8::1').submit(p.addVideo()).expect(202);
  });

  it("caps guest analyses per address behind a proxy that writes the client's port with it, whatever the port", async () => {
    // Some proxies (Azure's Application Gateway) forward '198.51.100.90:51034': each new connection
    // of one client comes from another port, which made it another network with a cap of its own.
    for (const port of [51001, 51002, 51003]) await from(`198.51.100.90:${port}`).submit(p.addVideo()).expect(202);
    const refused = await from('198.51.100.90:51004').submit(p.addVideo()).expect(429);
    expect(refused.body).toMatchObject({ errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    // And an IPv6 client, its address in brackets before the port, counts by its /64 as ever.
    for (const port of [51001, 51002, 51003])
      await from(`[2001:db8:dddd:1::${port - 51000}]:${port}`)
        .submit(p.addVideo())
        .expect(202);
    await from('2001:db8:dddd:1::1').submit(p.addVideo()).expect(429);
  });

  it('tells guests who reach the cap of their network together that the network is out, not each guest', async () => {
    // Six new guests of one /64, each with both credits, submit at once: three fit under the cap.
    const guests = Array.from({ length: 6 }, (_, i) => from(`2001:db8:cccc:9::${i + 1}`));
    await Promise.all(guests.map((guest) => guest.credits().expect(200)));
    const answers = await Promise.all(guests.map((guest) => guest.submit(p.addVideo())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      const message = quotaMessages.network(Number(refused.headers['retry-after']));
      expect(refused.body).toEqual({ message, errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    }
  });

  it("gives every guest who paid for an analysis that failed their credit back, their network's too", async () => {
    // Captions listed, and served without a word, slowly: both guests pay while the analysis waits
    // for them, and it fails for good. (Held by this video's own delay: a failure of YouTube's
    // next request could be taken by another test's analysis still running.)
    const videoId = p.addVideo(300, { tracks: [{ languageCode: 'en', segments: [] }], captionDelayMs: 2_000 });
    const [first, second] = [from('203.0.113.60'), from('203.0.113.60')];
    expect((await first.submit(videoId).expect(202)).body.left).toBe(1);
    expect((await second.submit(videoId).expect(202)).body.left).toBe(1);
    expect(await p.nextEvent(videoId, 'ANALYSIS_ERROR')).toMatchObject({ errorType: 'NO_TRANSCRIPT' });
    for (const guest of [first, second]) expect((await guest.credits().expect(200)).body.left).toBe(2);
    // The network's 3 are all there again: a third guest of it may have 2.
    expect((await from('203.0.113.60').credits().expect(200)).body.left).toBe(2);
    // Asked again by a guest who paid for it, it is refused as it is to anyone, YouTube not asked
    // (it was queued free, each time asking YouTube).
    const asked = p.youtube.playerCallsFor(videoId);
    expect((await first.submit(videoId).expect(422)).body.errorType).toBe('NO_TRANSCRIPT');
    expect(p.youtube.playerCallsFor(videoId)).toBe(asked);
    // What was paid back is paid again: the next new video costs a credit.
    expect((await first.submit(p.addVideo()).expect(202)).body.left).toBe(1);
  });

  it('refuses a guest a video refused for its content, free and without analysing it again: no credit paid back for ever', async () => {
    // The guests' provider (local) refuses it by our lexicon: the guest paid, and is paid back.
    const videoId = p.addVideo(300, {
      tracks: [
        {
          languageCode: 'en',
          segments: [
            { text: 'Today we explain how to build a pipe bomb at home.', start: 0, end: 5 },
            { text: 'More words here.', start: 5, end: 9 },
          ],
        },
      ],
    });
    const guest = from('203.0.113.80');
    expect((await guest.submit(videoId).expect(202)).body.left).toBe(1);
    const refusal = await p.nextEvent(videoId, 'ANALYSIS_ERROR');
    expect(refusal.errorType).toBe('CONTENT_POLICY');
    expect((await guest.credits().expect(200)).body.left).toBe(2);
    // Asked again (by them, or by a new guest), it is refused at once as it was, for nothing: it
    // was queued again, analysed again and paid back again, as often as asked.
    for (const asking of [guest, from('203.0.113.81')]) {
      const again = await asking.submit(videoId).expect(422);
      expect(again.body).toEqual({
        message: refusal.errorMessage,
        errorType: 'CONTENT_POLICY',
        errorCategories: refusal.errorCategories ?? [],
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(p.events.filter((e) => e.videoId === videoId && e.type === 'ANALYSIS_STARTED')).toHaveLength(1);
    expect((await guest.credits().expect(200)).body.left).toBe(2);
  });

  it("asks the guests' provider of a video a member's own provider refused for its content: not its verdict", async () => {
    // The member's OpenAI moderation flags a word our lexicon, the guests' provider's check, does not.
    const videoId = p.addVideo(300, {
      tracks: [
        {
          languageCode: 'en',
          segments: [{ text: `Today ${p.openai.flagWord} is our topic.`, start: 0, end: 5 }, ...sampleTranscript(300).slice(1)],
        },
      ],
    });
    const { browser } = await p.member('openai');
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    expect((await p.nextEvent(videoId, 'ANALYSIS_ERROR')).errorType).toBe('CONTENT_POLICY');
    // A guest asking for it pays, and the guests' provider analyses it.
    expect((await from('203.0.113.82').submit(videoId).expect(202)).body.left).toBe(1);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
  });

  it('keeps the credit of a guest whose analysis failed once, to be retried, and then succeeded', async () => {
    // Captions that need a proof-of-origin token come empty: the first attempt fails, to be tried again.
    const videoId = p.addVideo(300, { tracks: [{ languageCode: 'en', segments: sampleTranscript(300), poTokenGated: true }] });
    const guest = from('203.0.113.70');
    expect((await guest.submit(videoId).expect(202)).body.left).toBe(1);
    let retry: Awaited<ReturnType<typeof p.gateway.queue.getDelayed>>[number] | undefined;
    await until(
      async () => (retry = (await p.gateway.queue.getDelayed()).find((job) => job.data.videoId === videoId)) !== undefined,
      20_000,
      'a first attempt failed, to be retried',
    );
    expect((await guest.credits().expect(200)).body.left).toBe(1);
    // YouTube serves them by the retry, which is let go at once.
    p.youtube.addVideo({ id: videoId, durationSeconds: 300, tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }] });
    await retry!.promote();
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', 30_000);
    expect((await guest.credits().expect(200)).body.left).toBe(1);
  });

  it('charges a guest paid back for a failed analysis when someone else has the video analysed later', async () => {
    const videoId = p.addVideo(300, { tracks: [{ languageCode: 'en', segments: [] }] });
    const first = from('203.0.113.64');
    expect((await first.submit(videoId).expect(202)).body.left).toBe(1);
    await p.nextEvent(videoId, 'ANALYSIS_ERROR');
    expect((await first.credits().expect(200)).body.left).toBe(2);
    // Its captions come, and what was remembered of it has expired: another guest has it analysed.
    p.youtube.addVideo({
      id: videoId,
      title: 'Captioned now',
      durationSeconds: 300,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }],
    });
    await p.gateway.redis.del(redisKeys(p.gateway.env.REDIS_KEY_PREFIX).metadata(videoId));
    const after = p.events.length;
    await from('203.0.113.65').submit(videoId).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', 30_000, { after });
    // The first guest never had it: it costs them a credit, as a video new to them (it was theirs free).
    expect((await first.submit(videoId).expect(200)).body.left).toBe(1);
  });

  it('gives back nothing to guests who had their analysis, should the video fail later', async () => {
    const videoId = p.addVideo();
    const sharer = from('203.0.113.61');
    expect((await sharer.submit(videoId).expect(202)).body.left).toBe(1);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const reader = from('203.0.113.62');
    expect((await reader.submit(videoId).expect(200)).body.left).toBe(1);
    // Were its analysis run again and failed (its row removed meanwhile), the worker would give
    // back what is owed: nothing, as both had it.
    expect(await new GuestPayers(p.gateway.redis, p.gateway.env.REDIS_KEY_PREFIX).refund(videoId)).toEqual([]);
    for (const guest of [sharer, reader]) expect((await guest.credits().expect(200)).body.left).toBe(1);
  });

  it('caps guest analyses per IP address, whatever the cookies', async () => {
    const fresh = () => supertest.agent(p.gateway.url);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    const res = await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(429);
    const message = quotaMessages.network(Number(res.headers['retry-after']));
    expect(res.body).toEqual({ message, errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
  });
});

describe('YouTube lookups', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline({ YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '4', YOUTUBE_LOOKUPS_PER_MINUTE: '6', TRUST_PROXY: '1' });
  });
  afterAll(() => p.close());

  const from = (address: string) => ({
    metadata: (videoId: string) => p.gateway.request().get(`/api/videos/metadata/${videoId}`).set('X-Forwarded-For', address),
  });
  const asked: string[] = [];
  const refused: string[] = [];
  const lookedUp = () => (asked.push(p.addVideo()), asked.at(-1)!);
  const notLookedUp = () => (refused.push(p.addVideo()), refused.at(-1)!);

  it('limits YouTube lookups per address (IPv6 by /64) and for the service, with Retry-After', async () => {
    const one = from('2001:db8:aaaa:1::1');
    for (let i = 0; i < 4; i++)
      await from(`2001:db8:aaaa:1::${i + 10}`)
        .metadata(p.addVideo())
        .expect(200);
    const limited = await one.metadata(notLookedUp()).expect(429);
    expect(limited.body.errorType).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(
      /^Too many new videos looked up from this network\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another network may look up two more; then the service as a whole has had its 6.
    await from('2001:db8:bbbb:2::1').metadata(lookedUp()).expect(200);
    await from('2001:db8:bbbb:2::1').metadata(lookedUp()).expect(200);
    const busy = await from('203.0.113.9').metadata(notLookedUp()).expect(429);
    expect(busy.body.message).toMatch(/^We are looking up too many new videos right now/);
  });

  afterAll(() => {
    expect(asked.map((id) => p.youtube.playerCallsFor(id))).toEqual(asked.map(() => 1));
    expect(refused.map((id) => p.youtube.playerCallsFor(id))).toEqual(refused.map(() => 0));
  });
});

describe('YouTube lookups from one network of many addresses', () => {
  let p: Pipeline;
  beforeAll(async () => {
    // A network may take a fifth of the service's 20 a minute: 4, two addresses' worth.
    p = await startPipeline({ YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '2', YOUTUBE_LOOKUPS_PER_MINUTE: '20', TRUST_PROXY: '1' });
  });
  afterAll(() => p.close());

  const metadata = (address: string, videoId: string) =>
    p.gateway.request().get(`/api/videos/metadata/${videoId}`).set('X-Forwarded-For', address);

  it.each([
    [
      'an IPv6 /48, one /64 after another',
      ['2001:db8:cccc:1::1', '2001:db8:cccc:2::1', '2001:db8:cccc:3::1'],
      '2001:db8:dddd:1::1',
    ],
    ['an IPv4 /24, one address after another', ['198.51.100.1', '198.51.100.2', '198.51.100.3'], '198.51.101.1'],
  ])('%s takes its share, not every lookup of the service: other networks still get theirs', async (_, addresses, other) => {
    const [first, second, third] = addresses as [string, string, string];
    for (const address of [first, first, second, second]) await metadata(address, p.addVideo()).expect(200);
    // A third address of the network, with none of its own used, walks into the network's limit.
    const refused = p.addVideo();
    const limited = await metadata(third, refused).expect(429);
    expect(limited.body.message).toMatch(
      /^Too many new videos looked up from this network\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(p.youtube.playerCallsFor(refused)).toBe(0);
    // (Until stop 75, addresses enough of one network took all 20 of the minute.)
    await metadata(other, p.addVideo()).expect(200);
  });
});
