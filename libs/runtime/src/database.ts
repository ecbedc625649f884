import { isServiceUnavailable } from './unavailable';
import { StartupError } from './shutdown';

/** How long a service starting waits for PostgreSQL (which may come up after it), as for Redis. */
export const DATABASE_STARTUP_WAIT_MS = 20_000;

/** PostgreSQL's refusals that waiting does not mend, with what to do about them. */
const REFUSALS: Record<string, string> = {
  '3D000': 'create it with `npm run db:migrate`, which also applies the migrations',
  '28P01': 'check the user and password in DATABASE_URL',
  '28000': 'check the user in DATABASE_URL and pg_hba.conf',
};

/**
 * Opens the database (`initialize`, TypeORM's), waiting up to `waitMs` for a PostgreSQL that does
 * not answer yet; otherwise fails in one line naming DATABASE_URL's address (never its password)
 * and what to do, instead of a driver's stack trace.
 */
export async function openDatabaseAtStart<T>(
  url: string,
  initialize: () => Promise<T>,
  waitMs = DATABASE_STARTUP_WAIT_MS,
): Promise<T> {
  const { hostname, port, pathname } = new URL(url);
  const where = `${hostname}:${port || 5432}${pathname} (DATABASE_URL)`;
  const deadline = Date.now() + waitMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await initialize();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const message = error instanceof Error ? error.message : String(error);
      if (REFUSALS[code]) throw new StartupError(`PostgreSQL at ${where} refused us: ${message}: ${REFUSALS[code]}`);
      if (!isServiceUnavailable(error) && code !== 'ENOTFOUND' && code !== 'EAI_AGAIN') throw error;
      if (Date.now() + pause > deadline) {
        throw new StartupError(`PostgreSQL did not answer at ${where} within ${waitMs / 1_000} s (${code || message})`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
