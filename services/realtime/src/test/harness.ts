import { parseEnv, realtimeEnvSchema } from '@findclips/config';
import { createDataSource } from '@findclips/db';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createLogger, createMetricsRegistry, createRedisClient, metricsServer } from '@findclips/runtime';
import { logLines } from '@findclips/testing';
import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { io as connect, type Socket } from 'socket.io-client';
import { createRealtimeServer } from '../realtime.server';

let shared: Promise<DataSource> | undefined;
const dataSource = () => (shared ??= createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize());

afterAll(async () => {
  if (shared) await (await shared).destroy();
  shared = undefined;
});

export interface TestRealtime {
  url: string;
  stats(): { sockets: number; relayed: number };
  /** The instance's metrics (what its /metrics serves). */
  metrics: Registry;
  /** Its log lines (JSON), at LOG_LEVEL ('silent' unless overridden). */
  logs: string[];
  /** Drops every client from the server side ('io server disconnect'), staying up. */
  disconnectAll(): void;
  close(): Promise<void>;
}

/**
 * A realtime instance on a free port of 127.0.0.1 (or `host` and `port`), on the real Redis, under
 * `prefix`, served as its main.ts serves it (/healthz, /metrics). `subscriberUrl` takes its
 * subscriber elsewhere (a TCP proxy), `redisUrl` its other client (commands, the adapter's publishing).
 */
export async function startTestRealtime(
  prefix: string,
  overrides: Record<string, string> = {},
  {
    subscriberUrl,
    redisUrl,
    host = '127.0.0.1',
    port = 0,
    sessionCheckMs,
  }: { subscriberUrl?: string; redisUrl?: string; host?: string; port?: number; sessionCheckMs?: number } = {},
): Promise<TestRealtime> {
  const env = parseEnv('realtime', realtimeEnvSchema, {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_KEY_PREFIX: prefix,
    ...overrides,
  });
  const { lines: logs, stream } = logLines();
  const logger = createLogger('realtime', env.LOG_LEVEL, stream);
  const redis = createRedisClient(redisUrl ?? env.REDIS_URL, logger);
  const subscriber = createRedisClient(subscriberUrl ?? env.REDIS_URL, logger);
  await Promise.all([redis.connect(), subscriber.connect()]);
  const metrics = createMetricsRegistry('realtime');
  const http = metricsServer(metrics, undefined, () => realtime.health());
  http.listen(port, host);
  await once(http, 'listening');
  const realtime = createRealtimeServer(http, {
    env,
    dataSource: await dataSource(),
    redis,
    subscriber,
    logger,
    metrics,
    sessionCheckMs,
  });
  await realtime.ready;
  return {
    url: `http://${host}:${(http.address() as AddressInfo).port}`,
    stats: realtime.stats,
    metrics,
    logs,
    disconnectAll: () => realtime.io.local.disconnectSockets(true),
    close: async () => {
      await realtime.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  };
}

/** A polling-only client with cookies, as the web app connects. */
export function client(
  url: string,
  {
    cookie,
    auth,
    transports = ['polling'],
    headers = {},
  }: { cookie?: string; auth?: Record<string, unknown>; transports?: string[]; headers?: Record<string, string> } = {},
): Socket {
  return connect(url, {
    path: '/socket.io',
    transports,
    withCredentials: true,
    reconnection: false,
    auth,
    extraHeaders: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Resolves with the next `event` the socket receives; rejects when the socket disconnects first
 * or nothing comes within `timeoutMs`. Nothing is left waiting once it settles (a timer left
 * behind keeps the test worker alive after its last file).
 */
export const nextOf = <T = unknown>(socket: Socket, event: string, timeoutMs = 5_000) =>
  new Promise<T>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      socket.off(event, arrived);
      socket.off('disconnect', gone);
    };
    const arrived = (payload: T) => {
      settle();
      resolve(payload);
    };
    const gone = (reason: string) => {
      settle();
      reject(new Error(`disconnected (${reason}) before ${event}`));
    };
    const timer = setTimeout(() => {
      settle();
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, arrived);
    if (event !== 'disconnect') socket.on('disconnect', gone);
  });
