import { randomUUID } from 'node:crypto';
import { gatewayEnvSchema, parseEnv, type GatewayEnv } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import supertest from 'supertest';
import type { DataSource } from 'typeorm';
import { listenOnLoopback, logLines, until } from '@findclips/testing';
import { createAnalysisQueue, type AnalysisQueue } from '@findclips/queue';
import { YoutubeClient } from '@findclips/youtube';
import { createApp } from '../app';
import { handleServerEvents } from '../http/server-events';
import { createLogger } from '@findclips/runtime';
import { createRedisClient, REDIS_DEADLINE_MS, type RedisClient } from '@findclips/runtime';

let shared: Promise<DataSource> | undefined;

/** One pool per test file on the run's throwaway database (see test/global-setup.ts). */
export function testDataSource(): Promise<DataSource> {
  shared ??= createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
  return shared;
}

afterAll(async () => {
  if (shared) await (await shared).destroy();
  shared = undefined;
});

export interface TestGateway {
  app: ReturnType<typeof createApp>;
  /** Where the app listens: http://127.0.0.1:PORT. */
  url: string;
  env: GatewayEnv;
  dataSource: DataSource;
  redis: RedisClient;
  queue: AnalysisQueue;
  /** Every JSON log line the app wrote. */
  logs: string[];
  /** A cookie-keeping client, like one browser. */
  browser(): ReturnType<typeof supertest.agent>;
  request(): ReturnType<typeof supertest>;
  close(): Promise<void>;
}

/**
 * The real gateway app on the real PostgreSQL and Redis, with its own Redis key prefix so test
 * files never share sessions or rate-limit counters. Limits are high unless a test sets them.
 */
export async function startTestGateway(
  overrides: Record<string, string> = {},
  given: { dataSource?: DataSource } = {},
): Promise<TestGateway> {
  const env = parseEnv('gateway', gatewayEnvSchema, {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_EMAIL: '1000',
    REGISTER_LIMIT_PER_IP: '1000',
    PASSWORD_CHECK_LIMIT_PER_USER: '1000',
    GUEST_ANALYSES_PER_IP_PER_DAY: '1000',
    MEMBER_ANALYSES_PER_HOUR: '1000',
    YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '1000',
    YOUTUBE_LOOKUPS_PER_MINUTE: '10000',
    // Nothing reaches the real YouTube: tests that need it start the fake and pass its URL.
    YOUTUBE_BASE_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
  const { lines: logs, stream } = logLines();
  const logger = createLogger('gateway', env.LOG_LEVEL, stream);
  const dataSource = given.dataSource ?? (await testDataSource());
  const redis = createRedisClient(env.REDIS_URL, logger);
  await redis.connect();
  const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, commandTimeoutMs: REDIS_DEADLINE_MS });
  await queue.waitUntilReady();
  const youtube = new YoutubeClient({ baseUrl: env.YOUTUBE_BASE_URL, timeoutMs: 5_000 });
  const app = createApp({ env, dataSource, redis, logger, queue, youtube });
  // One real port for the whole test, as a browser sees one origin (OAuth redirects depend on it).
  const server = await listenOnLoopback(app);
  handleServerEvents(server.server, app.locals.upgrade, app.locals.stopLive);

  return {
    app,
    url: server.url,
    env,
    dataSource,
    redis,
    queue,
    logs,
    browser: () => supertest.agent(server.url),
    request: () => supertest(server.url),
    close: async () => {
      await server.close();
      await queue.close();
      if (!redis.isReady) return void redis.destroy();
      const keys: string[] = [];
      for await (const batch of redis.scanIterator({ MATCH: `${env.REDIS_KEY_PREFIX}*`, COUNT: 500 })) keys.push(...batch);
      if (keys.length) await redis.del(keys);
      await redis.quit();
    },
  };
}

/**
 * A gateway whose database pool is one connection, shared with the test: the gateway's queries and
 * the test's take turns on it in the order they asked, so a test can write between two reads of
 * one request.
 */
export async function startOneConnectionGateway() {
  const dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
  const gw = await startTestGateway({}, { dataSource });
  const pool = (dataSource.driver as unknown as { master: { waitingCount: number; idleCount: number } }).master;
  return {
    gw,
    dataSource,
    /** Keeps the connection busy 0.3 s; resolves once it is, with the moment it is free again. */
    async hold(): Promise<{ freed: Promise<unknown> }> {
      const freed = dataSource.query('SELECT pg_sleep(0.3)');
      await until(() => pool.waitingCount === 0 && pool.idleCount === 0, 5_000, 'the connection busy', 5);
      return { freed };
    },
    /** Until `count` queries wait for the connection (`what` names them in a timeout). */
    waiting: (count: number, what: string) => until(() => pool.waitingCount === count, 5_000, what, 5),
    close: async () => {
      await gw.close();
      await dataSource.destroy();
    },
  };
}
