import type { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** Signals this soon after the first are one signal delivered twice (see onShutdown). */
const REPEAT_WINDOW_MS = 1_000;

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it threw; a
 * second SIGINT (Ctrl+C again, over a second later) exits at once, with 130.
 * `stop` should stop taking work, finish or release what is in flight, then close connections.
 */
export function onShutdown(service: string, logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  let firstAt = 0;
  const handle = (signal: NodeJS.Signals) => {
    // A second Ctrl+C while stopping: the operator will not wait (a worker finishing a long job).
    // One within a second of the first is the same Ctrl+C passed on again: `npm start`'s
    // `concurrently` forwards the terminal's SIGINT to services that got it from the terminal too.
    if (stopping && signal === 'SIGINT' && Date.now() - firstAt > REPEAT_WINDOW_MS) {
      logger.warn(`${service} stopped at once, on a second ${signal}: work in flight is left to run again elsewhere`);
      process.exit(130);
    }
    if (stopping) return;
    stopping = true;
    firstAt = Date.now();
    logger.info({ signal }, `${service} stopping`);
    stop().then(
      () => {
        logger.info(`${service} stopped`);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, `${service} did not stop cleanly`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}

/** How long a stopping service waits for its connections to Redis and PostgreSQL to close. */
const CLOSE_CONNECTIONS_MS = 2_000;

/**
 * Closes a stopping service's connections (its queue, Redis clients, database), their errors
 * ignored, waiting CLOSE_CONNECTIONS_MS at most: with Redis or PostgreSQL away, a client's quit
 * waited for it to come back, and the process stayed alive for as long as it was away.
 */
export async function closeConnections(...closing: Array<() => Promise<unknown>>): Promise<void> {
  const closed = Promise.all(closing.map((close) => close().catch(() => undefined)));
  await Promise.race([closed, sleep(CLOSE_CONNECTIONS_MS, undefined, { ref: false })]);
}

/** A service cannot start for a reason its message says in full: printed as one line, no stack. */
export class StartupError extends Error {}

/**
 * Ends a service that could not start: one line, `{service} failed to start: …`, and exit 1. A
 * StartupError is its message; anything else its stack, being unforeseen.
 */
export const failedToStart =
  (service: string) =>
  (error: unknown): never => {
    const why = error instanceof StartupError ? error.message : error instanceof Error ? error.stack : String(error);
    process.stderr.write(`${service} failed to start: ${why}\n`);
    process.exit(1);
  };

/**
 * Listens on `port`; a port it cannot have (another program holds it, say) is a StartupError
 * naming the port and its variable, not Node's unhandled 'error'.
 */
export function listen(server: Server, port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`port ${port} (${variable}) is in use: stop what holds it, or set ${variable} to another port`)
          : error.code === 'EACCES'
            ? new StartupError(`port ${port} (${variable}) is not allowed to this user: choose one above 1023`)
            : error,
      );
    server.once('error', failed);
    server.listen(port, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
