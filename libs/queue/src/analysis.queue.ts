import { redisKeys } from '@findclips/runtime';
import { analysisProviders, videoIdSchema } from '@findclips/contracts';
import { Queue, type ConnectionOptions, type DefaultJobOptions } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** The one queue: analyses of videos. */
export const ANALYSIS_QUEUE = 'analysis';
export const ANALYZE_JOB = 'analyze';

/**
 * An analysis to run. `shared`: the analysis everyone sees (cached_youtube_data); `private`: a
 * member's re-analysis, seen by them alone (user_video_analysis).
 */
const jobFields = {
  videoId: videoIdSchema,
  /** The member's chosen provider; null means the default. */
  provider: z.enum(analysisProviders).nullable(),
  /** The HTTP request that asked for it, to follow one analysis through the logs. */
  requestId: z.string().max(128).optional(),
  /**
   * This request's run, unique for ever (BullMQ's job ids restart with a new Redis): what a
   * member's stored analysis records, so that the same run, retried, does not run it again.
   */
  runId: z.uuid().optional(),
};
const memberId = z.number().int().positive();

export const analysisJobSchema = z.discriminatedUnion('scope', [
  /** `userId`: the member who asked, whose history records it; null for guests. */
  z.object({ scope: z.literal('shared'), userId: memberId.nullable(), ...jobFields }),
  /** `userId`: the member whose analysis it is. */
  z.object({ scope: z.literal('private'), userId: memberId, ...jobFields }),
]);

export type AnalysisJob = z.infer<typeof analysisJobSchema>;

/** Identical work has one id, so it is never queued twice while it waits or runs. */
export function analysisJobKey({ scope, videoId, userId }: Pick<AnalysisJob, 'scope' | 'videoId' | 'userId'>): string {
  return scope === 'shared' ? `shared.${videoId}` : `private.${userId}.${videoId}`;
}

export const ANALYSIS_ATTEMPTS = 4;

/** Retries with exponential backoff (transient failures only: permanent ones fail at once). */
export const analysisJobOptions: DefaultJobOptions = {
  attempts: ANALYSIS_ATTEMPTS,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 60 * 60, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
};

export interface QueueConnection {
  url: string;
  /** Our Redis key prefix; BullMQ's keys go under `{prefix}bull`. */
  keyPrefix: string;
  /** A command unanswered this long fails ("Command timed out"), so a request never hangs on Redis. */
  commandTimeoutMs?: number;
}

/** BullMQ's connection options for a Redis URL; workers need `maxRetriesPerRequest: null`. */
export function bullConnection(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    // An IPv6 address without its brackets ('[::1]' names no host to ioredis).
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

export const bullPrefix = (keyPrefix: string) => redisKeys(keyPrefix).queue;

export type AnalysisQueue = Queue<AnalysisJob, void, typeof ANALYZE_JOB>;

export function createAnalysisQueue({ url, keyPrefix, commandTimeoutMs }: QueueConnection): AnalysisQueue {
  return new Queue<AnalysisJob, void, typeof ANALYZE_JOB>(ANALYSIS_QUEUE, {
    connection: { ...bullConnection(url), commandTimeout: commandTimeoutMs },
    prefix: bullPrefix(keyPrefix),
    defaultJobOptions: analysisJobOptions,
  });
}

/**
 * Queues an analysis, or joins the identical one already waiting or running (BullMQ
 * deduplication by our key). Resolves with the id of the job that will do the work.
 */
export async function enqueueAnalysis(queue: AnalysisQueue, job: AnalysisJob): Promise<string> {
  const data = analysisJobSchema.parse({ runId: randomUUID(), ...job });
  const key = analysisJobKey(data);
  const added = await queue.add(ANALYZE_JOB, data, { deduplication: { id: key } });
  return added.id ?? key;
}
