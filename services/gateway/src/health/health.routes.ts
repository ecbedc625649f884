import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { pingQueue, type AnalysisQueue } from '@findclips/queue';
import type { RedisClient } from '@findclips/runtime';

const CHECK_TIMEOUT_MS = 1_000;

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process answers. /readyz: PostgreSQL and Redis answer too (else 503), Redis on both
 * of the gateway's connections: its sessions' and the queue's, which reconnect each on their own
 * (ready with the first alone, the gateway answered 503 to every new video for 19 s).
 */
export function healthRoutes(dataSource: DataSource, redis: RedisClient, queue: AnalysisQueue) {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const [postgres, redisState] = await Promise.all([
      check(() => dataSource.query('SELECT 1')),
      check(async () => {
        if (!redis.isReady) throw new Error('not connected');
        await Promise.all([redis.ping(), pingQueue(queue)]);
      }),
    ]);
    const ready = postgres === 'up' && redisState === 'up';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', ...(ready ? {} : { message: 'Not ready' }), postgres, redis: redisState });
  });

  return router;
}
