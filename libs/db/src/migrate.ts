import { commonEnvSchema, loadEnvOrExit } from '@findclips/config';
import { ensureDatabase } from './create-database';
import { createDataSource } from './data-source';

/** Creates the database when missing and applies every pending migration. */
export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const dataSource = createDataSource({ url, poolSize: 1, applicationName: 'findclips-migrate' });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  const env = loadEnvOrExit('migrate', commonEnvSchema);
  migrate(env.DATABASE_URL).then(
    (applied) => {
      const what = applied.length ? `applied ${applied.join(', ')}` : 'database is up to date';
      process.stdout.write(`${JSON.stringify({ level: 'info', msg: `migrations: ${what}` })}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
