import { loadEnvOrExit, workerEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createLogger, createMetricsRegistry, createRedisClient, metricsServer, onShutdown } from '@findclips/runtime';
import { startWorker } from './worker';

async function main() {
  const env = loadEnvOrExit('worker', workerEnvSchema);
  const logger = createLogger('worker', env.LOG_LEVEL);
  const dataSource = await createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-worker' }).initialize();
  const publisher = createRedisClient(env.REDIS_URL, logger);
  await publisher.connect();
  const metrics = createMetricsRegistry('worker');
  const worker = await startWorker({ env, dataSource, publisher, logger, metrics });
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
    await worker.close(); // waits for active jobs
    http.close();
    await publisher.quit().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
