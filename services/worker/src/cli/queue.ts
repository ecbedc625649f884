import { parseArgs } from 'node:util';
import { argumentsProblem, commonEnvSchema, parseEnv, ConfigError } from '@findclips/config';
import { analysisJobSchema, createAnalysisQueue, enqueueAnalysis, type AnalysisQueue } from '@findclips/queue';

const USAGE = `Usage: npm run -s queue -- stats | retry-failed | clean [--older-than SECONDS]
  stats          jobs of the analysis queue by state, as JSON
  retry-failed   queue every failed analysis of a video again, with all its attempts
  clean          remove finished (completed and failed) jobs older than --older-than (default 3600 s)`;

/** How long the CLI waits for Redis before it gives up. */
const REDIS_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS / 1000} s`)), REDIS_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const;

async function stats(queue: AnalysisQueue) {
  return queue.getJobCounts(...STATES);
}

async function retryFailed(queue: AnalysisQueue) {
  // The jobs failed now, each queued again once: one that fails again meanwhile (workers run)
  // waits for the next retry-failed. Each is queued anew as the gateway queues it, deduplicated by
  // its video, then removed: a job retried in place (BullMQ's retry) gets every attempt again but
  // not its deduplication, so a submission of the same video would queue a second job. One whose
  // video is queued already joins it; one analysed since is only announced (the worker finds it
  // complete). A member's own re-analysis stays failed: they were told, and may have re-analysed
  // or edited since, which it would replace. Data no job of this release reads stays failed too.
  const failed = await queue.getFailed(0, -1);
  const counts = { retried: 0, leftToMembers: 0, unreadable: 0, errors: 0 };
  for (let from = 0; from < failed.length; from += 100) {
    const batch = failed.slice(from, from + 100);
    const outcomes = await Promise.allSettled(
      batch.map(async (job) => {
        const data = analysisJobSchema.safeParse(job.data);
        if (!data.success) return 'unreadable';
        if (data.data.scope === 'private') return 'leftToMembers';
        await enqueueAnalysis(queue, data.data);
        // Gone already (cleaned meanwhile): what was asked is done.
        await job.remove().catch(async (error: unknown) => {
          if (await queue.getJob(job.id!)) throw error;
        });
        return 'retried';
      }),
    );
    for (const outcome of outcomes) counts[outcome.status === 'fulfilled' ? outcome.value : 'errors']++;
  }
  return counts;
}

async function clean(queue: AnalysisQueue, olderThanSeconds: number) {
  const graceMs = olderThanSeconds * 1000;
  const removed = { completed: 0, failed: 0 };
  for (const state of ['completed', 'failed'] as const) {
    // In batches, so a large backlog never blocks Redis for long.
    for (let batch = await queue.clean(graceMs, 1_000, state); batch.length; batch = await queue.clean(graceMs, 1_000, state)) {
      removed[state] += batch.length;
    }
  }
  return { removed, olderThanSeconds };
}

/** The operator's view of the analysis queue, on the Redis and key prefix of the environment. */
export async function runQueueCli(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'older-than': { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    err(`${argumentsProblem(error)}\n${USAGE}\n`);
    return 2;
  }
  const [command, ...rest] = args.positionals;
  if (args.values.help) {
    out(`${USAGE}\n`);
    return 0;
  }
  const olderThan = Number(args.values['older-than'] ?? 3600);
  if (!command || rest.length || !['stats', 'retry-failed', 'clean'].includes(command)) {
    err(`${command ? `Unknown command: ${[command, ...rest].join(' ')}` : 'No command given'}\n${USAGE}\n`);
    return 2;
  }
  if (!Number.isInteger(olderThan) || olderThan < 0) {
    err(`--older-than must be a whole number of seconds, 0 or more\n${USAGE}\n`);
    return 2;
  }
  let env;
  try {
    env = parseEnv('queue', commonEnvSchema, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const queue = createAnalysisQueue({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX });
  // A connection that fails is said once, below, in our words (ioredis prints each retry's stack).
  queue.on('error', () => undefined);
  let reached = false;
  try {
    const work: Promise<unknown> =
      command === 'stats' ? stats(queue) : command === 'retry-failed' ? retryFailed(queue) : clean(queue, olderThan);
    const result = await withTimeout(work);
    reached = true;
    out(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    err(`The queue could not be reached: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    // Closing waits for Redis; one that did not answer is left at once, not waited for again.
    if (reached) await withTimeout(queue.close()).catch(() => queue.disconnect());
    else void queue.disconnect().catch(() => undefined);
  }
}

if (require.main === module) {
  void runQueueCli(
    process.argv.slice(2),
    (text) => process.stdout.write(text),
    (text) => process.stderr.write(text),
  ).then((code) => {
    process.exitCode = code;
    // Redis unreachable: its client's reconnection timers would keep the process alive.
    if (code === 1) process.exit(code);
  });
}
