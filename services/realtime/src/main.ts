import { createServer } from 'node:http';
import { loadEnvOrExit, realtimeEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { answerMetrics, createLogger, createMetricsRegistry, createRedisClient, onShutdown } from '@findclips/runtime';
import { createRealtimeServer } from './realtime.server';

async function main() {
  const env = loadEnvOrExit('realtime', realtimeEnvSchema);
  const logger = createLogger('realtime', env.LOG_LEVEL);
  const dataSource = await createDataSource({
    url: env.DATABASE_URL,
    poolSize: 4,
    applicationName: 'findclips-realtime',
  }).initialize();
  const redis = createRedisClient(env.REDIS_URL, logger);
  const subscriber = redis.duplicate();
  subscriber.on('error', (error: Error) => logger.warn({ err: error }, 'redis subscriber error'));
  await Promise.all([redis.connect(), subscriber.connect()]);

  const metrics = createMetricsRegistry('realtime');
  // Socket.IO answers /socket.io; this answers the rest: GET /metrics, GET /healthz (the process
  // serves: the gateways ask it to choose instances), else a JSON 404.
  const http = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return void answerMetrics(metrics, req, res, env.METRICS_TOKEN);
    if (req.method === 'GET' && path === '/healthz')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  });
  const realtime = createRealtimeServer(http, { env, dataSource, redis, subscriber, logger, metrics });
  await realtime.ready;
  http.listen(env.REALTIME_PORT, () => logger.info({ port: env.REALTIME_PORT }, 'realtime listening'));

  onShutdown('realtime', logger, async () => {
    logger.info(realtime.stats(), 'disconnecting clients: they reconnect elsewhere');
    await realtime.close();
    await Promise.all([redis.quit(), subscriber.quit()]).catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`realtime failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
