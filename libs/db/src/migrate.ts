import { commonEnvSchema, loadEnvOrExit } from '@findclips/config';
import { ensureDatabase } from './create-database';
import { createDataSource } from './data-source';
import { missingServers } from './preflight';

/** Creates the database when missing and applies every pending migration. */
export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const dataSource = createDataSource({ url, poolSize: 1, applicationName: 'findclips-migrate', queryTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
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
