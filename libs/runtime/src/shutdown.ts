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
