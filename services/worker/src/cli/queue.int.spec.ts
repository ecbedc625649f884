import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ANALYSIS_QUEUE,
  bullConnection,
  bullPrefix,
  createAnalysisQueue,
  enqueueAnalysis,
  type AnalysisJob,
  type AnalysisQueue,
} from '@findclips/queue';
import { tcpProxy, type TcpProxyOptions } from '@findclips/testing';
import { UnrecoverableError, Worker } from 'bullmq';
import { runQueueCli } from './queue';

const CLI = join(__dirname, '..', '..', 'dist', 'cli', 'queue.js');

describe('npm run -s queue: the operator view of the analysis queue', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let queue: AnalysisQueue;
  const run = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, [CLI, ...args], {
      encoding: 'utf8',
      env: { ...process.env, REDIS_KEY_PREFIX: prefix, ...env },
      timeout: 20_000,
    });
    return { code: result.status, out: result.stdout, err: result.stderr, json: () => JSON.parse(result.stdout) as unknown };
  };

  /** The CLI's own function, as its process runs it, in this process with `env` set meanwhile. */
  const runHere = async (args: string[], env: Record<string, string>, options?: { timeoutMs: number }) => {
    const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await runQueueCli(
        args,
        (text) => out.push(text),
        (text) => err.push(text),
        options,
      );
      return { code, out: out.join(''), err: err.join('') };
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  /** A proxy in front of the tests' Redis, and the Redis URL that reaches it through the proxy. */
  const redisThroughProxy = async (options?: TcpProxyOptions) => {
    const redis = new URL(process.env.REDIS_URL!);
    const proxy = await tcpProxy(Number(redis.port || 6379), redis.hostname, options);
    const url = new URL(redis.href);
    url.host = `127.0.0.1:${proxy.port}`;
    return { proxy, url };
  };

  beforeAll(async () => {
    queue = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix: prefix });
    // One job completes, four fail for good: what a worker would leave behind. The third is a
    // member's own re-analysis; the fourth's data is no job's (an older release's, say).
    const worker = new Worker(
      ANALYSIS_QUEUE,
      async (job) => {
        if (job.data.videoId.startsWith('fail')) throw new UnrecoverableError('NO_TRANSCRIPT: no captions');
      },
      { connection: bullConnection(process.env.REDIS_URL!), prefix: bullPrefix(prefix), concurrency: 3 },
    );
    for (const videoId of ['okVideo0001', 'failVideo01', 'failVideo02']) {
      await queue.add('analyze', { videoId, scope: 'shared', userId: null, provider: null });
    }
    await queue.add('analyze', { videoId: 'failMember1', scope: 'private', userId: 7, provider: null });
    await queue.add('analyze', { videoId: 'failOldJob1', scope: 'everyone' } as unknown as AnalysisJob);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const counts = await queue.getJobCounts('completed', 'failed');
      if (counts.completed === 1 && counts.failed === 4) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await worker.close();
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('says on stderr which prefix it read when it finds no job at all, the JSON as it is', async () => {
    const empty = run(['stats'], { REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:` });
    expect(empty.code).toBe(0);
    expect(empty.json()).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0, completed: 0, failed: 0 });
    expect(empty.err).toMatch(
      /^No job under REDIS_KEY_PREFIX "fc:test:[\w-]+:": if the services run with another prefix, set REDIS_KEY_PREFIX as they do\.\n$/,
    );
    expect(run(['stats']).err).toBe('');
  });

  it("shows the jobs by state, queues failed analyses of videos again with all their attempts (members' own left to them), cleans the finished ones", async () => {
    const before = run(['stats']);
    expect(before.code).toBe(0);
    expect(before.json()).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0, completed: 1, failed: 4 });

    expect(run(['retry-failed']).json()).toEqual({ retried: 2, leftToMembers: 1, unreadable: 1, errors: 0 });
    expect(run(['stats']).json()).toMatchObject({ waiting: 2, failed: 2, completed: 1 });
    // With their attempts reset: each gets every retry and backoff again.
    const waiting = await queue.getWaiting();
    expect(waiting.map((job) => [job.data.videoId, job.attemptsMade]).sort()).toEqual([
      ['failVideo01', 0],
      ['failVideo02', 0],
    ]);
    // Queued as the gateway queues: a submission of the same video joins the retried job.
    const joined = await enqueueAnalysis(queue, { videoId: 'failVideo01', scope: 'shared', userId: null, provider: null });
    expect(joined).toBe(waiting.find((job) => job.data.videoId === 'failVideo01')!.id);
    expect(run(['stats']).json()).toMatchObject({ waiting: 2 });

    // Within the grace period nothing goes; with none, the finished job does.
    expect(run(['clean']).json()).toEqual({ removed: { completed: 0, failed: 0 }, olderThanSeconds: 3600 });
    expect(run(['clean', '--older-than', '0']).json()).toEqual({ removed: { completed: 1, failed: 2 }, olderThanSeconds: 0 });
    expect(run(['stats']).json()).toMatchObject({ waiting: 2, completed: 0 });
  });

  it('reaches Redis at an IPv6 address ([::1])', () => {
    const url = new URL(process.env.REDIS_URL!);
    url.hostname = '[::1]';
    const result = run(['stats'], { REDIS_URL: url.toString() });
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: '' });
    expect(result.json()).toMatchObject({ completed: expect.any(Number) });
  });

  it('explains its usage on a wrong command or option', () => {
    // An empty --older-than (an unset shell variable) is no 0, which would remove every finished job.
    for (const args of [
      [],
      ['drop-everything'],
      ['clean', '--older-than', '-5'],
      ['clean', '--older-than', ''],
      ['stats', '--verbose'],
    ]) {
      const result = run(args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.err).toContain('Usage: npm run -s queue -- stats | retry-failed | clean');
    }
  });

  it('retries a backlog of failed jobs that takes longer than its wait for an answer: the wait is for each answer, not the whole', async () => {
    const backlog = `fc:test:${randomUUID()}:`;
    const big = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix: backlog });
    const failing = new Worker(
      ANALYSIS_QUEUE,
      async () => {
        throw new UnrecoverableError('NO_TRANSCRIPT: no captions');
      },
      { connection: bullConnection(process.env.REDIS_URL!), prefix: bullPrefix(backlog), concurrency: 100 },
    );
    // The CLI reaches Redis as from far away: each batch of 100 jobs takes three round trips (read,
    // queue anew, remove), so at least 450 ms however fast the machine, and ten batches take longer
    // than the 3 s wait for each answer, with seconds to spare for a batch on a busy machine.
    const { proxy: far, url } = await redisThroughProxy({ latencyMs: 150 });
    try {
      const total = 1_000;
      const ids = Array.from({ length: total }, (_, i) => `bk${String(i).padStart(9, '0')}`);
      await big.addBulk(
        ids.map((videoId) => ({ name: 'analyze', data: { videoId, scope: 'shared', userId: null, provider: null } })),
      );
      while (((await big.getJobCounts('failed')).failed ?? 0) < total) await new Promise((r) => setTimeout(r, 100));
      await failing.close();
      const started = Date.now();
      const { code, out, err } = await runHere(
        ['retry-failed'],
        { REDIS_URL: url.href, REDIS_KEY_PREFIX: backlog },
        { timeoutMs: 3_000 },
      );
      expect(Date.now() - started).toBeGreaterThan(3_000);
      expect({ code, err }).toEqual({ code: 0, err: '' });
      expect(JSON.parse(out)).toEqual({ retried: total, leftToMembers: 0, unreadable: 0, errors: 0 });
      expect(await big.getJobCounts('waiting', 'failed')).toEqual({ waiting: total, failed: 0 });
    } finally {
      await far.close();
      await failing.close();
      await big.obliterate({ force: true });
      await big.close();
    }
  }, 60_000);

  it("says so within seconds when Redis cannot be reached, naming the Redis it tried, never its password (an operator's REDIS_URL not the services')", () => {
    const started = Date.now();
    const result = run(['stats'], { REDIS_URL: 'redis://:s3cret-pw@127.0.0.1:1' });
    expect(result.code).toBe(1);
    // One line, ours: no stack of each connection retry.
    expect(result.err).toMatch(/^The queue could not be reached: [^\n]*Redis at 127\.0\.0\.1:1\b[^\n]*REDIS_URL[^\n]*\n$/);
    expect(result.err).not.toContain('s3cret-pw');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('reaches a Redis that refused its first connection and came back within its wait (a restart)', async () => {
    const { proxy, url } = await redisThroughProxy();
    await proxy.cut();
    try {
      const running = runHere(['stats'], { REDIS_URL: url.href, REDIS_KEY_PREFIX: prefix });
      // Redis back while the CLI still waits for its answer.
      await new Promise((r) => setTimeout(r, 300));
      await proxy.restore();
      const { code, out, err } = await running;
      expect({ code, err }).toEqual({ code: 0, err: '' });
      expect(JSON.parse(out)).toEqual(
        await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'),
      );
    } finally {
      await proxy.close();
    }
  });

  it('says what Redis answered when it refuses the credentials, at once, not that it did not answer', async () => {
    const url = new URL(process.env.REDIS_URL!);
    url.username = 'nobody';
    url.password = 'wr0ng-pw';
    const result = run(['stats'], { REDIS_URL: url.href });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^The queue could not be reached: WRONGPASS[^\n]*REDIS_URL\)\n$/);
    expect(result.err).not.toContain('wr0ng-pw');
    // Without the wait a Redis that refused the connection gets, as it may be restarting: here 30 s.
    const started = Date.now();
    const { code, err } = await runHere(['stats'], { REDIS_URL: url.href }, { timeoutMs: 30_000 });
    expect({ code, err }).toEqual({ code: 1, err: result.err });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it("refuses a database Redis does not have, rather than reading or cleaning database 0's queue", async () => {
    // A finished job in database 0, the one a URL naming database 999 must not reach.
    const other = `fc:test:${randomUUID()}:`;
    const finished = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix: other });
    const worker = new Worker(ANALYSIS_QUEUE, async () => undefined, {
      connection: bullConnection(process.env.REDIS_URL!),
      prefix: bullPrefix(other),
    });
    try {
      await finished.add('analyze', { videoId: 'okVideo0002', scope: 'shared', userId: null, provider: null });
      const deadline = Date.now() + 10_000;
      while ((await finished.getJobCounts('completed')).completed === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const url = new URL(process.env.REDIS_URL!);
      url.pathname = '/999';
      for (const command of [['stats'], ['clean', '--older-than', '0']]) {
        const result = run(command, { REDIS_URL: url.href, REDIS_KEY_PREFIX: other });
        expect({ code: result.code, out: result.out }).toEqual({ code: 1, out: '' });
        expect(result.err).toMatch(/^The queue could not be reached: ERR DB index is out of range[^\n]*\n$/);
      }
      expect(await finished.getJobCounts('completed')).toEqual({ completed: 1 });
    } finally {
      await worker.close();
      await finished.obliterate({ force: true });
      await finished.close();
    }
  });
});
