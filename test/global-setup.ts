import { migrate } from '@findclips/db';

/**
 * One throwaway database per test run on the real PostgreSQL server, migrated once; the workers
 * inherit its URL. Redis is the real server too: each test app writes under a prefix of its own.
 */
export default async function globalSetup() {
  const server = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const url = `${server.replace(/\/$/, '')}/findclips_test_${Date.now()}_${process.pid}`;
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  await migrate(url);
}
