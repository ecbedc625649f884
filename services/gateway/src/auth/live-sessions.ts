import { publishSessionsEnded, type SessionsEnded } from '@findclips/queue';
import type { RedisClient } from '@findclips/runtime';

/** Tells the realtime service that sessions ended, so it drops their live connections. */
export type EndLiveSessions = (ended: SessionsEnded) => Promise<void>;

export const liveSessions =
  (redis: RedisClient, keyPrefix: string): EndLiveSessions =>
  (ended) =>
    publishSessionsEnded(redis, keyPrefix, ended);
