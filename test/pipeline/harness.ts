import { randomUUID } from 'node:crypto';
import { parseEnv, workerEnvSchema } from '@findclips/config';
import { analysisEventSchema, type AnalysisEvent, type User } from '@findclips/contracts';
import { UserEntity } from '@findclips/db';
import { analysisEventsChannel } from '@findclips/queue';
import { createLogger, createRedisClient } from '@findclips/runtime';
import {
  fakeProviderEnv,
  sampleTranscript,
  startFakeGemini,
  startFakeOpenAi,
  startFakeYoutube,
  strongPassword,
  uniqueEmail,
  type FakeGemini,
  type FakeOpenAi,
  type FakeYoutube,
} from '@findclips/testing';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { startWorker } from '../../services/worker/src/worker';
import type { Registry } from 'prom-client';

/** Which events count: a member's private ones, from an index of `events` on. */
export interface EventFilter {
  userId?: number | null;
  after?: number;
}

export interface Pipeline {
  gateway: TestGateway;
  youtube: FakeYoutube;
  openai: FakeOpenAi;
  /** xAI's API, for grok. */
  xai: FakeOpenAi;
  gemini: FakeGemini;
  /** Every analysis event published, in order. */
  events: AnalysisEvent[];
  /**
   * Resolves with the first event of `type` for `videoId` (waiting for it if need be); with a
   * filter, only a member's private event (`userId`), from event number `after` on.
   */
  nextEvent(videoId: string, type: AnalysisEvent['type'], timeoutMs?: number, filter?: EventFilter): Promise<AnalysisEvent>;
  /** A video on the fake YouTube with a sample transcript of `seconds`. */
  addVideo(seconds?: number, fields?: Parameters<FakeYoutube['addVideo']>[0] extends infer V ? Partial<V> : never): string;
  /** A newly registered member's browser (session cookie kept) and user, with `aiProvider` when given. */
  member(aiProvider?: UserEntity['aiProvider']): Promise<{ browser: ReturnType<TestGateway['browser']>; user: User }>;
  startAnotherWorker(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
/** A fresh 11-character video id. */
export const newVideoId = () =>
  `v${(Date.now() % 1e6).toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 6)}`
    .replace(/[^\w-]/g, '')
    .slice(0, 11)
    .padEnd(11, 'x');

/**
 * The whole pipeline on the real PostgreSQL and Redis: a gateway, a worker, and fakes of
 * YouTube, OpenAI/xAI and Gemini that speak their wire formats. One Redis prefix per pipeline.
 */
export async function startPipeline(
  gatewayEnv: Record<string, string> = {},
  workerEnv: Record<string, string> = {},
  observe: { metrics?: Registry; logLines?: Record<string, unknown>[] } = {},
): Promise<Pipeline> {
  const [youtube, openai, xai, gemini] = await Promise.all([
    startFakeYoutube(),
    startFakeOpenAi(),
    startFakeOpenAi({ flavor: 'xai' }),
    startFakeGemini(),
  ]);
  const prefix = `fc:test:${randomUUID()}:`;
  const gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, YOUTUBE_BASE_URL: youtube.url, ...gatewayEnv });
  const env = parseEnv('worker', workerEnvSchema, {
    ...process.env,
    LOG_LEVEL: 'silent',
    REDIS_KEY_PREFIX: prefix,
    YOUTUBE_BASE_URL: youtube.url,
    ...fakeProviderEnv(openai, gemini, xai),
    PROVIDER_MAX_RETRIES: '0',
    WORKER_CONCURRENCY: '4',
    ...workerEnv,
  });
  // With logLines, the worker's JSON log lines are kept there (info and up).
  const lines = observe.logLines;
  const logger = lines
    ? createLogger('worker', 'info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    : createLogger('worker', env.LOG_LEVEL);
  const dataSource = await testDataSource();
  const publisher = createRedisClient(env.REDIS_URL, logger);
  await publisher.connect();
  const workers = [await startWorker({ env, dataSource, publisher, logger, metrics: observe.metrics })];

  const events: AnalysisEvent[] = [];
  const waiters = new Set<() => void>();
  const subscriber = createRedisClient(env.REDIS_URL, logger);
  await subscriber.connect();
  await subscriber.subscribe(analysisEventsChannel(prefix), (message) => {
    events.push(analysisEventSchema.parse(JSON.parse(message)));
    for (const wake of waiters) wake();
  });

  const nextEvent = (videoId: string, type: AnalysisEvent['type'], timeoutMs = 20_000, { userId, after = 0 }: EventFilter = {}) =>
    new Promise<AnalysisEvent>((resolve, reject) => {
      const check = () => {
        const found = events
          .slice(after)
          .find((e) => e.videoId === videoId && e.type === type && (userId === undefined || e.userId === userId));
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `no ${type} for ${videoId} within ${timeoutMs} ms; events: ${JSON.stringify(events.filter((e) => e.videoId === videoId))}`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    gateway,
    youtube,
    openai,
    xai,
    gemini,
    events,
    nextEvent,
    addVideo: (seconds = 300, fields = {}) => {
      const id = fields.id ?? newVideoId();
      youtube.addVideo({
        id,
        title: `Sample ${id}`,
        durationSeconds: seconds,
        tracks: [{ languageCode: 'en', segments: sampleTranscript(Math.min(seconds, 600)) }],
        ...fields,
      });
      return id;
    },
    member: async (aiProvider) => {
      const browser = gateway.browser();
      const user = (
        await browser
          .post('/api/register')
          .send({ email: uniqueEmail('member'), password: strongPassword() })
          .expect(201)
      ).body as User;
      if (aiProvider) await gateway.dataSource.getRepository(UserEntity).update({ id: user.id }, { aiProvider });
      return { browser, user };
    },
    startAnotherWorker: async () => {
      workers.push(await startWorker({ env, dataSource, publisher, logger, metrics: observe.metrics }));
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await subscriber.quit();
      await publisher.quit();
      await gateway.close();
      await Promise.all([youtube.close(), openai.close(), xai.close(), gemini.close()]);
    },
  };
}
