import { answerMetrics } from '@findclips/runtime';
import { oldestInLine, type AnalysisQueue } from '@findclips/queue';
import { Router, type Request, type RequestHandler } from 'express';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** The route a request matched ('/api/cached-videos/:videoId'), never its raw path: ids stay out of labels. */
function routeOf(req: Request, status: number): string {
  // The app's pages are the fallback's, matched by a pattern whose source says nothing to an operator.
  if (req.route?.path instanceof RegExp) return 'page';
  if (req.route?.path) return `${req.baseUrl}${String(req.route.path)}`;
  if (req.originalUrl.startsWith('/socket.io')) return '/socket.io';
  if (req.originalUrl.startsWith('/assets/')) return '/assets';
  if (status === 404) return 'unmatched';
  // Refused before any route took it (cross-site, too large, not JSON): an API call, not a page.
  return /^\/api(?:[/?]|$)/i.test(req.originalUrl) ? 'api' : 'page';
}

/** Counts and times every request by method, route and status. Mounted first. */
export function httpMetrics(registry: Registry): RequestHandler {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, next) => {
    const stop = duration.startTimer();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req, res.statusCode), status: String(res.statusCode) };
      requests.inc(labels);
      stop(labels);
    });
    next();
  };
}

/** The analysis queue's depth by state, read from Redis at each scrape. */
export function queueMetrics(registry: Registry, queue: AnalysisQueue): void {
  const states = ['waiting', 'active', 'delayed', 'failed'] as const;
  new Gauge({
    name: 'analysis_queue_jobs',
    help: 'Jobs in the analysis queue by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const counts = await queue.getJobCounts(...states, 'prioritized');
        // Waiting is every job in line, those waiting their turn (BullMQ's 'prioritized') too.
        counts.waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
        for (const state of states) this.set({ state }, counts[state] ?? 0);
      } catch {
        // Redis away: no depth rather than no scrape (the HTTP and process metrics matter most then).
        this.reset();
      }
    },
  });
  // Labelled by the queue's name so that a figure Redis cannot give is absent: an unlabelled gauge
  // reset reads 0, 'nothing waits' and 'no worker' in the middle of a Redis outage (a stranger's
  // observability audit).
  const labels = { queue: queue.name };
  // With no worker running, jobs wait and the page says 'Analyzing…' for ever: what to alert on.
  new Gauge({
    name: 'analysis_queue_oldest_waiting_seconds',
    help: 'How long the oldest job waiting in the analysis queue has waited (0: none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      try {
        const oldest = await oldestInLine(queue);
        this.set(labels, oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      } catch {
        this.reset();
      }
    },
  });
  new Gauge({
    name: 'analysis_queue_workers',
    help: 'Analysis workers connected to the queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      try {
        this.set(labels, await queue.getWorkersCount());
      } catch {
        // A Redis that refuses CLIENT LIST (some hosted ones): no count rather than a wrong one.
        this.reset();
      }
    },
  });
}

/** GET /metrics: the gateway's registry in the Prometheus text format. */
export function metricsRoute(registry: Registry, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', (req, res) => void answerMetrics(registry, req, res, token));
  return router;
}
