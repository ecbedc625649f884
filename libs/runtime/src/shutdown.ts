import type { Server } from 'node:net';
import type { Logger } from 'pino';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it threw.
 * `stop` should stop taking work, finish or release what is in flight, then close connections.
 */
export function onShutdown(service: string, logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
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

/**
 * Listens on `port`, or ends the process with one line naming the port and its variable when it
 * cannot (another program holds it, say), not Node's stack trace of an unhandled 'error'.
 */
export function listenOrExit(server: Server, service: string, port: number, variable: string, listening: () => void): void {
  const failed = (error: NodeJS.ErrnoException) => {
    const why =
      error.code === 'EADDRINUSE'
        ? `port ${port} (${variable}) is in use: stop what holds it, or set ${variable} to another port`
        : error.code === 'EACCES'
          ? `port ${port} (${variable}) is not allowed to this user: choose one above 1023`
          : error.message;
    process.stderr.write(`${service} failed to start: ${why}\n`);
    process.exit(1);
  };
  server.once('error', failed);
  server.listen(port, () => {
    server.off('error', failed);
    listening();
  });
}
