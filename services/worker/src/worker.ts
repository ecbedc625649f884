import { checkModels, createProviders } from '@findclips/analysis';
import type { WorkerEnv } from '@findclips/config';
import { ANALYSIS_QUEUE, bullConnection, bullPrefix, type AnalysisJob } from '@findclips/queue';
import { GuestPayers, VideoFailures, type RedisClient } from '@findclips/runtime';
import { YoutubeClient } from '@findclips/youtube';
import { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { analysisTables, createAnalysisJob, createStalledFailure } from './analysis.job';
import { jobMetrics } from './job-metrics';
import type { Registry } from 'prom-client';

interface WorkerDeps {
  env: WorkerEnv;
  dataSource: DataSource;
  /** Publishes the analysis events, and remembers the videos YouTube refused. */
  publisher: RedisClient;
  logger: Logger;
  /** Where the job metrics go (the worker's /metrics); none when left out. */
  metrics?: Registry;
}

/** The analysis queue's worker, and how many jobs it runs at the moment. */
type AnalysisWorker = Worker<AnalysisJob> & { activeJobs(): number };

/** A BullMQ worker on the analysis queue, ready to take jobs. */
export async function startWorker({ env, dataSource, publisher, logger, metrics }: WorkerDeps): Promise<AnalysisWorker> {
  const providers = createProviders(env);
  logger.info({ providers: [...providers.keys()], defaultProvider: env.ANALYSIS_DEFAULT_PROVIDER }, 'analysis providers');
  // A retired model is said once, here, in words an operator can act on; jobs still start meanwhile.
  void checkModels(providers, env.PROVIDER_TIMEOUT_MS).then((checks) => {
    for (const { provider, model, outcome, message } of checks) {
      logger[outcome === 'ok' ? 'info' : outcome === 'missing' ? 'error' : 'warn']({ provider, model }, message);
    }
  });
  const jobDeps = {
    tables: analysisTables(dataSource),
    youtube: new YoutubeClient({
      baseUrl: env.YOUTUBE_BASE_URL,
      proxyUrl: env.YOUTUBE_PROXY_URL,
      timeoutMs: env.YOUTUBE_TIMEOUT_MS,
    }),
    providers,
    defaultProvider: env.ANALYSIS_DEFAULT_PROVIDER,
    publisher,
    failures: new VideoFailures(publisher, env.REDIS_KEY_PREFIX),
    payers: new GuestPayers(publisher, env.REDIS_KEY_PREFIX),
    keyPrefix: env.REDIS_KEY_PREFIX,
    chunkConcurrency: env.ANALYSIS_CHUNK_CONCURRENCY,
    lockMs: env.WORKER_LOCK_MS,
    logger,
    metrics: metrics ? jobMetrics(metrics) : undefined,
  };
  const stalledTooOften = createStalledFailure(jobDeps);
  const analyze = createAnalysisJob(jobDeps);
  let active = 0;
  const counted = async (job: Job<AnalysisJob>, token?: string) => {
    active++;
    try {
      await analyze(job, token);
    } finally {
      active--;
    }
  };
  const bullWorker = new Worker<AnalysisJob>(ANALYSIS_QUEUE, counted, {
    connection: bullConnection(env.REDIS_URL),
    prefix: bullPrefix(env.REDIS_KEY_PREFIX),
    concurrency: env.WORKER_CONCURRENCY,
    lockDuration: env.WORKER_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(env.WORKER_LOCK_MS / 2)),
    maxStalledCount: 2,
  });
  const worker: AnalysisWorker = Object.assign(bullWorker, { activeJobs: () => active });
  worker.on('error', (error) => logger.warn({ err: error }, 'worker connection error'));
  // BullMQ names a stalled job by its id alone: the video is read from the job, so that the line says
  // which analysis was held up (none when the job is gone meanwhile, or Redis does not answer).
  worker.on('stalled', (jobId) => {
    void Job.fromId<AnalysisJob>(worker, jobId)
      .then(
        (job) => job?.data.videoId,
        () => undefined,
      )
      .then((videoId) =>
        logger.warn({ jobId, videoId }, 'job stalled: a worker stopped mid-job; it runs again unless it stalled too often'),
      );
  });
  worker.on('failed', (job, error) => {
    stalledTooOften(job, error).catch((failure: unknown) =>
      logger.error({ err: failure, jobId: job?.id }, 'a job that stalled too often could not be recorded as failed'),
    );
  });
  await worker.waitUntilReady();
  return worker;
}

/** How long a stopping worker with no job left waits for its close before it lets Redis go. */
const IDLE_CLOSE_MS = 5_000;

/**
 * Stops taking jobs and lets the active ones finish. A close also waits for Redis, for as long as
 * it is away: once no job has run for `idleMs`, it resolves without it (the jobs are done, nothing
 * is left to hand back, and the process exits), so that a SIGTERM during an outage still stops it.
 */
export async function stopWorker(worker: AnalysisWorker, logger: Logger, idleMs = IDLE_CLOSE_MS): Promise<void> {
  let poll: NodeJS.Timeout | undefined;
  const idle = new Promise<'idle'>((resolve) => {
    let idleSince: number | null = null;
    poll = setInterval(
      () => {
        if (worker.activeJobs() > 0) idleSince = null;
        else if (Date.now() - (idleSince ??= Date.now()) >= idleMs) resolve('idle');
      },
      Math.min(250, idleMs),
    );
  });
  try {
    const closing = worker.close().then(() => 'closed' as const);
    if ((await Promise.race([closing, idle])) === 'idle')
      logger.warn({ idleMs }, 'no job left, but the queue does not answer: stopping without it');
  } finally {
    clearInterval(poll);
  }
}
