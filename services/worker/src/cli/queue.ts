import { parseArgs } from 'node:util';
import { argumentsProblem, commonEnvSchema, parseEnv, ConfigError } from '@findclips/config';
import { analysisJobSchema, createAnalysisQueue, enqueueAnalysis, pingQueue, type AnalysisQueue } from '@findclips/queue';

const USAGE = `Usage: npm run -s queue -- stats | retry-failed | clean [--older-than SECONDS]
  stats          jobs of the analysis queue by state, as JSON
  retry-failed   queue every failed analysis of a video again, with all its attempts
  clean          remove finished (completed and failed) jobs older than --older-than (default 3600 s)`;

/** How long the CLI waits for an answer from Redis before it gives up. */
const REDIS_TIMEOUT_MS = 5_000;

/** Redis's host and port from its URL, for a message: never the password the URL may hold. */
function redisAddress(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  // redis:///run/redis.sock: a socket's path, not a host.
  return hostname ? `${hostname}:${port || 6379}` : pathname;
}

/** Redis left the CLI without an answer; `partWay`: after answering some of its batches. */
class NoAnswer extends Error {
  constructor(
    timeoutMs: number,
    readonly partWay: boolean,
  ) {
    super(`no answer within ${timeoutMs / 1000} s`);
  }
}

/**
 * `work`, given up when Redis leaves it without an answer for REDIS_TIMEOUT_MS: `answered()`, called
 * as each batch comes back, starts the wait again, so a large backlog takes as long as it takes.
 */
function withTimeout<T>(work: (answered: () => void) => Promise<T>, timeoutMs = REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let partWay = false;
  let fail: (error: Error) => void = () => undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new NoAnswer(timeoutMs, partWay)), timeoutMs);
  };
  const timeout = new Promise<never>((_, reject) => {
    fail = reject;
  });
  wait();
  const answered = () => {
    partWay = true;
    wait();
  };
  return Promise.race([work(answered), timeout]).finally(() => clearTimeout(timer));
}

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const;

async function stats(queue: AnalysisQueue) {
  return queue.getJobCounts(...STATES);
}

async function retryFailed(queue: AnalysisQueue, answered: () => void) {
  // The jobs failed now, each queued again once: one that fails again meanwhile (workers run)
  // waits for the next retry-failed. Each is queued anew as the gateway queues it, deduplicated by
  // its video, then removed: a job retried in place (BullMQ's retry) gets every attempt again but
  // not its deduplication, so a submission of the same video would queue a second job. One whose
  // video is queued already joins it; one analysed since is only announced (the worker finds it
  // complete). A member's own re-analysis stays failed: they were told, and may have re-analysed
  // or edited since, which it would replace. Data no job of this release reads stays failed too.
  // The failed jobs' ids (one short answer even for a large backlog), then each batch's jobs.
  const failed = await queue.getRanges(['failed'], 0, -1);
  answered();
  const counts = { retried: 0, leftToMembers: 0, unreadable: 0, errors: 0 };
  for (let from = 0; from < failed.length; from += 100) {
    const outcomes = await Promise.allSettled(
      failed.slice(from, from + 100).map(async (id) => {
        const job = await queue.getJob(id);
        // Gone meanwhile (cleaned): nothing is left to retry.
        if (!job) return null;
        const data = analysisJobSchema.safeParse(job.data);
        if (!data.success) return 'unreadable';
        if (data.data.scope === 'private') return 'leftToMembers';
        await enqueueAnalysis(queue, data.data);
        // Gone already (cleaned meanwhile): what was asked is done.
        await job.remove().catch(async (error: unknown) => {
          if (await queue.getJob(id)) throw error;
        });
        return 'retried';
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') counts.errors++;
      else if (outcome.value) counts[outcome.value]++;
    }
    answered();
  }
  return counts;
}

async function clean(queue: AnalysisQueue, olderThanSeconds: number, answered: () => void) {
  const graceMs = olderThanSeconds * 1000;
  const removed = { completed: 0, failed: 0 };
  for (const state of ['completed', 'failed'] as const) {
    // In batches, so a large backlog never blocks Redis for long.
    for (let batch = await queue.clean(graceMs, 1_000, state); batch.length; batch = await queue.clean(graceMs, 1_000, state)) {
      removed[state] += batch.length;
      answered();
    }
  }
  return { removed, olderThanSeconds };
}

/** The operator's view of the analysis queue, on the Redis and key prefix of the environment. */
export async function runQueueCli(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
  { timeoutMs = REDIS_TIMEOUT_MS } = {},
): Promise<number> {
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
  // Digits only: an empty value (an unset shell variable) is not 0, which would remove every job.
  const olderThanText = args.values['older-than'] ?? '3600';
  const olderThan = /^\d+$/.test(olderThanText) ? Number(olderThanText) : NaN;
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
  // A connection that fails is said once, below, in our words (ioredis prints each retry's stack),
  // with what Redis last said: a refused password is no silence.
  let refused: Error | undefined;
  let refuse: (error: Error) => void = () => undefined;
  // Redis's own refusal (a wrong password, a database it does not have) stands: said at once, not
  // after the wait a restarting Redis gets.
  const refusal = new Promise<never>((_, reject) => (refuse = reject));
  refusal.catch(() => undefined);
  queue.on('error', (error: Error) => {
    refused = error;
    if (error.name === 'ReplyError') refuse(error);
  });
  let reached = false;
  try {
    const result = await withTimeout<unknown>(async (answered) => {
      // An answer on the queue's connection first: a database Redis does not have is refused by its
      // SELECT, said only as an error event, and ioredis goes on in database 0, another queue.
      await Promise.race([pingQueue(queue), refusal]);
      // Redis's own refusal said as the ping was answered, which the race may have missed. Its own
      // only: a connection refused before the ping was answered (Redis restarting) is past.
      if (refused?.name === 'ReplyError') throw refused;
      if (command === 'stats') return stats(queue);
      return command === 'retry-failed' ? retryFailed(queue, answered) : clean(queue, olderThan, answered);
    }, timeoutMs);
    reached = true;
    out(`${JSON.stringify(result, null, 2)}\n`);
    // An empty queue is most often another prefix's: said on stderr, the JSON left as it is (a
    // stranger's queue audit read zeros beside 300 waiting jobs, the variable unset).
    if (command === 'stats' && Object.values(result as Record<string, number>).every((count) => count === 0)) {
      err(
        `No job under REDIS_KEY_PREFIX ${JSON.stringify(env.REDIS_KEY_PREFIX)}: if the services run with another prefix, set REDIS_KEY_PREFIX as they do.\n`,
      );
    }
    return 0;
  } catch (error) {
    const why =
      error instanceof NoAnswer && !error.partWay && refused
        ? refused.message
        : error instanceof Error
          ? error.message
          : String(error);
    // Redis answered some batches, then stopped: what was done stays done, and running it again
    // takes up the rest.
    err(
      error instanceof NoAnswer && error.partWay
        ? `Redis stopped answering part way: ${why}; what was done stays done, run it again for the rest\n`
        : `The queue could not be reached: ${why} (Redis at ${redisAddress(env.REDIS_URL)}, REDIS_URL)\n`,
    );
    return 1;
  } finally {
    // Closing waits for Redis; one that did not answer is left at once, not waited for again. (Its
    // close() drops a connection still being made, which disconnect() waits for: it went on trying.)
    if (reached) await withTimeout(() => queue.close(), timeoutMs).catch(() => queue.disconnect());
    else void queue.close().catch(() => undefined);
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
