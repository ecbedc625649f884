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
import { startTestGateway } from '../test/harness';
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

describe("the gateway's request metrics over months of traffic", () => {
  it('keep as many series after a second round of paths nobody asked before as after the first: paths stay out of labels', async () => {
    const gw = await startTestGateway();
    try {
      // What a crawler or a scanner sends: API paths, pages, assets and shares that do not exist,
      // by several methods, each path new.
      const round = async () => {
        for (let i = 0; i < 10; i++) {
          const id = randomUUID();
          await gw.request().get(`/api/${id}`).expect(404);
          await gw.request().delete(`/api/${id}/${i}`);
          await gw.request().get(`/${id}/page-${i}`);
          await gw.request().get(`/assets/${id}.js`).expect(404);
          await gw.request().get(`/shared/${id}`);
          await gw.request().post(`/${id}`).set('content-type', 'text/plain').send('x');
          await gw.request().post(`/api/${id}`).set('content-type', 'text/plain').send('x');
        }
      };
      const series = async () => {
        const text = (await gw.request().get('/metrics').expect(200)).text;
        const lines = text.split('\n').filter((line) => /^http_request/.test(line));
        return { text, names: new Set(lines.map((line) => line.replace(/ [^ ]+$/, ''))) };
      };
      // (The scrape is counted as it ends: the first one's series appear from the second on.)
      await series();
      await round();
      const first = await series();
      await round();
      const second = await series();
      expect([...second.names].filter((name) => !first.names.has(name))).toEqual([]);
      expect(second.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      // By method, route and status only: a handful of routes, not a series per path.
      expect(new Set([...second.names].map((name) => /route="([^"]*)"/.exec(name)?.[1])).size).toBeLessThanOrEqual(8);
    } finally {
      await gw.close();
    }
  });

  it("counts the app's pages under route 'page', as README names it, not the source of the fallback's pattern", async () => {
    const gw = await startTestGateway();
    try {
      await gw.request().get('/').set('Accept', 'text/html').expect(200);
      await gw.request().get('/history').set('Accept', 'text/html').expect(200);
      await gw.request().get('/no-such-page').set('Accept', 'text/html').expect(404);
      const text = (await gw.request().get('/metrics').expect(200)).text;
      const routes = new Set(
        text
          .split('\n')
          .filter((line) => line.startsWith('http_requests_total{'))
          .map((line) => /route="([^"]*)"/.exec(line)?.[1]),
      );
      // An operator's query by route (route="page") finds the pages; no label is a regular expression.
      expect(metricSum(text, 'http_requests_total', { method: 'GET', route: 'page', status: '200' })).toBe(2);
      expect(metricSum(text, 'http_requests_total', { method: 'GET', route: 'page', status: '404' })).toBe(1);
      expect([...routes].filter((route) => /[\\^$*()]/.test(route ?? ''))).toEqual([]);
    } finally {
      await gw.close();
    }
  });
});
