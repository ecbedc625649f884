import { loadEnvOrExit, workerEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import {
  connectAtStart,
  openDatabaseAtStart,
  createLogger,
  createMetricsRegistry,
  createRedisClient,
  failedToStart,
  metricsServer,
  closeConnections,
  onShutdown,
} from '@findclips/runtime';
import { startHousekeeping } from './housekeeping';
import { startWorker, stopWorker } from './worker';

async function main() {
  const env = loadEnvOrExit('worker', workerEnvSchema);
  const logger = createLogger('worker', env.LOG_LEVEL);
  const database = createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-worker' });
  const dataSource = await openDatabaseAtStart(env.DATABASE_URL, () => database.initialize());
  const publisher = createRedisClient(env.REDIS_URL, logger);
  await connectAtStart(env.REDIS_URL, [publisher]);
  const metrics = createMetricsRegistry('worker');
  const worker = await startWorker({ env, dataSource, publisher, logger, metrics });
  const stopHousekeeping = startHousekeeping(dataSource, logger);
  const http = metricsServer(metrics, env.METRICS_TOKEN);
  // Several workers on one host: the first takes the port, the others a free one (logged).
  http.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    logger.warn({ port: env.WORKER_METRICS_PORT }, 'metrics port in use: taking a free one');
    http.listen(0);
  });
  http.on('listening', () => {
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : env.WORKER_METRICS_PORT;
    logger.info({ concurrency: env.WORKER_CONCURRENCY, metricsPort: port }, 'worker ready');
  });
  http.listen(env.WORKER_METRICS_PORT);

  onShutdown('worker', logger, async () => {
    stopHousekeeping();
    await stopWorker(worker, logger); // waits for active jobs
    http.close();
    await closeConnections(
      () => publisher.quit(),
      () => dataSource.destroy(),
    );
  });
}

main().catch(failedToStart('worker'));
