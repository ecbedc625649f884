// Waiting for the analyses of a test to be over, instead of sleeping through a grace period.
import { randomUUID } from 'node:crypto';
import type { AnalysisEvent } from '@findclips/contracts';
import { analysisEvent, createAnalysisQueue, publishAnalysisEvent } from '@findclips/queue';
import { createLogger, createRedisClient, REDIS_DEADLINE_MS } from '@findclips/runtime';
import { until } from '@findclips/testing';

/** A video id no test analyses: a marker published there reaches every subscriber of the channel, and nobody's room. */
export const fenceVideoId = () => `fence${randomUUID().slice(0, 6)}`;

/**
 * Waits until no analysis queued so far can publish anything more, instead of sleeping through a
 * grace period for a duplicate: the queue has no job waiting, delayed or running, then a marker
 * event is published to each of `rooms` and awaited in every one of `lists`. Events on one Redis
 * channel reach each subscriber, and each socket of a room, in the order they were published, so
 * once the marker is there every earlier event is too. The markers are then removed from `lists`.
 */
export async function settleAnalyses(
  { redisUrl, keyPrefix }: { redisUrl: string; keyPrefix: string },
  rooms: string[],
  lists: AnalysisEvent[][],
  timeoutMs = 30_000,
): Promise<void> {
  const queue = createAnalysisQueue({ url: redisUrl, keyPrefix, commandTimeoutMs: REDIS_DEADLINE_MS });
  const publisher = createRedisClient(redisUrl, createLogger('test', 'silent'));
  try {
    await until(
      async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        return Object.values(counts).every((count) => count === 0);
      },
      timeoutMs,
      'the analysis queue to be idle',
    );
    await publisher.connect();
    const marker = `fence ${randomUUID()}`;
    for (const room of rooms) {
      await publishAnalysisEvent(
        publisher,
        keyPrefix,
        analysisEvent('ANALYSIS_ERROR', room, { errorType: 'ANALYSIS_FAILED', errorMessage: marker, errorCategories: [] }),
      );
    }
    await until(() => lists.every((got) => got.some((e) => e.errorMessage === marker)), timeoutMs, 'the marker event');
    for (const got of lists) got.splice(0, got.length, ...got.filter((e) => e.errorMessage !== marker));
  } finally {
    await queue.close();
    if (publisher.isOpen) await publisher.quit();
  }
}
