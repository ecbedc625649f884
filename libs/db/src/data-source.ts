import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

interface DatabaseOptions {
  url: string;
  /** Connections in the pool. */
  poolSize?: number;
  /** Name shown in pg_stat_activity, to tell the services apart. */
  applicationName?: string;
  /**
   * How long a query may wait for PostgreSQL's answer before it fails (0: no limit, for
   * migrations), so that a network that drops packets answers 503 rather than hang a request.
   */
  queryTimeoutMs?: number;
  /** Settings of each session, as PostgreSQL's `options` takes them ('-c statement_timeout=0'). */
  sessionOptions?: string;
}

/** A query's longest wait for PostgreSQL: our slowest queries take milliseconds. */
const QUERY_TIMEOUT_MS = 15_000;

/** Options of our one data source: committed migrations only, never `synchronize`. */
export function dataSourceOptions({
  url,
  poolSize = 10,
  applicationName = 'findclips',
  queryTimeoutMs = QUERY_TIMEOUT_MS,
  sessionOptions,
}: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    applicationName,
    poolSize,
    extra: {
      // Fail fast while PostgreSQL is unreachable instead of queueing requests forever.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // ... and while it answers nothing (packets dropped): the query fails, the socket's
      // keep-alive finds the connection dead.
      ...(queryTimeoutMs > 0 && { query_timeout: queryTimeoutMs }),
      ...(sessionOptions && { options: sessionOptions }),
      keepAlive: true,
    },
  };
}

/** A data source that is not yet initialised. */
export const createDataSource = (options: DatabaseOptions) => new DataSource(dataSourceOptions(options));
