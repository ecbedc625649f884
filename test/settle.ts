// Waiting for the analyses of a test to be over, instead of sleeping through a grace period.
import { randomUUID } from 'node:crypto';
import type { AnalysisEvent } from '@findclips/contracts';
import { createAnalysisQueue, publishAnalysisEvent } from '@findclips/queue';
import { createLogger, createRedisClient, REDIS_DEADLINE_MS } from '@findclips/runtime';
import { fence, until } from '@findclips/testing';

/** A video id no test analyses: a marker published there reaches every subscriber of the channel, and nobody's room. */
export const fenceVideoId = () => `fence${randomUUID().slice(0, 6)}`;

/**
 * Waits until no analysis queued so far can publish anything more, instead of sleeping through a
 * grace period for a duplicate: the queue has no job waiting, delayed or running, then a fence
 * (a marker event published to each of `rooms`) has reached every one of `lists`.
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
    await fence((event) => publishAnalysisEvent(publisher, keyPrefix, event), rooms, lists, timeoutMs);
  } finally {
    await queue.close();
    if (publisher.isOpen) await publisher.quit();
  }
}
