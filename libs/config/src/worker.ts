import { z } from 'zod';
import { analysisEnvSchema, providerKeyVariables } from './analysis';
import { commonEnvSchema } from './common';
import { envInt } from './env';
import { youtubeEnvSchema } from './youtube';

/** Environment of an analysis worker. */
export const workerEnvSchema = commonEnvSchema
  .extend(youtubeEnvSchema.shape)
  .extend(analysisEnvSchema.shape)
  .extend({
    /** Analyses one worker process runs at once. */
    WORKER_CONCURRENCY: envInt(4, 1, 64),
    /** How long a job's lock lasts without renewal; a killed worker's job is taken over after it. */
    WORKER_LOCK_MS: envInt(30_000, 1_000, 600_000),
    /** Where the worker serves GET /metrics and GET /healthz; 0 picks a free port. */
    WORKER_METRICS_PORT: envInt(9464, 0, 65535),
  })
  // Guests' analyses run on the default provider: one without its key would fail every one of them.
  .superRefine((env, ctx) => {
    if (env.ANALYSIS_DEFAULT_PROVIDER === 'local') return;
    const key = providerKeyVariables[env.ANALYSIS_DEFAULT_PROVIDER];
    if (!env[key]) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANALYSIS_DEFAULT_PROVIDER'],
        message: `${env.ANALYSIS_DEFAULT_PROVIDER} needs ${key} set (or choose local)`,
      });
    }
  });

export type WorkerEnv = z.output<typeof workerEnvSchema>;
