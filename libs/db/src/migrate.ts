import { commonEnvSchema, loadEnvOrExit } from '@findclips/config';
import { Client } from 'pg';
import { ensureDatabase } from './create-database';
import { createDataSource } from './data-source';
import { missingServers } from './preflight';

/** The advisory lock migrations hold (any number; ours alone in this database). */
const MIGRATION_LOCK = 7_405_193_311;

/**
 * The database's own timeouts, set for the services' sessions, are not the migrations': a
 * statement_timeout ended the wait for another host's migrations (that start failed), or a
 * migration that waits for a table or rewrites a large one; an idle_session_timeout ended the
 * lock's session while the migrations ran, and the lock with it (the next host then migrated at
 * the same time, and failed on a deadlock). A migration that must not wait long for a lock says so
 * itself (SET LOCAL lock_timeout).
 */
const MIGRATION_SESSION = '-c statement_timeout=0 -c lock_timeout=0 -c idle_session_timeout=0';

/**
 * Creates the database when missing and applies every pending migration. Safe to run
 * concurrently (two `npm start`s, a rolling deploy): each run waits for the others' migrations
 * under a PostgreSQL advisory lock, then finds nothing left to apply.
 */
export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const lock = new Client({
    connectionString: url,
    application_name: 'findclips-migrate-lock',
    keepAlive: true,
    options: MIGRATION_SESSION,
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
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
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
  return migrate(env.DATABASE_URL);
}

if (require.main === module) {
  main(loadEnvOrExit('migrate', commonEnvSchema)).then(
    (applied) => {
      const what = applied.length ? `applied ${applied.join(', ')}` : 'database is up to date';
      // One JSON line as the services write theirs (pino's numeric level: 30 is info).
      const line = { level: 30, time: new Date().toISOString(), service: 'migrate', msg: `migrations: ${what}` };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
