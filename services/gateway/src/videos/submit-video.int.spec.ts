// The submit-video use cases (guests, members, re-analysis) called directly.
import {
  AppError,
  editMessages,
  GUEST_CREDIT_WINDOW_SECONDS,
  GUEST_CREDITS,
  quotaMessages,
  topicsSchema,
  videoMessages,
  type Topic,
} from '@findclips/contracts';
import {
  AnalysisEdits,
  CachedVideos,
  createDataSource,
  GuestAnalyses,
  MemberAnalyses,
  MemberHistory,
  UploadedTranscripts,
  type UserEntity,
} from '@findclips/db';
import { analysisJobKey, analysisJobSchema, createAnalysisQueue, type AnalysisJob, type AnalysisQueue } from '@findclips/queue';
import {
  createLogger,
  createRedisClient,
  FAILURE_CACHE_SECONDS,
  GuestPayers,
  REDIS_DEADLINE_MS,
  redisKeys,
  VideoFailures,
  type RedisClient,
} from '@findclips/runtime';
import {
  buildUser,
  oneTopicAnalysis,
  sampleTranscript,
  startFakeYoutube,
  tcpProxy,
  until,
  type FakeYoutube,
} from '@findclips/testing';
import { YoutubeClient } from '@findclips/youtube';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { testDataSource } from '../test/harness';
import { editAnalysis, ownAnalysis } from './edit-analysis';
import { readFinished } from './finished-answers';
import { VideoMetadataService } from './metadata';
import { GuestCredits, MemberAnalysisLimit, YoutubeLookupLimit } from './quotas';
import {
  analysisStatus,
  reanalysisRunning,
  reanalysisStanding,
  reanalyze,
  submitAsGuest,
  submitAsMember,
  type SubmitVideoDeps,
} from './submit-video';

const topics: Topic[] = oneTopicAnalysis();

/**
 * The submit-video use cases called directly, as the routes call them: the real database and
 * Redis (credits, limits, the BullMQ queue), the fake YouTube over HTTP. What a submitter gets back,
 * what is queued and what is recorded.
 */
describe('submitting a video', () => {
  let db: DataSource;
  let redis: RedisClient;
  let queue: AnalysisQueue;
  let youtube: FakeYoutube;
  let deps: SubmitVideoDeps;
  let counter = 0;
  const keyPrefix = `fc:test:${randomUUID()}:`;
  const address = '203.0.113.7';

  beforeAll(async () => {
    db = await testDataSource();
    const logger = createLogger('gateway', 'silent');
    redis = createRedisClient(process.env.REDIS_URL!, logger);
    await redis.connect();
    queue = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix, commandTimeoutMs: REDIS_DEADLINE_MS });
    youtube = await startFakeYoutube();
    const cached = new CachedVideos(db);
    deps = {
      cached,
      memberAnalyses: new MemberAnalyses(db),
      history: new MemberHistory(db),
      guests: new GuestAnalyses(db),
      edits: new AnalysisEdits(db),
      uploads: new UploadedTranscripts(db),
      metadata: new VideoMetadataService(
        cached,
        new YoutubeClient({ baseUrl: youtube.url, timeoutMs: 5_000 }),
        redis,
        keyPrefix,
        new YoutubeLookupLimit(redis, keyPrefix, 1_000, 1_000),
      ),
      queue,
      credits: new GuestCredits(redis, keyPrefix, 1_000),
      memberLimit: new MemberAnalysisLimit(redis, keyPrefix, 1_000),
    };
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    await redis?.quit();
    await youtube?.close();
  });

  /** A video YouTube knows, with captions unless told otherwise. */
  function videoOnYoutube({ minutes = 10, captions = true } = {}): string {
    const id = `sub${Date.now().toString(36).slice(-5)}${counter++}`.padEnd(11, 'x').slice(0, 11);
    youtube.addVideo({
      id,
      title: `Talk ${id}`,
      durationSeconds: minutes * 60,
      tracks: captions ? [{ languageCode: 'en', segments: sampleTranscript(120) }] : undefined,
    });
    return id;
  }

  /** A video whose shared analysis runs, stored by the worker once it has the captions. */
  async function analysing(videoId: string, durationSeconds = 600): Promise<void> {
    await deps.cached.saveFetched(
      { videoId, title: `Talk ${videoId}`, thumbnailUrl: null, description: null, channelTitle: null, durationSeconds },
      'en',
      sampleTranscript(120),
    );
    expect(await deps.cached.markAnalyzing(videoId)).toBe(true);
  }

  /** A video whose shared analysis is complete, through the table's owner as the worker does it. */
  async function analysed(videoId: string, durationSeconds = 600): Promise<void> {
    await analysing(videoId, durationSeconds);
    expect(await deps.cached.complete(videoId, topics, 'local', 'find-clips-local')).toBe(true);
  }

  /** The job queued for the video, as the worker will read it. */
  async function queuedJob(job: Pick<AnalysisJob, 'scope' | 'videoId' | 'userId'>): Promise<AnalysisJob | null> {
    const id = await queue.getDeduplicationJobId(analysisJobKey(job));
    const found = id ? await queue.getJob(id) : undefined;
    return found ? analysisJobSchema.parse(found.data) : null;
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the submission was accepted');
      },
      (error: unknown) =>
        error instanceof AppError
          ? {
              code: error.code,
              message: error.message,
              ...error.extra,
              ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
            }
          : Promise.reject(error),
    );

  const submitter = (videoId: string) => ({ videoId, address, requestId: `req-${videoId}` });

  /** The queue over a TCP proxy to Redis, connected: the test takes Redis away from it alone. */
  async function queueBehindProxy() {
    const server = new URL(process.env.REDIS_URL!);
    const proxy = await tcpProxy(Number(server.port || 6379), server.hostname);
    server.host = `127.0.0.1:${proxy.port}`;
    const proxied = createAnalysisQueue({ url: server.toString(), keyPrefix, commandTimeoutMs: REDIS_DEADLINE_MS });
    await proxied.waitUntilReady();
    const close = async () => {
      await proxy.restore();
      await proxied.close();
      await proxy.close();
    };
    return { proxy, queue: proxied, close };
  }

  describe('where an analysis stands (what the dashboard asks when it opens ?video=, after a reload)', () => {
    const noFailure = { errorType: null, errorMessage: null, errorCategories: null };
    const failures = () => new VideoFailures(redis, keyPrefix);
    const standing = (videoId: string) => analysisStatus({ ...deps, failures: failures() }, videoId);
    /** The status of a video the worker has not stored. */
    const notStored = (videoId: string, status: 'pending' | null) => ({
      videoId,
      exists: false,
      status,
      createdAt: null,
      ...noFailure,
      // (The jobs other cases queued wait before it: no worker runs here.)
      ahead: status === 'pending' ? expect.any(Number) : null,
    });
    it('is pending from the moment its job is queued, before the worker has stored the video', async () => {
      const videoId = videoOnYoutube();
      expect(await standing(videoId)).toEqual(notStored(videoId, null));
      await submitAsGuest(deps, randomUUID(), submitter(videoId));
      // The worker stores the video once it has the captions: until then only the queue knows.
      expect(await deps.cached.statusOf(videoId)).toBeNull();
      expect(await standing(videoId)).toEqual(notStored(videoId, 'pending'));
      // Its job gone (ended, or removed by an operator): nothing runs any more.
      const jobId = await queue.getDeduplicationJobId(analysisJobKey({ scope: 'shared', videoId, userId: null }));
      await queue.remove(jobId!);
      expect(await standing(videoId)).toEqual(notStored(videoId, null));
      await analysed(videoId);
      expect(await standing(videoId)).toMatchObject({ videoId, exists: true, status: 'complete' });
    });

    it('says how many analyses wait before it while it waits, the oldest taken first, and none once it runs', async () => {
      const videos = [videoOnYoutube(), videoOnYoutube(), videoOnYoutube()];
      for (const videoId of videos) await submitAsGuest(deps, randomUUID(), submitter(videoId));
      const ahead = await Promise.all(videos.map(async (videoId) => (await standing(videoId)).ahead));
      expect(ahead[0]).toEqual(expect.any(Number));
      expect(ahead).toEqual([ahead[0], ahead[0]! + 1, ahead[0]! + 2]);
      // The first one's job leaves the line (taken, or removed): each queued after it moves up one.
      const first = await queue.getDeduplicationJobId(analysisJobKey({ scope: 'shared', videoId: videos[0]!, userId: null }));
      await queue.remove(first!);
      const after = await Promise.all(videos.map(async (videoId) => (await standing(videoId)).ahead));
      expect(after).toEqual([null, ahead[0], ahead[0]! + 1]);
    });

    it('is failed, and says why, when the last job failed before the video was stored; pending again once submitted anew', async () => {
      // YouTube unreachable for every attempt: the worker never stored the video, so no row says it failed.
      const videoId = videoOnYoutube();
      const message = 'YouTube could not be reached. Please try again later.';
      await failures().analysisFailed(videoId, { code: 'YOUTUBE_UNREACHABLE', message, categories: [] });
      expect(await standing(videoId)).toEqual({
        videoId,
        exists: false,
        status: 'failed',
        createdAt: null,
        errorType: 'YOUTUBE_UNREACHABLE',
        errorMessage: message,
        errorCategories: [],
        ahead: null,
      });
      await submitAsGuest(deps, randomUUID(), submitter(videoId));
      expect(await standing(videoId)).toMatchObject({ status: 'pending', ...noFailure });
    });

    it('is failed, and says why, for a video YouTube refused lately (gone, no captions): nobody is told it was never analysed', async () => {
      const videoId = `gone${Date.now().toString(36).slice(-7)}`.padEnd(11, 'x').slice(0, 11);
      youtube.addVideo({ id: videoId, playability: 'LOGIN_REQUIRED' });
      // The submission was refused (nothing queued, no row): the refusal is remembered for everyone.
      expect(await refusal(submitAsGuest(deps, randomUUID(), submitter(videoId)))).toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
      expect(await standing(videoId)).toEqual({
        videoId,
        exists: false,
        status: 'failed',
        createdAt: null,
        errorType: 'VIDEO_UNAVAILABLE',
        errorMessage: (await failures().recall(videoId))!.message,
        errorCategories: [],
        ahead: null,
      });
    });

    it('is analysing while the queue cannot be read, and failed once it is read without a job for it', async () => {
      const videoId = videoOnYoutube();
      await analysing(videoId);
      const { proxy, queue: away, close } = await queueBehindProxy();
      try {
        await proxy.cut();
        // Nothing known of its job: nobody is told an analysis that may still run has failed.
        expect(await analysisStatus({ ...deps, queue: away, failures: failures() }, videoId)).toMatchObject({
          exists: true,
          status: 'analyzing',
        });
      } finally {
        await close();
      }
      // No job runs for it: the job that left it analysing has ended.
      expect(await standing(videoId)).toMatchObject({ exists: true, status: 'failed' });
    });

    it('is failed while nothing runs for a failed video, and pending again once it is submitted anew', async () => {
      const videoId = videoOnYoutube();
      await deps.cached.saveFetched(
        { videoId, title: `Talk ${videoId}`, thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 600 },
        'en',
        sampleTranscript(120),
      );
      await deps.cached.markFailed(videoId, 'PROVIDER_ERROR', 'The provider gave up.');
      expect(await standing(videoId)).toMatchObject({
        exists: true,
        status: 'failed',
        errorType: 'PROVIDER_ERROR',
        errorMessage: 'The provider gave up.',
        errorCategories: [],
      });
      await submitAsGuest(deps, randomUUID(), submitter(videoId));
      // Tried again: the last failure is no longer what the video's status says.
      expect(await standing(videoId)).toMatchObject({ exists: true, status: 'pending', ...noFailure });
    });
  });

  describe("a video's details from YouTube", () => {
    it('are asked again at once after a lookup failed, and a finished lookup answers the requests that missed it in Redis', async () => {
      const videoId = videoOnYoutube();
      const before = youtube.counts.player;
      youtube.failNext('bot-check', 1, 'player');
      await expect(deps.metadata.get(videoId, address)).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED' });
      // A failure is not kept: the next request asks YouTube, which answers it (the fake counts answers).
      expect(await deps.metadata.get(videoId, address)).toMatchObject({ videoId, durationSeconds: 600 });
      expect(youtube.counts.player - before).toBe(1);
      // A request that read Redis just before the answer was stored (here, Redis emptied) joins the
      // lookup that has just ended, not a call of its own.
      await redis.del(redisKeys(keyPrefix).metadata(videoId));
      expect(await deps.metadata.get(videoId, address)).toMatchObject({ videoId, durationSeconds: 600 });
      expect(youtube.counts.player - before).toBe(1);
    });
  });

  describe("a video's details remembered", () => {
    it('are kept a day, those of a video without captions only as long as a refusal is remembered', async () => {
      const withCaptions = videoOnYoutube();
      const without = videoOnYoutube({ captions: false });
      expect(await deps.metadata.get(withCaptions, address)).toMatchObject({ hasCaptions: true });
      expect(await deps.metadata.get(without, address)).toMatchObject({ hasCaptions: false });
      const keys = redisKeys(keyPrefix);
      expect(await redis.ttl(keys.metadata(withCaptions))).toBeGreaterThan(24 * 60 * 60 - 60);
      // (Captions YouTube adds later are seen as soon as the refusal is forgotten.)
      expect(await redis.ttl(keys.metadata(without))).toBeGreaterThan(FAILURE_CACHE_SECONDS - 60);
      expect(await redis.ttl(keys.metadata(without))).toBeLessThanOrEqual(FAILURE_CACHE_SECONDS);
    });
  });

  describe('a lookup that takes too long in all', () => {
    it('gives up at its deadline as YouTube unreachable, though each request of it is within its own time', async () => {
      // A YouTube of its own: the requests it still answers after the deadline count nowhere else.
      const slowYoutube = await startFakeYoutube();
      try {
        const videoId = videoOnYoutube();
        slowYoutube.addVideo({
          id: videoId,
          title: `Talk ${videoId}`,
          durationSeconds: 600,
          tracks: [{ languageCode: 'en', segments: sampleTranscript(120) }],
        });
        // Each request takes 1.5 s, under the client's 5 s; the lookup makes two or more.
        slowYoutube.latencyMs = 1_500;
        const slow = new VideoMetadataService(
          deps.cached,
          new YoutubeClient({ baseUrl: slowYoutube.url, timeoutMs: 5_000 }),
          redis,
          keyPrefix,
          new YoutubeLookupLimit(redis, keyPrefix, 1_000, 1_000),
          2_000,
        );
        const started = Date.now();
        await expect(slow.get(videoId, address)).rejects.toMatchObject({ code: 'YOUTUBE_UNREACHABLE' });
        expect(Date.now() - started).toBeLessThan(2_800);
        // Within its deadline, the same lookup answers.
        slowYoutube.latencyMs = 0;
        expect(await slow.get(videoId, address)).toMatchObject({ videoId, durationSeconds: 600 });
      } finally {
        await slowYoutube.close();
      }
    });
  });

  describe('as a guest', () => {
    it('queues a new video for a credit, re-opens it for free and answers with the topics once analysed', async () => {
      const guestId = randomUUID();
      const videoId = videoOnYoutube();

      const first = await submitAsGuest(deps, guestId, submitter(videoId));
      expect(first).toMatchObject({
        kind: 'queued',
        status: 'pending',
        left: GUEST_CREDITS - 1,
        video: { durationSeconds: 600 },
      });
      expect(await queuedJob({ scope: 'shared', videoId, userId: null })).toMatchObject({
        scope: 'shared',
        userId: null,
        provider: null,
        requestId: `req-${videoId}`,
      });

      // The same video again costs nothing.
      expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued', left: GUEST_CREDITS - 1 });

      await analysed(videoId);
      const ready = await submitAsGuest(deps, guestId, submitter(videoId));
      expect(ready.kind).toBe('ready');
      expect(ready.kind === 'ready' && topicsSchema.parse(ready.topics)).toEqual(topics);
      expect(ready.left).toBe(GUEST_CREDITS - 1);
    });

    it('is refused a new video once the credits are spent, and a video over 60 minutes without paying for it', async () => {
      const guestId = randomUUID();
      const tooLong = videoOnYoutube({ minutes: 61 });
      expect(await refusal(submitAsGuest(deps, guestId, submitter(tooLong)))).toEqual({
        code: 'GUEST_VIDEO_TOO_LONG',
        message: videoMessages.guestTooLong,
      });
      expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS);
      // Also when a member has had it analysed already.
      const analysedLong = videoOnYoutube({ minutes: 90 });
      await analysed(analysedLong, 90 * 60);
      expect(await refusal(submitAsGuest(deps, guestId, submitter(analysedLong)))).toEqual({
        code: 'GUEST_VIDEO_TOO_LONG',
        message: videoMessages.guestTooLong,
      });
      expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS);

      for (let i = 0; i < GUEST_CREDITS; i++) await submitAsGuest(deps, guestId, submitter(videoOnYoutube()));
      const third = videoOnYoutube();
      const refused = await refusal(submitAsGuest(deps, guestId, submitter(third)));
      expect(refused).toEqual({
        code: 'GUEST_QUOTA_EXCEEDED',
        message: quotaMessages.guest(refused.retryAfterSeconds as number),
        left: 0,
        retryAfterSeconds: expect.any(Number),
      });
      // The first credit comes back 24 hours after it was spent, a moment ago.
      expect(refused.retryAfterSeconds).toBeGreaterThan(GUEST_CREDIT_WINDOW_SECONDS - 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(GUEST_CREDIT_WINDOW_SECONDS);
      expect(await queuedJob({ scope: 'shared', videoId: third, userId: null })).toBeNull();
      expect(await deps.guests.has(guestId, third)).toBe(false);
      // Out of credits, a video we know is over 60 minutes (finished, still being analysed for a
      // member, or only looked up on YouTube before) still says what refuses it: its length, which
      // no credit would change.
      const runningLong = videoOnYoutube({ minutes: 90 });
      await deps.cached.saveFetched(
        {
          videoId: runningLong,
          title: 'Long',
          thumbnailUrl: null,
          description: null,
          channelTitle: null,
          durationSeconds: 90 * 60,
        },
        'en',
        sampleTranscript(120),
      );
      const lookups = youtube.counts.player;
      for (const known of [analysedLong, runningLong, tooLong]) {
        expect(await refusal(submitAsGuest(deps, guestId, submitter(known)))).toEqual({
          code: 'GUEST_VIDEO_TOO_LONG',
          message: videoMessages.guestTooLong,
        });
      }
      // Without asking YouTube again.
      expect(youtube.counts.player).toBe(lookups);
    });

    it('spends its last credit once when it submits the same new video several times at once, refusing none', async () => {
      const guestId = randomUUID();
      for (let i = 0; i < GUEST_CREDITS - 1; i++) await submitAsGuest(deps, guestId, submitter(videoOnYoutube()));
      const last = videoOnYoutube();
      // Requests 4 ms apart: some check their credits after another has spent the last one.
      const submissions = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => delay(i * 4).then(() => submitAsGuest(deps, guestId, submitter(last)))),
      );
      expect(submissions.map((s) => (s.status === 'fulfilled' ? [s.value.kind, s.value.left] : String(s.reason)))).toEqual(
        Array.from({ length: 40 }, () => ['queued', 0]),
      );
      expect(await deps.guests.has(guestId, last)).toBe(true);
      expect(await refusal(submitAsGuest(deps, guestId, submitter(videoOnYoutube())))).toMatchObject({
        code: 'GUEST_QUOTA_EXCEEDED',
      });
    });

    it('tells each of two spends sent at once on one connection what it left, not what both left', async () => {
      const guestId = randomUUID();
      // Both scripts reach Redis before either answer is read: a count read apart from the spend
      // would see both spent.
      const spends = await Promise.all(
        ['vidAAAAAAAA', 'vidBBBBBBBB'].map((videoId) => deps.credits.spendOn(guestId, address, videoId, { finished: false })),
      );
      expect(spends).toEqual([
        { ok: true, paid: true, left: 1, use: expect.any(String) },
        { ok: true, paid: true, left: 0, use: expect.any(String) },
      ]);
    });

    it('gives back the credit when the video could not be queued, so that asking again does not pay twice', async () => {
      // Redis is away for the queue (its answer past the deadline): the submission fails.
      const { proxy, queue: away, close } = await queueBehindProxy();
      try {
        await proxy.cut();
        const guestId = randomUUID();
        const videoId = videoOnYoutube();
        await expect(submitAsGuest({ ...deps, queue: away }, guestId, submitter(videoId))).rejects.toThrow();
        expect(await queuedJob({ scope: 'shared', videoId, userId: null })).toBeNull();
        expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS);
        // Nor is it among the videos they analysed (which an account they create takes).
        expect(await deps.guests.has(guestId, videoId)).toBe(false);
        // Nobody is owed a credit for it, and asking again (Redis back) pays once.
        expect(await redis.hLen(redisKeys(keyPrefix).videoPayers(videoId))).toBe(0);
        expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued', left: GUEST_CREDITS - 1 });
      } finally {
        await close();
      }
    });

    it('keeps the credit of a request whose queueing timed out when its double submit queued the job on it', async () => {
      // Redis is slow for the first request's queue: its job's answer comes past the deadline.
      const { proxy, queue: slow, close } = await queueBehindProxy();
      try {
        const guestId = randomUUID();
        const videoId = videoOnYoutube();
        proxy.blackHole();
        const first = submitAsGuest({ ...deps, queue: slow }, guestId, submitter(videoId)).then(
          () => 'queued',
          (error: unknown) => String(error),
        );
        await until(() => deps.credits.paidFor(guestId, videoId), 5_000, 'the first request paid', 10);
        const paidAt = Date.now();
        // The same press sent twice: the second joins what the first paid for, and queues it.
        expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued' });
        // Redis answers again once the first request's queueing has timed out, while it asks whether the job runs.
        await delay(REDIS_DEADLINE_MS + 1_000 - (Date.now() - paidAt));
        await proxy.restore();
        expect(await first).toMatch(/timed out/i);
        expect(await queuedJob({ scope: 'shared', videoId, userId: null })).not.toBeNull();
        // The job runs on the credit that request spent: it is not given back.
        expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS - 1);
        expect(await redis.hLen(redisKeys(keyPrefix).videoPayers(videoId))).toBe(1);
      } finally {
        await close();
      }
    });

    it('re-opens free an analysis the guest paid for that still waits after their day of credits ended', async () => {
      const guestId = randomUUID();
      const videoId = videoOnYoutube();
      await submitAsGuest(deps, guestId, submitter(videoId));
      // 24 hours on, its job still waiting (a long queue): the credits' windows are gone.
      const keys = redisKeys(keyPrefix);
      await redis.del([keys.guestVideos(guestId), keys.guestCredits(guestId), keys.addressCredits(address)]);
      expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued', left: GUEST_CREDITS });
    });

    it('charges again for a video whose analysis failed, its credit given back, and refuses it at once when known without captions', async () => {
      const guestId = randomUUID();
      const videoId = videoOnYoutube();
      expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued', left: GUEST_CREDITS - 1 });
      // The analysis fails for good: the worker gives the credit back, and its job ends.
      await new GuestPayers(redis, keyPrefix).refund(videoId);
      await queue.remove((await queue.getDeduplicationJobId(analysisJobKey({ scope: 'shared', videoId, userId: null })))!);
      expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS);
      // Asked again, a new analysis: paid for (it was queued free, however often asked).
      expect(await submitAsGuest(deps, guestId, submitter(videoId))).toMatchObject({ kind: 'queued', left: GUEST_CREDITS - 1 });
      expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS - 1);

      // Failed for want of words in its captions, and remembered so: refused at once, YouTube not asked.
      await new GuestPayers(redis, keyPrefix).refund(videoId);
      await new VideoFailures(redis, keyPrefix).noCaptions(videoId);
      const before = youtube.playerCallsFor(videoId);
      expect(await refusal(submitAsGuest(deps, guestId, submitter(videoId)))).toMatchObject({ code: 'NO_TRANSCRIPT' });
      expect(youtube.playerCallsFor(videoId)).toBe(before);
      expect(await deps.credits.left(guestId, address)).toBe(GUEST_CREDITS);
    });

    it('gets a finished analysis for a credit without YouTube being asked', async () => {
      const guestId = randomUUID();
      const videoId = videoOnYoutube();
      await analysed(videoId);
      const before = youtube.playerCallsFor(videoId);
      const ready = await submitAsGuest(deps, guestId, submitter(videoId));
      expect(ready).toMatchObject({ kind: 'ready', left: GUEST_CREDITS - 1 });
      expect(youtube.playerCallsFor(videoId)).toBe(before);
      expect(await queuedJob({ scope: 'shared', videoId, userId: null })).toBeNull();
      // Had at once: no credit of it comes back if a later analysis of the video fails.
      expect(await redis.hLen(redisKeys(keyPrefix).videoPayers(videoId))).toBe(0);
    });

    it('gets a video of 60 minutes exactly for a credit', async () => {
      const videoId = videoOnYoutube({ minutes: 60 });
      expect(await submitAsGuest(deps, randomUUID(), submitter(videoId))).toMatchObject({
        kind: 'queued',
        left: GUEST_CREDITS - 1,
        video: { durationSeconds: 60 * 60 },
      });
      expect(await queuedJob({ scope: 'shared', videoId, userId: null })).not.toBeNull();
    });
  });

  describe('as a member', () => {
    let member: UserEntity;
    beforeEach(async () => {
      member = await buildUser(db, { aiProvider: 'grok' });
    });

    it("queues a new video with the member's provider and puts it at the top of their history", async () => {
      const older = videoOnYoutube();
      const videoId = videoOnYoutube();
      await submitAsMember(deps, member, submitter(older));
      const submission = await submitAsMember(deps, member, submitter(videoId));
      expect(submission).toMatchObject({ kind: 'queued', status: 'pending', video: { title: `Talk ${videoId}` } });
      expect(submission.left).toBeUndefined();
      expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).toMatchObject({
        userId: member.id,
        provider: 'grok',
      });
      const history = await deps.history.list(member.id, 'recent');
      expect(history.map((row) => [row.youtubeId, row.topicCount])).toEqual([
        [videoId, null],
        [older, null],
      ]);
    });

    it('gets a finished analysis at once, recorded in their history with its topics', async () => {
      const videoId = videoOnYoutube();
      await analysed(videoId);
      const ready = await submitAsMember(deps, member, submitter(videoId));
      expect(ready.kind === 'ready' && topicsSchema.parse(ready.topics)).toEqual(topics);
      expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).toBeNull();
      expect((await deps.history.list(member.id, 'recent')).map((row) => [row.youtubeId, row.topicCount])).toEqual([
        [videoId, 1],
      ]);
    });

    it('gets their own version when they have edited it: the link submitted again does not undo their edits', async () => {
      const videoId = videoOnYoutube();
      await analysed(videoId);
      const renamed = topics.map((topic) => ({ ...topic, title: 'My own title' }));
      await deps.edits.edit(
        member.id,
        videoId,
        async () => topics,
        () => renamed,
      );
      const ready = await submitAsMember(deps, member, submitter(videoId));
      expect(ready.kind === 'ready' && ready.topics).toEqual(renamed);
      // Another member reads the analysis as it was made.
      const other = await submitAsMember(deps, await buildUser(db), submitter(videoId));
      expect(other.kind === 'ready' && other.topics).toEqual(topics);
    });

    it('is refused a video without captions, a video over 2 hours and a new video past the hourly limit', async () => {
      expect(await refusal(submitAsMember(deps, member, submitter(videoOnYoutube({ captions: false }))))).toMatchObject({
        code: 'NO_TRANSCRIPT',
      });
      expect(await refusal(submitAsMember(deps, member, submitter(videoOnYoutube({ minutes: 121 }))))).toEqual({
        code: 'VIDEO_TOO_LONG',
        message: videoMessages.tooLong,
      });

      const limited = { ...deps, memberLimit: new MemberAnalysisLimit(redis, `${keyPrefix}limited:`, 1) };
      await submitAsMember(limited, member, submitter(videoOnYoutube()));
      const second = videoOnYoutube();
      const refused = await refusal(submitAsMember(limited, member, submitter(second)));
      expect(refused).toEqual({
        code: 'ANALYSIS_QUOTA_EXCEEDED',
        message: quotaMessages.member(refused.retryAfterSeconds as number),
        retryAfterSeconds: expect.any(Number),
      });
      // The hour's analysis was taken a moment ago: the next is free in about an hour.
      expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(await queuedJob({ scope: 'shared', videoId: second, userId: member.id })).toBeNull();
      expect((await deps.history.list(member.id, 'recent')).map((row) => row.youtubeId)).not.toContain(second);
    });

    it('gets a video of 2 hours exactly queued, past the 60 minutes of guests', async () => {
      const videoId = videoOnYoutube({ minutes: 120 });
      expect(await submitAsMember(deps, member, submitter(videoId))).toMatchObject({
        kind: 'queued',
        video: { durationSeconds: 2 * 60 * 60 },
      });
      expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).toMatchObject({ userId: member.id });
    });

    it('is told that the analysis of a video being analysed for someone else runs, not that it waits', async () => {
      const videoId = videoOnYoutube();
      await analysing(videoId);
      expect(await submitAsMember(deps, member, submitter(videoId))).toMatchObject({ kind: 'queued', status: 'analyzing' });
    });

    it('is refused a live stream on the air for its unknown length, not offered to bring captions for it', async () => {
      const id = `live${Date.now().toString(36).slice(-6)}`.padEnd(11, 'x').slice(0, 11);
      // As YouTube serves one: no length, no captions.
      youtube.addVideo({ id, title: 'On the air', stream: 'live' });
      expect(await refusal(submitAsMember(deps, member, submitter(id)))).toEqual({
        code: 'VIDEO_TOO_LONG',
        message: videoMessages.unknownLength,
      });
    });

    it('pays for a new video once when several members paste it at the same moment: one job, one analysis of the hour', async () => {
      const others = await Promise.all([1, 2, 3, 4].map(() => buildUser(db)));
      const members = [member, ...others];
      const videoId = videoOnYoutube();
      const submissions = await Promise.all(members.map((who) => submitAsMember(deps, who, submitter(videoId))));
      expect(submissions.map((s) => s.kind)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
      const uses = await Promise.all(members.map((who) => redis.zCard(redisKeys(keyPrefix).memberAnalyses(who.id))));
      expect(uses.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).not.toBeNull();
    });

    it("gives back the hour's analysis when the job could not be queued, so that asking again does not pay twice", async () => {
      const limited = { ...deps, memberLimit: new MemberAnalysisLimit(redis, `${keyPrefix}giveback:`, 1) };
      // PostgreSQL is away for the history's write, made before the job is queued: the submission fails.
      const database = new URL(process.env.DATABASE_URL!);
      const proxy = await tcpProxy(Number(database.port || 5432), database.hostname);
      database.host = `127.0.0.1:${proxy.port}`;
      const away = await createDataSource({ url: database.toString(), poolSize: 1 }).initialize();
      try {
        await proxy.cut();
        const videoId = videoOnYoutube();
        await expect(
          submitAsMember({ ...limited, history: new MemberHistory(away) }, member, submitter(videoId)),
        ).rejects.toThrow();
        expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).toBeNull();
        // Asked again once it is back: queued, on the hour's one analysis.
        const again = await submitAsMember(limited, member, submitter(videoId));
        expect(again.kind).toBe('queued');
        expect(await queuedJob({ scope: 'shared', videoId, userId: member.id })).toMatchObject({ videoId });
      } finally {
        await proxy.restore();
        await away.destroy();
        await proxy.close();
      }
    });

    it('lets the next member bring captions for a video another member brought captions for, and refuses a guest at once', async () => {
      const videoId = videoOnYoutube({ captions: false });
      // Another member's captions were analysed: the worker stored the video's row, failed for want of YouTube's.
      await deps.cached.withUploadedCaptions(videoId, sampleTranscript(60), async () => ({
        videoId,
        title: `Talk ${videoId}`,
        thumbnailUrl: null,
        description: null,
        channelTitle: null,
        durationSeconds: 600,
      }));
      // The next member is told it has no captions (so the page offers to bring theirs), and may.
      expect(await refusal(submitAsMember(deps, member, submitter(videoId)))).toMatchObject({ code: 'NO_TRANSCRIPT' });
      const captions = { read: async () => ({ end: 300, store: async () => undefined }) };
      await reanalyze(deps, member, submitter(videoId), { captions });
      expect(await queuedJob({ scope: 'private', videoId, userId: member.id })).toMatchObject({ scope: 'private' });
      // A guest is refused before a credit is spent, not queued for a job that cannot find captions.
      const guestId = randomUUID();
      const before = await deps.credits.left(guestId, address);
      expect(await refusal(submitAsGuest(deps, guestId, submitter(videoId)))).toMatchObject({ code: 'NO_TRANSCRIPT' });
      expect(await deps.credits.left(guestId, address)).toBe(before);
      expect(await queuedJob({ scope: 'shared', videoId, userId: null })).toBeNull();
    });

    it('re-analyses privately, but not over their edits unless they agree to lose them', async () => {
      const videoId = videoOnYoutube();
      await analysed(videoId);
      await deps.edits.edit(
        member.id,
        videoId,
        async () => topics,
        ([topic]) => [{ ...topic!, title: 'Bus lanes' }],
      );

      expect(await refusal(reanalyze(deps, member, submitter(videoId)))).toEqual({
        code: 'CONFLICT',
        message: videoMessages.editsWouldBeLost,
      });
      expect(await queuedJob({ scope: 'private', videoId, userId: member.id })).toBeNull();

      expect(await reanalysisRunning(queue, member.id, videoId)).toBe(false);
      await reanalyze(deps, member, submitter(videoId), { discardEdits: true });
      expect(await queuedJob({ scope: 'private', videoId, userId: member.id })).toMatchObject({
        scope: 'private',
        userId: member.id,
        provider: 'grok',
      });
      // What the dashboard asks after a reload: the member's own re-analysis runs, nobody else's.
      expect(await reanalysisRunning(queue, member.id, videoId)).toBe(true);
      expect(await reanalysisRunning(queue, (await buildUser(db)).id, videoId)).toBe(false);
      await queue.remove((await queue.getDeduplicationJobId(analysisJobKey({ scope: 'private', videoId, userId: member.id })))!);
      expect(await reanalysisRunning(queue, member.id, videoId)).toBe(false);
    });

    it('re-analyses only a finished analysis: not a video nobody has analysed, nor one whose analysis still runs', async () => {
      const videoId = videoOnYoutube();
      const refused = { code: 'CONFLICT', message: videoMessages.reanalyzeFirst };
      expect(await refusal(reanalyze(deps, member, submitter(videoId)))).toEqual(refused);
      // Its analysis queued for someone, it is still the analysis to wait for.
      await submitAsMember(deps, await buildUser(db), submitter(videoId));
      expect(await refusal(reanalyze(deps, member, submitter(videoId)))).toEqual(refused);
      // Its captions stored by the worker, and analysed: still to wait for.
      await analysing(videoId);
      expect(await refusal(reanalyze(deps, member, submitter(videoId)))).toEqual(refused);
      expect(await queuedJob({ scope: 'private', videoId, userId: member.id })).toBeNull();
      // Once finished, it is.
      expect(await deps.cached.complete(videoId, topics, 'local', 'find-clips-local')).toBe(true);
      await reanalyze(deps, member, submitter(videoId));
      expect(await queuedJob({ scope: 'private', videoId, userId: member.id })).toMatchObject({ scope: 'private' });
    });

    it('takes no edit while the re-analysis that will replace the edits waits or runs', async () => {
      const videoId = videoOnYoutube();
      await analysed(videoId);
      await reanalyze(deps, member, submitter(videoId));
      const rename = { action: 'rename', topicId: 't1', title: 'Bus lanes' } as const;
      expect(await refusal(editAnalysis(deps, member.id, videoId, rename))).toEqual({
        code: 'CONFLICT',
        message: editMessages.reanalysisRunning,
      });
      expect(await deps.edits.find(member.id, videoId)).toBeNull();
      // Once it ended, the edit is taken.
      await queue.remove((await queue.getDeduplicationJobId(analysisJobKey({ scope: 'private', videoId, userId: member.id })))!);
      const { edited } = await editAnalysis(deps, member.id, videoId, rename);
      expect(edited.topics[0]!.title).toBe('Bus lanes');
    });

    it('has nothing of a video to edit while its analysis runs: the video is not found until it is finished', async () => {
      const videoId = videoOnYoutube();
      await deps.cached.saveFetched(
        { videoId, title: `Talk ${videoId}`, thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 600 },
        'en',
        sampleTranscript(120),
      );
      expect(await deps.cached.markAnalyzing(videoId)).toBe(true);
      const notFound = { code: 'NOT_FOUND', message: videoMessages.notFound };
      expect(
        await refusal(editAnalysis(deps, member.id, videoId, { action: 'rename', topicId: 't1', title: 'Bus lanes' })),
      ).toEqual(notFound);
      expect(await refusal(ownAnalysis(deps, member.id, videoId))).toEqual(notFound);
      // Nor is the shared analysis read (and kept in memory) before it is finished.
      expect(await refusal(readFinished(deps.cached, videoId))).toEqual(notFound);
      expect(await deps.edits.find(member.id, videoId)).toBeNull();
    });

    it('pays for each re-analysis job once: a request while it waits joins it, one after it ended pays again', async () => {
      const limited = { ...deps, memberLimit: new MemberAnalysisLimit(redis, `${keyPrefix}reanalyses:`, 2) };
      const videoId = videoOnYoutube();
      await analysed(videoId);
      const ended = async () =>
        queue.remove((await queue.getDeduplicationJobId(analysisJobKey({ scope: 'private', videoId, userId: member.id })))!);
      await reanalyze(limited, member, submitter(videoId));
      // While it waits, the member can be told how many analyses are before it; once gone, none.
      // (The order BullMQ serves them in: the wait list, then those waiting their turn.)
      const line = [
        ...(await queue.getRanges(['waiting'], 0, -1, true)),
        ...(await queue.getRanges(['prioritized'], 0, -1, true)),
      ];
      const id = await queue.getDeduplicationJobId(analysisJobKey({ scope: 'private', videoId, userId: member.id }));
      expect(line.indexOf(id!)).toBeGreaterThanOrEqual(0);
      expect((await reanalysisStanding(queue, member.id, videoId)).ahead).toBe(line.indexOf(id!));
      await reanalyze(limited, member, submitter(videoId));
      await ended();
      expect((await reanalysisStanding(queue, member.id, videoId)).ahead).toBeNull();
      await reanalyze(limited, member, submitter(videoId));
      await ended();
      // Two jobs, two analyses of the hour (before, the second job was free for a minute).
      expect(await refusal(reanalyze(limited, member, submitter(videoId)))).toMatchObject({ code: 'ANALYSIS_QUOTA_EXCEEDED' });
    });
  });
});
