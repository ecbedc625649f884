import { parseEnv, workerEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createLogger, createRedisClient } from '@findclips/runtime';
import { tcpProxy, type TcpProxy } from '@findclips/testing';
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
