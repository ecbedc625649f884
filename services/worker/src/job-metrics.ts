import { Counter, Histogram, type Registry } from 'prom-client';

/** How an attempt ended: done, failed for good, or failed and queued again. */
export type JobOutcome = 'completed' | 'failed' | 'retried';

/** The worker's own metrics: analysis job durations, and provider errors by kind. */
export interface JobMetrics {
  finished(provider: string, outcome: JobOutcome, seconds: number): void;
  providerError(provider: string, kind: string): void;
  /** A YouTube failure, by our code: YOUTUBE_BLOCKED climbing means YouTube is refusing this host. */
  youtubeError(code: string): void;
}

export function jobMetrics(registry: Registry): JobMetrics {
  const duration = new Histogram({
    name: 'analysis_job_duration_seconds',
    help: 'Time an analysis job attempt took, by provider and outcome',
    labelNames: ['provider', 'outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'analysis_provider_errors_total',
    help: 'Errors of the analysis providers, by kind (the error code users see)',
    labelNames: ['provider', 'kind'],
    registers: [registry],
  });
  const youtube = new Counter({
    name: 'youtube_errors_total',
    help: 'Failures fetching a video from YouTube, by code (YOUTUBE_BLOCKED: YouTube refuses this host)',
    labelNames: ['code'],
    registers: [registry],
  });
  return {
    youtubeError: (code) => youtube.inc({ code }),
    finished: (provider, outcome, seconds) => duration.observe({ provider, outcome }, seconds),
    providerError: (provider, kind) => errors.inc({ provider, kind }),
  };
}
