import { z } from 'zod';
import { envOptional, envUrl } from './env';

/** Variables every service reads. */
export const commonEnvSchema = z.object({
  /** development, test or production; production makes secrets mandatory. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** pino level for the JSON logs. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection; the database is created when missing. */
  DATABASE_URL: envUrl('postgres://postgres@127.0.0.1:5432/findclips', ['postgres:', 'postgresql:']),
  /** Redis for sessions, queues, credits, rate limits and the Socket.IO adapter. */
  REDIS_URL: envUrl('redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  /** Prefix of every key our code writes to Redis, so several deployments can share one server. */
  REDIS_KEY_PREFIX: z.string().min(1).default('fc:'),
  /** When set, GET /metrics answers only to `Authorization: Bearer {METRICS_TOKEN}`. */
  METRICS_TOKEN: envOptional(),
});
