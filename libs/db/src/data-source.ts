import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DatabaseOptions {
  url: string;
  /** Connections in the pool. */
  poolSize?: number;
  /** Name shown in pg_stat_activity, to tell the services apart. */
  applicationName?: string;
}

/** Options of our one data source: committed migrations only, never `synchronize`. */
export function dataSourceOptions({ url, poolSize = 10, applicationName = 'findclips' }: DatabaseOptions): DataSourceOptions {
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
    },
  };
}

/** A data source that is not yet initialised. */
export const createDataSource = (options: DatabaseOptions) => new DataSource(dataSourceOptions(options));
