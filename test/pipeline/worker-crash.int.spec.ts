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

describe('a worker killed with SIGKILL mid-analysis', () => {
  it('loses nothing: another worker finishes the job, exactly once', async () => {
    const [youtube, openai] = await Promise.all([startFakeYoutube(), startFakeOpenAi()]);
    const prefix = `fc:test:${randomUUID()}:`;
    const gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, YOUTUBE_BASE_URL: youtube.url });
    const { events, close: stopCollecting } = await collectEvents(process.env.REDIS_URL!, prefix);
    const workers: ChildProcess[] = [];
    const startWorkerProcess = () => {
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
        stdio: 'ignore',
      });
      workers.push(child);
      return child;
    };

    try {
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

      openai.latencyMs = 60_000; // the first worker will be inside the provider call when it dies
      const first = startWorkerProcess();
      await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
      await until(() => openai.calls.chat === 1);
      first.kill('SIGKILL');
      await once(first, 'exit');

      openai.latencyMs = 0;
      startWorkerProcess();
      await until(() => events.some((e) => e.videoId === videoId && e.type === 'VIDEO_ANALYZED'), 30_000);
      await settleAnalyses({ redisUrl: process.env.REDIS_URL!, keyPrefix: prefix }, [fenceVideoId()], [events]);

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
      for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
      await stopCollecting();
      await gateway.close();
      await Promise.all([youtube.close(), openai.close()]);
    }
  }, 60_000);
});
