import { videoMessages } from '@findclips/contracts';
import { CachedYoutubeDataEntity, QuoteEntity, VideoEntity } from '@findclips/db';
import { strongPassword, uniqueEmail } from '@findclips/testing';
import supertest from 'supertest';
import { startPipeline, type Pipeline } from './harness';

describe('analysis pipeline: link → queue → worker → provider → grounded topics', () => {
  let p: Pipeline;
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
  });

  it('answers a finished analysis at once, without a job; re-opening is free, a new guest pays', async () => {
    const videoId = p.addVideo(300);
    const first = guest();
    await first.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const before = p.events.length;
    const chatCalls = p.openai.calls.chat;

    const again = await first.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(200);
    expect(again.body).toMatchObject({ status: 'complete', left: 1 });
    expect(again.body.analyzedTopics.length).toBeGreaterThan(0);

    const other = await guest().post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(200);
    expect(other.body).toMatchObject({ status: 'complete', left: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(p.events.length).toBe(before);
    expect(p.openai.calls.chat).toBe(chatCalls);
  });

  it('guest credits go 2 → 1 → 0 → refused; a video already analysed stays free', async () => {
    const browser = guest();
    const credits = async () => (await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200)).body.left;
    expect(await credits()).toBe(2);
    const [a, b, c] = [p.addVideo(), p.addVideo(), p.addVideo()];
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${a}`).expect(202)).body.left).toBe(1);
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${b}`).expect(202)).body.left).toBe(0);
    const refused = await browser.post(`/api/guest/videos/transcript?videoId=${c}`).expect(429);
    expect(refused.body).toEqual({ message: videoMessages.guestQuota, errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    await p.nextEvent(a, 'VIDEO_ANALYZED');
    expect((await browser.post(`/api/guest/videos/transcript?videoId=${a}`).expect(200)).body).toMatchObject({
      status: 'complete',
      left: 0,
    });
    expect(await credits()).toBe(0);
  });

  it('refuses 61 minutes to a guest and 2 h 1 min to everyone', async () => {
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

      const history = (await browser.get('/api/videos').expect(200)).body;
      expect(history[0]).toMatchObject({
        youtubeId: videoId,
        title: `Sample ${videoId}`,
        thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
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
    expect((await owner.browser.get('/api/user-videos').expect(200)).body.map((v: { videoId: string }) => v.videoId)).toContain(
      videoId,
    );
    await other.browser.get(`/api/user-videos/${videoId}`).expect(404);
    await p.gateway.request().post('/api/videos/analyze').send({ videoId }).expect(401);
  });

  it('retries a 429 from the provider with backoff, then succeeds', async () => {
    const videoId = p.addVideo(300);
    const { browser } = await member('openai');
    p.openai.script.then('rate-limit');
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const types = p.events.filter((e) => e.videoId === videoId).map((e) => e.type);
    expect(types).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
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
  });

  it('reports a video without captions as NO_TRANSCRIPT, and an unavailable one at submission', async () => {
    const silent = p.addVideo(300, { tracks: undefined });
    await guest().post(`/api/guest/videos/transcript?videoId=${silent}`).expect(202);
    expect(await p.nextEvent(silent, 'ANALYSIS_ERROR')).toMatchObject({ errorType: 'NO_TRANSCRIPT' });

    const gone = p.addVideo(300, { playability: 'ERROR' });
    const res = await guest().post(`/api/guest/videos/transcript?videoId=${gone}`).expect(404);
    expect(res.body.errorType).toBe('VIDEO_UNAVAILABLE');
  });

  it('50 concurrent submissions of one new video cause one transcript fetch and one provider call', async () => {
    const videoId = p.addVideo(300);
    const members = await Promise.all(Array.from({ length: 5 }, () => member('openai')));
    const before = { timedtext: p.youtube.counts.timedtext, player: p.youtube.counts.player, chat: p.openai.calls.chat };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? members[i % 5]!.browser.post(`/api/videos/transcript?videoId=${videoId}`).send({})
          : guest().post(`/api/guest/videos/transcript?videoId=${videoId}`),
      ),
    );
    expect(responses.every((r) => r.status === 202 || r.status === 200)).toBe(true);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(p.youtube.counts.timedtext - before.timedtext).toBe(1);
    expect(p.openai.calls.chat - before.chat).toBe(1);
    // Metadata: one player call for all 50 submissions, one more for the transcript.
    expect(p.youtube.counts.player - before.player).toBe(2);
    // A submission that read the row just before completion may queue a second job: it finds the
    // analysis complete and only announces it, without fetching or calling the provider.
    expect(await cachedRow(videoId)).toMatchObject({ analysisStatus: 'complete', analysisProvider: 'openai' });
  });

  it('validates the video id and needs a member where it should', async () => {
    const bad = await guest().post('/api/guest/videos/transcript?videoId=short').expect(400);
    expect(bad.body).toMatchObject({ errorType: 'VALIDATION_ERROR', field: 'videoId' });
    await guest().get('/api/cached-videos/not-an-id!').expect(400);
    await guest().get(`/api/cached-videos/${p.addVideo()}`).expect(404);
    await p.gateway.request().post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(401);
    await p.gateway.request().get('/api/videos').expect(401);
    await p.gateway.request().get('/api/user-videos').expect(401);
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

describe('analysis quotas', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline({ MEMBER_ANALYSES_PER_HOUR: '2', GUEST_ANALYSES_PER_IP_PER_DAY: '3' });
  });
  afterAll(() => p.close());

  it('limits new analyses per member per hour', async () => {
    const browser = p.gateway.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(202);
    await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(202);
    const res = await browser.post(`/api/videos/transcript?videoId=${p.addVideo()}`).send({}).expect(429);
    expect(res.body).toEqual({ message: videoMessages.memberQuota, errorType: 'ANALYSIS_QUOTA_EXCEEDED' });
  });

  it('caps guest analyses per IP address, whatever the cookies', async () => {
    const fresh = () => supertest.agent(p.gateway.url);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(202);
    const res = await fresh().post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).expect(429);
    expect(res.body).toEqual({ message: videoMessages.guestNetworkQuota, errorType: 'GUEST_QUOTA_EXCEEDED', left: 2 });
  });
});
