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

/** The first retry's wait; each next one's doubles. */
const RETRY_DELAY_MS = 2_000;
/** The longest wait a provider may ask for that a retry waits out (Gemini's RetryInfo asks up to a minute). */
const LONGEST_ASKED_WAIT_MS = 5 * 60_000;

/**
 * The wait before a job's next attempt: exponential (2 s, 4 s, 8 s), or longer when the failure
 * asked for longer (a provider's 429 with its Retry-After or RetryInfo, `retryAfterMs` on the
 * error or its causes), up to LONGEST_ASKED_WAIT_MS: retried sooner, the same limit refused each
 * attempt, and the job failed in seconds with 'too many requests'. `attemptsMade` counts this one.
 */
export function retryDelay(attemptsMade: number, error: unknown): number {
  const exponential = RETRY_DELAY_MS * 2 ** Math.max(0, attemptsMade - 1);
  let asked = 0;
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const wait = (cause as { retryAfterMs?: unknown }).retryAfterMs;
    if (typeof wait === 'number' && Number.isFinite(wait)) asked = Math.max(asked, wait);
  }
  return Math.max(exponential, Math.min(asked, LONGEST_ASKED_WAIT_MS));
}

/**
 * Retries with exponential backoff (transient failures only: permanent ones fail at once), which
 * the worker lengthens for an attempt whose failure asked for longer (`retryDelay`).
 */
const analysisJobOptions: DefaultJobOptions = {
  attempts: ANALYSIS_ATTEMPTS,
  backoff: { type: 'exponential', delay: RETRY_DELAY_MS },
  removeOnComplete: { age: 24 * 60 * 60, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 10_000 },
};

interface QueueConnection {
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
    retryStrategy: reconnectDelay,
  };
}

/**
 * How long the queue's connection waits before its next try to reconnect: 2 s at most. BullMQ's
 * own waits grow to 20 s, so for about 20 s after Redis came back a gateway could queue nothing
 * (503s, its sessions long back) and workers took no job (a stranger's observability audit).
 */
const reconnectDelay = (tries: number) => Math.min(100 * 2 ** tries, 2_000);

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
 * A job's turn, as the priority BullMQ serves in (lowest first, then oldest first): the turn after
 * the one the queue serves now, and after the submitter's own jobs still waiting, so that jobs are
 * served a round at a time: a member who queues 30 videos has one in each round, and a guest who
 * comes meanwhile is served in the next round, held up by one or two of the member's jobs, not 30.
 * No job waits for ever: a new job never joins the round being served, so each round empties in
 * turn.
 *
 * The round served (KEYS[3]) only moves forward while the queue has work: the lowest turn waiting,
 * or the round stored, whichever is later (a job back from a retry's wait keeps its earlier turn
 * and goes first, without bringing newcomers with it); back to 0 when nothing waits, runs or waits
 * to be retried (KEYS[4] wait, KEYS[5] active, KEYS[6] delayed). KEYS[2] is BullMQ's set of jobs
 * waiting their turn, scored turn * 2^32 + the order they came. KEYS[1], beside the queue's keys,
 * holds the submitter's jobs waiting their turn (pruned here of those that no longer wait) and
 * the turns taken by their requests on their way (`r:` and the run's id: 'turn:ms', a minute at
 * most), so that requests sent together take one turn each. ARGV[1]: this request's run id.
 */
const TAKE_TURN = `
local span = 4294967296
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local served = tonumber(redis.call('GET', KEYS[3]) or '0')
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if #first > 0 then
  local lowest = math.floor(tonumber(first[2]) / span)
  if lowest > served then served = lowest end
elseif redis.call('LLEN', KEYS[4]) == 0 and redis.call('LLEN', KEYS[5]) == 0 and redis.call('ZCARD', KEYS[6]) == 0 then
  served = 0
end
redis.call('SET', KEYS[3], served, 'EX', 86400)
local turn = served + 1
local own = redis.call('HGETALL', KEYS[1])
for i = 1, #own, 2 do
  local field, value = own[i], own[i + 1]
  if string.sub(field, 1, 2) == 'r:' then
    local taken, at = string.match(value, '^(%d+):(%d+)$')
    if not taken or now - tonumber(at) > 60000 then
      redis.call('HDEL', KEYS[1], field)
    elseif tonumber(taken) + 1 > turn then
      turn = tonumber(taken) + 1
    end
  else
    local score = redis.call('ZSCORE', KEYS[2], field)
    if not score then
      redis.call('HDEL', KEYS[1], field)
    elseif math.floor(tonumber(score) / span) + 1 > turn then
      turn = math.floor(tonumber(score) / span) + 1
    end
  end
end
redis.call('HSET', KEYS[1], 'r:' .. ARGV[1], turn .. ':' .. now)
redis.call('EXPIRE', KEYS[1], 86400)
return turn`;

/**
 * The request's turn (ARGV[1], its run id) becomes its job's (ARGV[2]; none: it queued nothing).
 * The hash is kept a day from now: removing its last field removed it, and the job's field made it
 * anew without an end, so a guest who never came back left it for ever (a stranger's audit).
 */
const RECORD_TURN = `
redis.call('HDEL', KEYS[1], 'r:' .. ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], ARGV[2], '1') end
redis.call('EXPIRE', KEYS[1], 86400)
return 1`;

/** A job's place in the wait list and among the turns, read at one instant. */
const PLACES = `
local position = false
if ARGV[2] == 'waiting' then position = redis.call('LPOS', KEYS[1], ARGV[1]) end
local rank = false
if ARGV[2] == 'prioritized' then rank = redis.call('ZRANK', KEYS[2], ARGV[1]) end
return { redis.call('LLEN', KEYS[1]), position, rank }`;

/** Whose turn a job takes: a member (by id) or a guest (by guest id). */
type Submitter = { userId: number } | { guestId: string };

/** Where a submitter's jobs waiting their turn are kept: beside the queue's own keys. */
const turnsKey = (queue: AnalysisQueue, submitter: Submitter) =>
  `${queue.qualifiedName}:turns:${'userId' in submitter ? `member:${submitter.userId}` : `guest:${submitter.guestId}`}`;

/** BullMQ's highest priority number: a turn past it (after two million rounds without a pause) waits there. */
const LAST_TURN = 2_097_151;

/**
 * Queues an analysis, or joins the identical one already waiting or running (BullMQ
 * deduplication by our key). Resolves with the id of the job that will do the work.
 *
 * A job queued for a submitter waits its turn (see TAKE_TURN); one joined keeps the turn it has
 * (moved up to a joiner's, it went before its own submitter's earlier jobs, and anyone could move
 * a job up by joining it as a new guest). A job without a submitter (the CLI's retry of failed
 * ones, which waited once already) goes before every turn.
 */
export async function enqueueAnalysis(queue: AnalysisQueue, job: AnalysisJob, submitter?: Submitter): Promise<string> {
  const data = analysisJobSchema.parse({ runId: randomUUID(), ...job });
  const key = analysisJobKey(data);
  if (!submitter) {
    const added = await queue.add(ANALYZE_JOB, data, { deduplication: { id: key } });
    return added.id ?? key;
  }
  const turns = turnsKey(queue, submitter);
  const keys = queue.keys;
  const turn = Number(
    await run(queue, 'findclipsTakeTurn', [
      turns,
      keys.prioritized!,
      `${queue.qualifiedName}:turns-served`,
      keys.wait!,
      keys.active!,
      keys.delayed!,
      data.runId!,
    ]),
  );
  let id: string | undefined;
  try {
    const added = await queue.add(ANALYZE_JOB, data, { deduplication: { id: key }, priority: Math.min(turn, LAST_TURN) });
    id = added.id ?? key;
    return id;
  } finally {
    // Joined a job queued before, BullMQ answers with its id (and our data): the stored job says.
    const queued = id ? await queue.getJob(id).catch(() => undefined) : undefined;
    const mine = Boolean(queued && queued.data.runId === data.runId);
    await run(queue, 'findclipsRecordTurn', [turns, data.runId!, mine ? id! : '']).catch(() => undefined);
  }
}

/**
 * How many jobs wait before this one, or null when it does not wait (it runs, waits to be retried,
 * or is gone). The queue serves first the jobs without a turn (the wait list, oldest first from
 * its end: BullMQ pushes new jobs at its head), then the jobs waiting their turn in order (BullMQ
 * scores each turn and, within it, the order jobs came). A count for people, not a fence: a job
 * queued or taken between the reads moves it by one. Rejects when the queue cannot be read.
 */
export async function jobsAhead(queue: AnalysisQueue, { id, state }: { id: string; state: string }): Promise<number | null> {
  if (state !== 'waiting' && state !== 'prioritized') return null;
  const [waiting, position, rank] = (await run(queue, 'findclipsPlaces', [
    queue.keys.wait!,
    queue.keys.prioritized!,
    id,
    state,
  ])) as [number, number | null, number | null];
  if (state === 'waiting') return position === null ? null : Math.max(0, waiting - 1 - position);
  return rank === null ? null : waiting + rank;
}

/**
 * The job that has waited longest, in the wait list (its end) or waiting its turn (the first of
 * each turn, since each turn keeps the order jobs came in; at most 1,000 turns are looked at):
 * its id, or null when none waits. Close, not exact: a job moved up to another turn, or back from
 * a retry's wait, is ordered anew, though it came earlier.
 */
const OLDEST_IN_LINE = `
local candidates = {}
local tail = redis.call('LINDEX', KEYS[1], -1)
if tail then table.insert(candidates, tail) end
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if #first == 0 then return candidates end
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
local span = 4294967296
local lowest = math.floor(tonumber(first[2]) / span)
local highest = math.min(math.floor(tonumber(last[2]) / span), lowest + 999)
local best, bestOrder = nil, nil
for turn = lowest, highest do
  local head = redis.call('ZRANGEBYSCORE', KEYS[2], turn * span, (turn + 1) * span - 1, 'WITHSCORES', 'LIMIT', 0, 1)
  if #head > 0 then
    local order = tonumber(head[2]) % span
    if bestOrder == nil or order < bestOrder then best, bestOrder = head[1], order end
  end
end
table.insert(candidates, best)
return candidates`;

/** When the job longest in line was queued (ms since the epoch), or null when none waits. */
export async function oldestInLine(queue: AnalysisQueue): Promise<number | null> {
  const ids = (await run(queue, 'findclipsOldestInLine', [queue.keys.wait!, queue.keys.prioritized!])) as string[];
  const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
  const times = jobs.flatMap((job) => (job ? [job.timestamp] : []));
  return times.length ? Math.min(...times) : null;
}

const scripts = {
  findclipsTakeTurn: { numberOfKeys: 6, lua: TAKE_TURN },
  findclipsRecordTurn: { numberOfKeys: 1, lua: RECORD_TURN },
  findclipsPlaces: { numberOfKeys: 2, lua: PLACES, readOnly: true },
  findclipsOldestInLine: { numberOfKeys: 2, lua: OLDEST_IN_LINE, readOnly: true },
} as const;

const defined = new WeakSet<object>();

/** Runs one of our scripts on the queue's own connection (defined there once). */
async function run(queue: AnalysisQueue, name: keyof typeof scripts, args: (string | number)[]): Promise<unknown> {
  const client = await queue.getBackend().client;
  if (!defined.has(client)) {
    for (const [command, definition] of Object.entries(scripts)) client.defineCommand(command, definition);
    defined.add(client);
  }
  return client.runCommand(name, args);
}

/** Whether the queue's own connection answers (it reconnects apart from any other of the service's). */
export async function pingQueue(queue: AnalysisQueue): Promise<void> {
  const client = await queue.getBackend().client;
  await client.llen(queue.keys.wait!);
}
