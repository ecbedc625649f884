import { gatewayEnvSchema, gatewayEnvWarnings, loadEnvOrExit } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { createAnalysisQueue } from '@findclips/queue';
import { YoutubeClient } from '@findclips/youtube';
import { createApp } from './app';
import { closeGatewayServer, createGatewayServer, handleServerEvents } from './http/server-events';
import {
  connectAtStart,
  openDatabaseAtStart,
  createLogger,
  createRedisClient,
  failedToStart,
  listen,
  closeConnections,
  onShutdown,
  REDIS_DEADLINE_MS,
} from '@findclips/runtime';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnvOrExit('gateway', gatewayEnvSchema);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  if (env.NODE_ENV !== 'production' && !process.env.SESSION_SECRET) {
    logger.warn('SESSION_SECRET is not set: using the development secret');
  }
  for (const warning of gatewayEnvWarnings(env)) logger.warn(warning);

  const dataSource = createDataSource({ url: env.DATABASE_URL, applicationName: 'findclips-gateway' });
  await openDatabaseAtStart(env.DATABASE_URL, () => dataSource.initialize());
  const redis = createRedisClient(env.REDIS_URL, logger);
  await connectAtStart(env.REDIS_URL, [redis]);

  const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, commandTimeoutMs: REDIS_DEADLINE_MS });
  // Its connection's errors go to our log, one JSON line each (BullMQ writes them to stderr otherwise).
  queue.on('error', (error) => logger.warn({ err: error }, 'queue connection error'));
  await queue.waitUntilReady();
  const youtube = new YoutubeClient({
    baseUrl: env.YOUTUBE_BASE_URL,
    proxyUrl: env.YOUTUBE_PROXY_URL,
    timeoutMs: env.YOUTUBE_TIMEOUT_MS,
  });
  const app = createApp({ env, dataSource, redis, logger, queue, youtube });
  const server = createGatewayServer(app);
  handleServerEvents(server, app.locals.upgrade, app.locals.stopLive);
  await listen(server, env.PORT, 'PORT');
  logger.info({ port: env.PORT, url: env.PUBLIC_URL }, `gateway listening: open ${env.PUBLIC_URL}`);

  onShutdown('gateway', logger, async () => {
    // Stop accepting connections, let in-flight requests finish (then force), close the rest. The
    // live channel's long-polls are not work in flight: its clients reconnect elsewhere.
    const force = setTimeout(() => {
      logger.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open after the grace period: closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const closed = closeGatewayServer(server);
    app.locals.dropLive();
    await closed;
    await closeConnections(
      () => queue.close(),
      () => redis.quit(),
      () => dataSource.destroy(),
    );
  });
}

main().catch(failedToStart('gateway'));
