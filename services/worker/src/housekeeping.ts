import { GUEST_ID_DAYS } from '@findclips/contracts';
import { GuestAnalyses } from '@findclips/db';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/** How often a worker forgets what has expired, and how long after it starts it first does. */
const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60 * 1000;
const HOUSEKEEPING_FIRST_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What nothing reads any more, removed in the background: the videos guests analysed before their
 * guest id (a year, not renewed) can have expired. That table only grew, a row a guest and video
 * (a stranger's soak audit). Every worker does it (the deletes are the same whoever runs them).
 * Returns the function that stops it.
 */
export function startHousekeeping(
  dataSource: DataSource,
  logger: Logger,
  { firstMs = HOUSEKEEPING_FIRST_MS, everyMs = HOUSEKEEPING_EVERY_MS } = {},
): () => void {
  const guests = new GuestAnalyses(dataSource);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const forgotten = await guests.forgetBefore(new Date(Date.now() - GUEST_ID_DAYS * DAY_MS));
      if (forgotten > 0) logger.info({ forgotten }, "guests' analysed videos past their guest id's life forgotten");
    } catch (error) {
      logger.warn({ err: error }, 'housekeeping failed: it runs again later');
    } finally {
      running = false;
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    every = setInterval(() => void run(), everyMs);
    every.unref();
  }, firstMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
