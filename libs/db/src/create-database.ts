import { Client } from 'pg';

/** Identifiers cannot be bound as parameters: quote them the way PostgreSQL does. */
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The database named in `url`, and the URL of the server's maintenance database. */
function splitUrl(url: string) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  parsed.pathname = '/postgres';
  return { name, maintenanceUrl: parsed.toString() };
}

/** Creates the database named in `url` when it does not exist. Safe to run concurrently. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const { name, maintenanceUrl } = splitUrl(url);
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      return true;
    } catch (error) {
      // Another process created it between our check and our CREATE: PostgreSQL says so as the
      // database existing, or, when both CREATEs ran at once, as the catalogue's unique index.
      const code = (error as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}

/** Drops the database named in `url`, closing its connections (for throwaway test databases). */
export async function dropDatabase(url: string): Promise<void> {
  const { name, maintenanceUrl } = splitUrl(url);
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
