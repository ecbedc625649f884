import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { CachedYoutubeDataEntity, QuoteEntity, readTopics, UserEntity, VideoEntity } from '@findclips/db';
import { sampleTranscript, startFakeOpenAi, startFakeYoutube, strongPassword, uniqueEmail, until } from '@findclips/testing';
import { randomUUID } from 'node:crypto';
import { startTestGateway } from '../../services/gateway/src/test/harness';
import { collectEvents } from '../operations/helpers';
import { fenceVideoId, settleAnalyses } from '../settle';
import { newVideoId } from './harness';

/** The compiled worker, as `npm start` runs it. */
const WORKER = join(__dirname, '..', '..', 'services', 'worker', 'dist', 'main.js');

/** A gateway, fakes and event collector, and worker processes started on demand (killed at the end). */
async function crashStack() {
  const [youtube, openai] = await Promise.all([startFakeYoutube(), startFakeOpenAi()]);
  const prefix = `fc:test:${randomUUID()}:`;
  const gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, YOUTUBE_BASE_URL: youtube.url });
  const { events, close: stopCollecting } = await collectEvents(process.env.REDIS_URL!, prefix);
  const workers: ChildProcess[] = [];
  /** A worker process; `logged`, when given, collects the lines it writes. */
  const startWorkerProcess = (logged?: string[]) => {
    const child = spawn(process.execPath, [WORKER], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        YOUTUBE_BASE_URL: youtube.url,
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        PROVIDER_MAX_RETRIES: '0',
        WORKER_LOCK_MS: '2000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', logged ? 'pipe' : 'ignore', 'ignore'],
    });
    child.stdout?.on('data', (chunk: Buffer) => logged?.push(...chunk.toString().split('\n').filter(Boolean)));
    workers.push(child);
    return child;
  };
  /** A member who chose OpenAI, and a video of 5 minutes on the fake YouTube. */
  const memberWithVideo = async () => {
    const videoId = newVideoId();
    youtube.addVideo({
      id: videoId,
      title: 'Crash test',
      durationSeconds: 300,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }],
    });
    const browser = gateway.browser();
    const user = (await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201))
      .body;
    await gateway.dataSource.getRepository(UserEntity).update({ id: user.id }, { aiProvider: 'openai' });
    return { videoId, browser, user };
  };
  /**
   * Starts a worker (its lines in `logged`), has the member ask for the video, and stops the worker
   * with SIGSTOP inside its provider call (a paused container): its lock runs out.
   */
  const stopInProvider = async ({ videoId, browser }: Awaited<ReturnType<typeof memberWithVideo>>, logged: string[]) => {
    const stopped = startWorkerProcess(logged);
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await until(() => openai.calls.chat === 1, 30_000);
    stopped.kill('SIGSTOP');
    return stopped;
  };
  /** Once nothing more runs: the video analysed and announced once, by two provider calls, and no failure told. */
  const expectAnalysedOnce = async (videoId: string) => {
    await settleAnalyses({ redisUrl: process.env.REDIS_URL!, keyPrefix: prefix }, [fenceVideoId()], [events]);
    expect(events.filter((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED')).toHaveLength(1);
    expect(events.filter((e) => e.videoId === videoId && e.type === 'ANALYSIS_ERROR')).toEqual([]);
    expect(openai.calls.chat).toBe(2);
    const row = await gateway.dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId });
    expect(row.analysisStatus).toBe('complete');
  };
  /** Starts a worker, waits until it is inside the provider's `call`-th call, and kills it. */
  const killInProvider = async (call: number) => {
    const worker = startWorkerProcess();
    await until(() => openai.calls.chat === call, 30_000);
    worker.kill('SIGKILL');
    await once(worker, 'exit');
  };
  const close = async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await stopCollecting();
    await gateway.close();
    await Promise.all([youtube.close(), openai.close()]);
  };
  return {
    youtube,
    openai,
    prefix,
    gateway,
    events,
    startWorkerProcess,
    memberWithVideo,
    stopInProvider,
    expectAnalysedOnce,
    killInProvider,
    close,
  };
}

describe('a worker killed with SIGKILL mid-analysis', () => {
  it('loses nothing: another worker finishes the job, exactly once', async () => {
    const { openai, prefix, gateway, events, startWorkerProcess, memberWithVideo, killInProvider, close } = await crashStack();
    try {
      const { videoId, browser, user } = await memberWithVideo();
      openai.latencyMs = 60_000; // the first worker will be inside the provider call when it dies
      const posted = browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
      await Promise.all([posted, killInProvider(1)]);

      openai.latencyMs = 0;
      const logged: string[] = [];
      startWorkerProcess(logged);
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED'), 30_000);
      await settleAnalyses({ redisUrl: process.env.REDIS_URL!, keyPrefix: prefix }, [fenceVideoId()], [events]);
      // The worker that took the job over says which video's analysis was held up.
      const stalled = logged
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => /job stalled/.test(String(l.msg)));
      expect(stalled).toEqual([expect.objectContaining({ videoId, level: 40 })]);

      expect(events.filter((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'ANALYSIS_ERROR')).toHaveLength(0);
      expect(openai.calls.chat).toBe(2);
      const row = await gateway.dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId });
      expect(row.analysisStatus).toBe('complete');
      const topics = readTopics(row.analyzedTopics);
      const video = await gateway.dataSource.getRepository(VideoEntity).findOneByOrFail({ userId: user.id, youtubeId: videoId });
      expect(await gateway.dataSource.getRepository(QuoteEntity).countBy({ videoId: video.id })).toBe(
        topics.flatMap((t) => t.quotes).length,
      );
      expect(await gateway.dataSource.getRepository(VideoEntity).countBy({ userId: user.id, youtubeId: videoId })).toBe(1);
    } finally {
      await close();
    }
  }, 60_000);

  it('stopped past its lock and then resumed, it stores and announces nothing: the worker that took the job over does, once', async () => {
    const { openai, events, startWorkerProcess, memberWithVideo, stopInProvider, expectAnalysedOnce, close } = await crashStack();
    try {
      const member = await memberWithVideo();
      const { videoId } = member;
      openai.latencyMs = 2_000;
      const logged: string[] = [];
      const frozen = await stopInProvider(member, logged);
      // Another worker runs the job.
      openai.latencyMs = 0;
      startWorkerProcess();
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED'), 30_000);

      // Resumed, with the provider's answer waiting for it.
      frozen.kill('SIGCONT');
      const analysed = () => events.filter((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED');
      // It says it leaves the job, or (as it did) stores and announces it a second time.
      await until(() => logged.some((line) => line.includes('given to another worker')) || analysed().length > 1, 10_000);
      await expectAnalysedOnce(videoId);
    } finally {
      await close();
    }
  }, 60_000);

  it('stopped past its lock, then refused by the provider, it fails nothing: the worker that took the job over completes it', async () => {
    const { openai, events, startWorkerProcess, memberWithVideo, stopInProvider, expectAnalysedOnce, close } = await crashStack();
    try {
      const member = await memberWithVideo();
      const { videoId } = member;
      // The stopped worker's call is refused (a failure no attempt retries); the next one's is answered.
      openai.script.then('content-filter');
      openai.latencyMs = 3_000;
      const logged: string[] = [];
      const frozen = await stopInProvider(member, logged);
      // The worker that takes the job over is inside its own call when the stopped one resumes.
      openai.latencyMs = 8_000;
      startWorkerProcess();
      await until(() => openai.calls.chat === 2, 30_000);
      frozen.kill('SIGCONT');
      // It says it leaves the job, or (as it did) fails the analysis being completed by the other.
      await until(() => logged.some((line) => /given to another worker|analysis failed/.test(line)), 10_000);
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED'), 30_000);
      await expectAnalysedOnce(videoId);
      // Nor does it log a failure (an operator's alert) of an analysis that did not fail.
      expect(logged.filter((line) => JSON.parse(line).msg === 'analysis failed')).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('killed mid-job three times, the analysis fails and says so, rather than analysing for ever', async () => {
    const { openai, gateway, events, startWorkerProcess, memberWithVideo, killInProvider, close } = await crashStack();
    try {
      const { videoId, browser } = await memberWithVideo();
      openai.latencyMs = 60_000; // each worker is inside the provider call when it dies
      const posted = browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
      await Promise.all([posted, killInProvider(1)]);
      // Each next worker takes the stalled job over, and dies the same way: twice is the most a job may stall.
      await killInProvider(2);
      await killInProvider(3);

      startWorkerProcess();
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'ANALYSIS_ERROR'), 30_000);
      expect(events.filter((e) => e.videoId === videoId && e.type === 'ANALYSIS_ERROR')).toEqual([
        expect.objectContaining({ errorType: 'ANALYSIS_FAILED', errorMessage: 'The analysis failed. Please try again.' }),
      ]);
      expect(openai.calls.chat).toBe(3);
      const row = await gateway.dataSource.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: videoId });
      expect(row.analysisStatus).toBe('failed');
      // Pasted again, it is analysed anew (the provider answers now).
      openai.latencyMs = 0;
      await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED'), 30_000);
    } finally {
      await close();
    }
  }, 90_000);
});
