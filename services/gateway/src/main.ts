import { gatewayEnvSchema, loadEnvOrExit } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createServer } from 'node:http';
import { createAnalysisQueue } from '@findclips/queue';
import { YoutubeClient } from '@findclips/youtube';
import { createApp } from './app';
import { createLogger } from '@findclips/runtime';
import { createRedisClient } from '@findclips/runtime';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnvOrExit('gateway', gatewayEnvSchema);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  if (env.NODE_ENV !== 'production' && !process.env.SESSION_SECRET) {
    logger.warn('SESSION_SECRET is not set: using the development secret');
  }

  const dataSource = createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-gateway' });
  await dataSource.initialize();
  const redis = createRedisClient(env.REDIS_URL, logger);
  await redis.connect();

  const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX });
  await queue.waitUntilReady();
  const youtube = new YoutubeClient({
    baseUrl: env.YOUTUBE_BASE_URL,
    proxyUrl: env.YOUTUBE_PROXY_URL,
    timeoutMs: env.YOUTUBE_TIMEOUT_MS,
  });
  const app = createApp({ env, dataSource, redis, logger, queue, youtube });
  const server = createServer(app);
  server.on('upgrade', app.locals.upgrade);
  server.listen(env.PORT, () => logger.info({ port: env.PORT }, 'gateway listening'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping: finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await queue.close().catch(() => undefined);
      await redis.quit().catch(() => undefined);
      await dataSource.destroy().catch(() => undefined);
      logger.info('gateway stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
