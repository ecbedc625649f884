import { createClient } from 'redis';
import type { Logger } from 'pino';

const connectOptions = (url: string) =>
  createClient({
    url,
    // While Redis is away, fail at once (the caller gets a 503) instead of queueing and hanging.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3_000),
    },
  });

export type RedisClient = ReturnType<typeof connectOptions>;

/** A node-redis client that reconnects with backoff and logs, instead of throwing, while Redis is away. */
export function createRedisClient(url: string, logger: Logger): RedisClient {
  const client = connectOptions(url);
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) logger.warn({ err: error }, 'redis connection error');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) logger.info('redis connection restored');
    reported = false;
  });
  return client;
}
