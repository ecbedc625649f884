import { randomUUID } from 'node:crypto';
import type { AnalysisEvent } from '@findclips/contracts';

/** Polls `check` every `intervalMs` until it holds, failing after `timeoutMs` and naming `what`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'the condition',
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Waits until every analysis event published so far has reached `lists`, without a fixed sleep: a
 * marker event published after them to each of `rooms` arrives last (events on one Redis channel
 * reach each subscriber, and each socket of a room, in the order they were published). The markers
 * are then removed from `lists`.
 */
export async function fence(
  publish: (event: AnalysisEvent) => Promise<void>,
  rooms: string[],
  lists: AnalysisEvent[][],
  timeoutMs = 5_000,
): Promise<void> {
  const marker = `fence ${randomUUID()}`;
  for (const videoId of rooms) {
    await publish({
      type: 'ANALYSIS_ERROR',
      videoId,
      sentAt: new Date().toISOString(),
      userId: null,
      errorType: 'ANALYSIS_FAILED',
      errorMessage: marker,
      errorCategories: [],
    });
  }
  await until(() => lists.every((got) => got.some((e) => e.errorMessage === marker)), timeoutMs, 'the marker event', 20);
  for (const got of lists) got.splice(0, got.length, ...got.filter((e) => e.errorMessage !== marker));
}
