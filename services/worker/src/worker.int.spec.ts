import { parseEnv, workerEnvSchema } from '@findclips/config';
import { CachedYoutubeDataEntity, createDataSource } from '@findclips/db';
import { ANALYZE_JOB, analysisEventsChannel, createAnalysisQueue } from '@findclips/queue';
import { createLogger, createRedisClient } from '@findclips/runtime';
import {
  fakeProviderEnv,
  sampleTranscript,
  scratchRedis,
  startFakeGemini,
  startFakeOpenAi,
  startFakeYoutube,
  tcpProxy,
  type FakeGemini,
  type FakeOpenAi,
  type FakeYoutube,
  type ScratchRedis,
  type TcpProxy,
} from '@findclips/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { startWorker, stopWorker } from './worker';

/** The worker as its process runs it, on the real Redis behind a proxy that can take Redis away. */
describe('a stopping worker', () => {
  let proxy: TcpProxy;
  let dataSource: DataSource;

  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL!);
    proxy = await tcpProxy(Number(redis.port || 6379), redis.hostname);
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await proxy?.close();
  });

  it('stops on SIGTERM while Redis does not answer, once it has no job left (its close waited for Redis for good)', async () => {
    const logger = createLogger('worker', 'silent');
    const env = parseEnv('worker', workerEnvSchema, {
      ...process.env,
      LOG_LEVEL: 'silent',
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
    });
    const publisher = createRedisClient(env.REDIS_URL, logger);
    await publisher.connect();
    const worker = await startWorker({ env, dataSource, publisher, logger });
    expect(worker.activeJobs()).toBe(0);

    // Redis stops answering (a network that drops packets): the close waits on it.
    proxy.blackHole();
    // Within the test's time limit: the close alone would wait until Redis came back.
    await stopWorker(worker, logger, 500);
    expect(worker.activeJobs()).toBe(0);
    // (The process exits here; the test lets the close end once Redis answers again.)
    await proxy.restore();
    await worker.close();
    await publisher.quit().catch(() => undefined);
  });
});

/** The worker on the real Redis, its PostgreSQL behind a proxy that can take the database away. */
describe('a worker whose database goes away', () => {
  let proxy: TcpProxy;
  let dataSource: DataSource;
  let youtube: FakeYoutube;

  beforeAll(async () => {
    const database = new URL(process.env.DATABASE_URL!);
    proxy = await tcpProxy(Number(database.port || 5432), database.hostname);
    database.host = `127.0.0.1:${proxy.port}`;
    dataSource = await createDataSource({ url: database.toString(), poolSize: 2 }).initialize();
    youtube = await startFakeYoutube();
  });
  afterAll(async () => {
    await youtube?.close();
    await dataSource?.destroy();
    await proxy?.close();
  });

  it('waits for it without spending an attempt, and finishes the analysis once it is back', async () => {
    const logger = createLogger('worker', 'silent');
    const keyPrefix = `fc:test:${randomUUID()}:`;
    const env = parseEnv('worker', workerEnvSchema, {
      ...process.env,
      LOG_LEVEL: 'silent',
      REDIS_KEY_PREFIX: keyPrefix,
      YOUTUBE_BASE_URL: youtube.url,
      ANALYSIS_DEFAULT_PROVIDER: 'local',
    });
    const publisher = createRedisClient(env.REDIS_URL, logger);
    await publisher.connect();
    const worker = await startWorker({ env, dataSource, publisher, logger });
    const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix });
    try {
      const videoId = `outage${randomUUID().slice(0, 5)}`;
      youtube.addVideo({ id: videoId, durationSeconds: 300, tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }] });
      await proxy.cut();
      // One attempt only: a failure of the analysis would end it at once.
      const job = await queue.add(ANALYZE_JOB, { videoId, scope: 'shared', userId: null, provider: null }, { attempts: 1 });
      // Away for longer than the job's first waits (2 s, then 4 s).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await job.getState()).toBe('delayed');
      await proxy.restore();

      const deadline = Date.now() + 20_000;
      while (!['completed', 'failed'].includes(await job.getState()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const done = (await queue.getJob(job.id!))!;
      // Started again after each wait; one attempt spent, the one that finished it.
      expect({ state: await done.getState(), attemptsMade: done.attemptsMade }).toEqual({ state: 'completed', attemptsMade: 1 });
      expect(done.attemptsStarted).toBeGreaterThanOrEqual(2);
      const row = await dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId });
      expect(row.analysisStatus).toBe('complete');
    } finally {
      await proxy.restore();
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await publisher.quit().catch(() => undefined);
    }
  });
});

/** The worker on the real Redis and PostgreSQL, Gemini's fake asking it to wait. */
describe('a worker whose provider asks it to wait', () => {
  let dataSource: DataSource;
  let youtube: FakeYoutube;
  let gemini: FakeGemini;
  let openai: FakeOpenAi;

  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    [youtube, gemini, openai] = await Promise.all([startFakeYoutube(), startFakeGemini(), startFakeOpenAi()]);
  });
  afterAll(async () => {
    await Promise.all([youtube?.close(), gemini?.close(), openai?.close()]);
    await dataSource?.destroy();
  });

  it("tries the job again once the wait a 429 asked for is over, not at its own backoff's 2 s, when the wait is past the call's time limit", async () => {
    const logger = createLogger('worker', 'silent');
    const keyPrefix = `fc:test:${randomUUID()}:`;
    const env = parseEnv('worker', workerEnvSchema, {
      ...process.env,
      ...fakeProviderEnv(openai, gemini),
      LOG_LEVEL: 'silent',
      REDIS_KEY_PREFIX: keyPrefix,
      YOUTUBE_BASE_URL: youtube.url,
      ANALYSIS_DEFAULT_PROVIDER: 'gemini',
      PROVIDER_TIMEOUT_MS: '1000',
    });
    const publisher = createRedisClient(env.REDIS_URL, logger);
    await publisher.connect();
    const worker = await startWorker({ env, dataSource, publisher, logger });
    const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix });
    try {
      const videoId = `asked${randomUUID().slice(0, 6)}`;
      youtube.addVideo({ id: videoId, durationSeconds: 300, tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }] });
      // Gemini's per-minute limit, its RetryInfo asking 5 s: longer than a call may take (1 s).
      gemini.longerWait = '5s';
      gemini.script.then('rate-limit-wait');
      const before = gemini.calls.generate;
      const job = await queue.add(ANALYZE_JOB, { videoId, scope: 'shared', userId: null, provider: null });
      const at = async (calls: number) => {
        const deadline = Date.now() + 20_000;
        while (gemini.calls.generate - before < calls && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        return Date.now();
      };
      const refused = await at(1);
      const askedAgain = await at(2);
      expect(askedAgain - refused).toBeGreaterThanOrEqual(4_900);
      const deadline = Date.now() + 20_000;
      while ((await job.getState()) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect({ state: await job.getState(), attemptsMade: (await queue.getJob(job.id!))!.attemptsMade }).toEqual({
        state: 'completed',
        attemptsMade: 2,
      });
    } finally {
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await publisher.quit().catch(() => undefined);
    }
  }, 40_000);
});

/**
 * The worker on a Redis of its own without persistence (as our CI runs it) that loses its data
 * mid-analysis: a restart without persistence, a managed Redis failing over to an empty replica, a
 * FLUSHALL. Its job is gone with its lock, and no other worker has it to run again.
 */
describe('a worker whose Redis loses its data while it analyses', () => {
  let redis: ScratchRedis;
  let dataSource: DataSource;
  let youtube: FakeYoutube;
  let gemini: FakeGemini;
  let openai: FakeOpenAi;

  beforeAll(async () => {
    redis = await scratchRedis();
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    [youtube, gemini, openai] = await Promise.all([startFakeYoutube(), startFakeGemini(), startFakeOpenAi()]);
  });
  afterAll(async () => {
    await Promise.all([youtube?.close(), gemini?.close(), openai?.close()]);
    await dataSource?.destroy();
    await redis?.stop();
  });

  it('stores and announces the analysis it was running (it threw it away as taken over, the video left analysing, nothing said)', async () => {
    const logger = createLogger('worker', 'silent');
    const keyPrefix = `fc:test:${randomUUID()}:`;
    const env = parseEnv('worker', workerEnvSchema, {
      ...process.env,
      ...fakeProviderEnv(openai, gemini),
      LOG_LEVEL: 'silent',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: keyPrefix,
      YOUTUBE_BASE_URL: youtube.url,
      ANALYSIS_DEFAULT_PROVIDER: 'openai',
    });
    const publisher = createRedisClient(env.REDIS_URL, logger);
    await publisher.connect();
    const listener = createRedisClient(env.REDIS_URL, logger);
    await listener.connect();
    const heard: { type: string; videoId: string }[] = [];
    await listener.subscribe(analysisEventsChannel(keyPrefix), (message) => heard.push(JSON.parse(message)));
    const worker = await startWorker({ env, dataSource, publisher, logger });
    const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix });
    const latency = openai.latencyMs;
    try {
      const videoId = `lost${randomUUID().slice(0, 7)}`;
      youtube.addVideo({ id: videoId, durationSeconds: 300, tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }] });
      openai.latencyMs = 1_500;
      const before = openai.calls.chat;
      await queue.add(ANALYZE_JOB, { videoId, scope: 'shared', userId: null, provider: null });
      const deadline = Date.now() + 15_000;
      while (openai.calls.chat === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // The provider is answering: Redis loses everything it held, the job and its lock with it.
      await publisher.flushAll();

      const rows = dataSource.getRepository(CachedYoutubeDataEntity);
      const analysed = () => heard.some((event) => event.type === 'VIDEO_ANALYZED' && event.videoId === videoId);
      while (!analysed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // What the page following the video sees: its topics, not 'Analyzing…' for good.
      expect({
        announced: analysed(),
        status: (await rows.findOneByOrFail({ youtubeId: videoId })).analysisStatus,
      }).toEqual({ announced: true, status: 'complete' });
    } finally {
      openai.latencyMs = latency;
      await worker.close();
      await queue.close();
      await listener.quit().catch(() => undefined);
      await publisher.quit().catch(() => undefined);
    }
  }, 30_000);
});
