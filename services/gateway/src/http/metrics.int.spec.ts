import { randomUUID } from 'node:crypto';
import {
  bullConnection,
  bullPrefix,
  createAnalysisQueue,
  enqueueAnalysis,
  ANALYSIS_QUEUE,
  type AnalysisQueue,
} from '@findclips/queue';
import { metricSum } from '@findclips/testing';
import { Worker } from 'bullmq';
import { Registry } from 'prom-client';
import { queueMetrics } from './metrics';

describe("the gateway's queue metrics: what an operator alerts on when no worker takes the jobs", () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let queue: AnalysisQueue;
  const registry = new Registry();
  beforeAll(() => {
    queue = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix: prefix });
    queueMetrics(registry, queue);
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('says how long the oldest job has waited, and how many workers are connected', async () => {
    const read = async (name: string) => metricSum(await registry.metrics(), name);
    expect(await read('analysis_queue_oldest_waiting_seconds')).toBe(0);
    expect(await read('analysis_queue_workers')).toBe(0);
    // A job queued 90 s ago, and no worker.
    await queue.add(
      'analyze',
      { videoId: 'waitingVid1', scope: 'shared', userId: null, provider: null },
      { timestamp: Date.now() - 90_000 },
    );
    await queue.add('analyze', { videoId: 'waitingVid2', scope: 'shared', userId: null, provider: null });
    expect(await read('analysis_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(90);
    expect(await read('analysis_queue_jobs')).toBe(2);
    // Jobs waiting their turn (BullMQ's 'prioritized') are waiting too, and the oldest is still the oldest.
    await enqueueAnalysis(queue, { videoId: 'waitingVid3', scope: 'shared', userId: 7, provider: null }, { userId: 7 });
    expect(metricSum(await registry.metrics(), 'analysis_queue_jobs', { state: 'waiting' })).toBe(3);
    expect(await read('analysis_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(90);
    // A worker connects (and is paused before it takes anything): counted.
    const worker = new Worker(ANALYSIS_QUEUE, async () => undefined, {
      connection: bullConnection(process.env.REDIS_URL!),
      prefix: bullPrefix(prefix),
      autorun: false,
    });
    try {
      await worker.waitUntilReady();
      expect(await read('analysis_queue_workers')).toBe(1);
    } finally {
      await worker.close();
    }
  });
});
