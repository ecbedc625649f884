import { loadEnvOrExit, workerEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createLogger, createRedisClient, onShutdown } from '@findclips/runtime';
import { startWorker } from './worker';

async function main() {
  const env = loadEnvOrExit('worker', workerEnvSchema);
  const logger = createLogger('worker', env.LOG_LEVEL);
  const dataSource = await createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-worker' }).initialize();
  const publisher = createRedisClient(env.REDIS_URL, logger);
  await publisher.connect();
  const worker = await startWorker({ env, dataSource, publisher, logger });
  logger.info({ concurrency: env.WORKER_CONCURRENCY }, 'worker ready');

  onShutdown('worker', logger, async () => {
    await worker.close(); // waits for active jobs
    await publisher.quit().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
