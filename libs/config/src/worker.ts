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
  // Checked even when other variables failed, so every problem is listed at once.
  .superRefine(
    (env, ctx) => {
      const provider = env.ANALYSIS_DEFAULT_PROVIDER;
      if (!Object.hasOwn(providerKeyVariables, provider)) return;
      const key = providerKeyVariables[provider as keyof typeof providerKeyVariables];
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: ['ANALYSIS_DEFAULT_PROVIDER'],
          message: `${provider} needs ${key} set (or choose local)`,
        });
      }
    },
    { when: () => true },
  );

export type WorkerEnv = z.output<typeof workerEnvSchema>;
