import { loadEnvOrExit, workerEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createLogger, createRedisClient } from '@findclips/runtime';
import { startWorker } from './worker';

async function main() {
  const env = loadEnvOrExit('worker', workerEnvSchema);
  const logger = createLogger('worker', env.LOG_LEVEL);
  const dataSource = await createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-worker' }).initialize();
  const publisher = createRedisClient(env.REDIS_URL, logger);
  await publisher.connect();
  const worker = await startWorker({ env, dataSource, publisher, logger });
  logger.info({ concurrency: env.WORKER_CONCURRENCY }, 'worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing active jobs');
    await worker.close();
    await publisher.quit().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
    logger.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
