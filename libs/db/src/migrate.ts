import { commonEnvSchema, loadEnvOrExit } from '@findclips/config';
import { Client } from 'pg';
import { MigrationExecutor } from 'typeorm';
import { ensureDatabase } from './create-database';
import { createDataSource } from './data-source';
import { missingServers } from './preflight';

/** The advisory lock migrations hold (any number; ours alone in this database). */
const MIGRATION_LOCK = 7_405_193_311;

/**
 * The database's own timeouts, set for the services' sessions, are not the migrations': a
 * statement_timeout ended the wait for another host's migrations (that start failed), or a
 * migration that rewrites a large table; an idle_session_timeout ended the lock's session while
 * the migrations ran, and the lock with it (the next host then migrated at the same time, and
 * failed on a deadlock).
 */
const LOCK_SESSION = '-c statement_timeout=0 -c lock_timeout=0 -c idle_session_timeout=0';

/**
 * A migration waits for a table 2 s at a time (a migration that may wait longer says so itself,
 * SET LOCAL lock_timeout). Its ALTER waited for as long as another transaction held the table (a
 * backup: pg_dump holds every table it reads until it ends), and every query of the live services
 * on that table queued behind it meanwhile: during a rolling deploy, shared pages or every video's
 * lookup answered nothing, then 503, for as long as the backup ran (a stranger's migration audit).
 */
const MIGRATION_SESSION = '-c statement_timeout=0 -c lock_timeout=2s -c idle_session_timeout=0';

/** PostgreSQL's code for a lock not granted within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/** The longest pause between a migration's tries at its tables (1 s, doubled at each try). */
const LOCK_RETRY_MAX_PAUSE_MS = 30_000;

interface MigrateOptions {
  /** Told each time a migration gave up waiting for a table, to try again after `pauseMs`. */
  onLockWait?: (migration: string, message: string, pauseMs: number) => void;
}

/**
 * Creates the database when missing and applies every pending migration. Safe to run
 * concurrently (two `npm start`s, a rolling deploy): each run waits for the others' migrations
 * under a PostgreSQL advisory lock, then finds nothing left to apply.
 */
export async function migrate(url: string, { onLockWait }: MigrateOptions = {}): Promise<string[]> {
  await ensureDatabase(url);
  const lock = new Client({
    connectionString: url,
    application_name: 'findclips-migrate-lock',
    keepAlive: true,
    options: LOCK_SESSION,
  });
  // Its connection lost mid-way: the migrations' own connection fails too, and says why.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const dataSource = createDataSource({
      url,
      poolSize: 1,
      applicationName: 'findclips-migrate',
      queryTimeoutMs: 0,
      sessionOptions: MIGRATION_SESSION,
    });
    await dataSource.initialize();
    try {
      const executor = new MigrationExecutor(dataSource);
      const pending = (await executor.getPendingMigrations()).map((migration) => migration.name);
      for (let tries = 0; ; tries++) {
        try {
          await dataSource.runMigrations({ transaction: 'each' });
          return pending;
        } catch (error) {
          if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
          const left = new Set((await executor.getPendingMigrations()).map((migration) => migration.name));
          const waiting = pending.find((name) => left.has(name)) ?? 'a migration';
          // Its transaction undone (or, outside one, its steps written to run again): try again
          // once the services' queries that queued behind it have gone through.
          const pauseMs = Math.min(1_000 * 2 ** tries, LOCK_RETRY_MAX_PAUSE_MS);
          onLockWait?.(waiting, error instanceof Error ? error.message : String(error), pauseMs);
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      }
    } finally {
      await dataSource.destroy();
    }
  } finally {
    // Ending the session releases the lock too.
    await lock.end();
  }
}

/** `npm start`'s first step: say plainly which server is missing, else migrate. */
async function main(env: { DATABASE_URL: string; REDIS_URL: string }) {
  const missing = await missingServers(env);
  if (missing.length) {
    for (const line of missing) process.stderr.write(`${line}\n`);
    process.exit(1);
  }
  return migrate(env.DATABASE_URL, {
    onLockWait: (migration, message, pauseMs) =>
      logLine(
        40,
        `migrations: ${migration} waits for a table another transaction holds (${message}); trying again in ${pauseMs / 1_000} s`,
      ),
  });
}

/** One JSON line as the services write theirs (pino's numeric levels: 30 is info, 40 warn). */
function logLine(level: number, msg: string) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'migrate', msg })}\n`);
}

if (require.main === module) {
  main(loadEnvOrExit('migrate', commonEnvSchema)).then(
    (applied) => {
      logLine(30, `migrations: ${applied.length ? `applied ${applied.join(', ')}` : 'database is up to date'}`);
    },
    (error: unknown) => {
      process.stderr.write(`migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
