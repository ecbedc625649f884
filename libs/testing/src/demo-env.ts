import { commonEnvSchema, parseEnv } from '@findclips/config';
import { createServer } from 'node:net';

/**
 * Where `npm run demo` keeps its data: in a database and under a Redis prefix of its own, unless
 * DATABASE_URL or REDIS_KEY_PREFIX say otherwise. Beside `npm start`'s, a guest's credits spent in
 * the demo were spent in the app, and a link the offline demo could not find was called
 * unavailable by the app for 10 minutes (a stranger's newcomer audit).
 */
export function demoStorage(env: NodeJS.ProcessEnv): { DATABASE_URL: string; REDIS_KEY_PREFIX: string } {
  const { DATABASE_URL, REDIS_KEY_PREFIX } = parseEnv('demo', commonEnvSchema, env);
  const database = new URL(DATABASE_URL);
  if (!env.DATABASE_URL?.trim()) database.pathname = '/findclips_demo';
  return { DATABASE_URL: database.toString(), REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX?.trim() ? REDIS_KEY_PREFIX : 'demo:' };
}

/**
 * Throws, naming the variable, when `port` is taken: a service that cannot listen exits, but the
 * demo found its port answering (another stack's), said it had started, and sent its links there.
 */
export async function ensurePortFree(port: number, name: string): Promise<void> {
  const server = createServer();
  const taken = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(true));
    server.listen(port, () => resolve(false));
  });
  if (!taken) {
    await new Promise((resolve) => server.close(resolve));
    return;
  }
  throw new Error(
    `port ${port} (${name}) is in use: is Find Clips already running (npm start, or another demo)? Stop it, or set ${name} to a free port`,
  );
}
