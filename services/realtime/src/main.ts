import { loadEnvOrExit, realtimeEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import {
  connectAtStart,
  openDatabaseAtStart,
  createLogger,
  createMetricsRegistry,
  createRedisClient,
  failedToStart,
  listen,
  metricsServer,
  closeConnections,
  onShutdown,
} from '@findclips/runtime';
import { createRealtimeServer } from './realtime.server';

async function main() {
  const env = loadEnvOrExit('realtime', realtimeEnvSchema);
  const logger = createLogger('realtime', env.LOG_LEVEL);
  const database = createDataSource({ url: env.DATABASE_URL, poolSize: 4, applicationName: 'findclips-realtime' });
  const dataSource = await openDatabaseAtStart(env.DATABASE_URL, () => database.initialize());
  const redis = createRedisClient(env.REDIS_URL, logger);
  // A client of its own, watched as the other is: on a network that drops packets it is recycled
  // (and the relay knows it was away) instead of waiting in silence.
  const subscriber = createRedisClient(env.REDIS_URL, logger);
  await connectAtStart(env.REDIS_URL, [redis, subscriber]);

  const metrics = createMetricsRegistry('realtime');
  // Socket.IO answers /socket.io; the rest as a worker's metrics server does: GET /metrics, GET
  // /healthz (the gateways ask it to choose instances: 503 while events do not reach it), else a
  // JSON 404.
  const http = metricsServer(metrics, env.METRICS_TOKEN, () => realtime.health());
  const realtime = createRealtimeServer(http, { env, dataSource, redis, subscriber, logger, metrics });
  await realtime.ready;
  await listen(http, env.REALTIME_PORT, 'REALTIME_PORT');
  logger.info({ port: env.REALTIME_PORT }, 'realtime listening');

  onShutdown('realtime', logger, async () => {
    logger.info(realtime.stats(), 'disconnecting clients: they reconnect elsewhere');
    await realtime.close();
    await closeConnections(
      () => redis.quit(),
      () => subscriber.quit(),
      () => dataSource.destroy(),
    );
  });
}

main().catch(failedToStart('realtime'));
