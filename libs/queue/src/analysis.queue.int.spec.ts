import { randomUUID } from 'node:crypto';
import { createLogger, createRedisClient } from '@findclips/runtime';
import { Worker, type Job } from 'bullmq';
import {
  ANALYSIS_QUEUE,
  analysisJobKey,
  bullConnection,
  bullPrefix,
  createAnalysisQueue,
  enqueueAnalysis,
  jobsAhead,
  oldestInLine,
  type AnalysisJob,
  type AnalysisQueue,
} from './analysis.queue';

describe('the analysis queue: whose turn it is', () => {
  let prefix: string;
  let queue: AnalysisQueue;
  let worker: Worker;
  beforeEach(() => {
    prefix = `fc:test:${randomUUID()}:`;
    queue = createAnalysisQueue({ url: process.env.REDIS_URL!, keyPrefix: prefix });
    // A worker that takes jobs only when asked, to read the order the queue serves them in.
    worker = new Worker(ANALYSIS_QUEUE, null, {
      connection: bullConnection(process.env.REDIS_URL!),
      prefix: bullPrefix(prefix),
      autorun: false,
    });
  });
  afterEach(async () => {
    await worker.close(true);
    // The turns are ours, beside BullMQ's keys: obliterate leaves them.
    const redis = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${queue.qualifiedName}:turns*` }))
      if (keys.length) await redis.del(keys);
    await redis.quit();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  const member = (userId: number, videoId: string): AnalysisJob => ({ scope: 'shared', videoId, userId, provider: null });
  const guest = (videoId: string): AnalysisJob => ({ scope: 'shared', videoId, userId: null, provider: null });
  const served = async (count: number) => {
    const videos: string[] = [];
    for (let i = 0; i < count; i++) {
      const job = (await worker.getNextJob(randomUUID(), { block: false })) as Job<AnalysisJob> | undefined;
      videos.push(job?.data.videoId ?? 'none');
    }
    return videos;
  };
  const ahead = async (job: AnalysisJob) => {
    const id = (await queue.getDeduplicationJobId(analysisJobKey(job)))!;
    return jobsAhead(queue, { id, state: await queue.getJobState(id) });
  };

  it('serves a round at a time: a member who queues five holds a guest up by two jobs, not five', async () => {
    for (let i = 1; i <= 5; i++) await enqueueAnalysis(queue, member(7, `memberVid0${i}`), { userId: 7 });
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-a' });
    await enqueueAnalysis(queue, member(8, 'otherVid001'), { userId: 8 });
    // What the waiting guest is told, and what the member's last one is.
    expect(await ahead(guest('guestVideo1'))).toBe(2);
    expect(await ahead(member(8, 'otherVid001'))).toBe(3);
    expect(await ahead(member(7, 'memberVid05'))).toBe(6);
    expect(await served(8)).toEqual([
      'memberVid01',
      'memberVid02',
      'guestVideo1',
      'otherVid001',
      'memberVid03',
      'memberVid04',
      'memberVid05',
      'none',
    ]);
  });

  it('never lets a later newcomer pass a job waiting the next round: no job waits for ever', async () => {
    for (let i = 1; i <= 3; i++) await enqueueAnalysis(queue, member(7, `memberVid0${i}`), { userId: 7 });
    expect(await served(1)).toEqual(['memberVid01']);
    // The queue serves the member's second now; newcomers go in the round after it, behind the third.
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-d' });
    await enqueueAnalysis(queue, guest('guestVideo2'), { guestId: 'guest-e' });
    expect(await served(5)).toEqual(['memberVid02', 'memberVid03', 'guestVideo1', 'guestVideo2', 'none']);
  });

  it("a job joined keeps its turn: neither its submitter's asking again nor a guest's joining moves it before their earlier jobs", async () => {
    for (let i = 1; i <= 3; i++) await enqueueAnalysis(queue, member(7, `memberVid0${i}`), { userId: 7 });
    await enqueueAnalysis(queue, member(9, 'otherVid001'), { userId: 9 });
    await enqueueAnalysis(queue, member(7, 'memberVid03'), { userId: 7 });
    await enqueueAnalysis(queue, guest('memberVid03'), { guestId: 'guest-b' });
    expect(await ahead(member(7, 'memberVid03'))).toBe(3);
    // The guest's own first job is not held back by the one they joined.
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-b' });
    expect(await served(6)).toEqual(['memberVid01', 'memberVid02', 'otherVid001', 'guestVideo1', 'memberVid03', 'none']);
  });

  it("takes a turn for each of a member's requests sent together", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        enqueueAnalysis(queue, member(7, `memberVid${String(i).padStart(2, '0')}`), { userId: 7 }),
      ),
    );
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-f' });
    expect(await ahead(guest('guestVideo1'))).toBeLessThanOrEqual(2);
  });

  it('a job back from a retry goes first with its own turn, bringing no newcomer before those already waiting', async () => {
    await enqueueAnalysis(queue, guest('guestVideoA'), { guestId: 'guest-a' });
    for (let i = 1; i <= 3; i++) await enqueueAnalysis(queue, member(7, `memberVid0${i}`), { userId: 7 });
    const token = randomUUID();
    const first = (await worker.getNextJob(token, { block: false })) as Job<AnalysisJob>;
    expect(first.data.videoId).toBe('guestVideoA');
    await enqueueAnalysis(queue, guest('guestVideoB'), { guestId: 'guest-b' });
    // Its attempt fails: it waits out its backoff, then comes back at its turn.
    await first.moveToFailed(new Error('The provider timed out'), token);
    await (await queue.getJob(first.id!))!.promote();
    await enqueueAnalysis(queue, guest('guestVideoC'), { guestId: 'guest-c' });
    const order = await served(7);
    expect(order[0]).toBe('guestVideoA');
    expect(order.indexOf('guestVideoB')).toBeLessThan(order.indexOf('guestVideoC'));
  });

  it("jobs without a submitter (the operator's retries) and jobs queued before turns go first, and count as ahead", async () => {
    await enqueueAnalysis(queue, member(7, 'memberVid01'), { userId: 7 });
    await enqueueAnalysis(queue, guest('retriedVid1'));
    await queue.add('analyze', guest('olderVideo1'), { deduplication: { id: analysisJobKey(guest('olderVideo1')) } });
    expect(await ahead(member(7, 'memberVid01'))).toBe(2);
    expect(await ahead(guest('olderVideo1'))).toBe(1);
    expect(await served(3)).toEqual(['retriedVid1', 'olderVideo1', 'memberVid01']);
    expect(await ahead(member(7, 'memberVid01'))).toBeNull();
  });

  it("forgets a submitter's turns a day after their last job was queued: a guest who never comes back leaves nothing for ever", async () => {
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-once' });
    await enqueueAnalysis(queue, member(7, 'memberVid01'), { userId: 7 });
    await enqueueAnalysis(queue, member(7, 'memberVid01'), { userId: 7 });
    const redis = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await redis.connect();
    try {
      const keys: string[] = [];
      for await (const found of redis.scanIterator({ MATCH: `${queue.qualifiedName}:turns:*` })) keys.push(...found);
      expect(keys.sort()).toEqual([`${queue.qualifiedName}:turns:guest:guest-once`, `${queue.qualifiedName}:turns:member:7`]);
      for (const key of keys) {
        const ttl = await redis.ttl(key);
        expect([key, ttl > 86_000 && ttl <= 86_400]).toEqual([key, true]);
      }
    } finally {
      await redis.quit();
    }
  });

  it("queues one job per member for their private re-analyses of a video, and joins a member's own asking again", async () => {
    const mine = (userId: number): AnalysisJob => ({ scope: 'private', videoId: 'privVideo01', userId, provider: null });
    const first = await enqueueAnalysis(queue, mine(7), { userId: 7 });
    const again = await enqueueAnalysis(queue, mine(7), { userId: 7 });
    const other = await enqueueAnalysis(queue, mine(8), { userId: 8 });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect((await queue.getJob(other))!.data.userId).toBe(8);
    expect(await queue.count()).toBe(2);
  });

  it("queues a video's shared analysis once, however often it is asked for", async () => {
    const first = await enqueueAnalysis(queue, guest('retriedVid1'));
    expect(await enqueueAnalysis(queue, guest('retriedVid1'))).toBe(first);
    expect(await queue.count()).toBe(1);
  });

  it('retries a failed analysis 4 times in all, waiting 2, 4 then 8 s before each retry', async () => {
    await enqueueAnalysis(queue, guest('flakyVideo1'), { guestId: 'guest-r' });
    const waits: number[] = [];
    for (;;) {
      const token = randomUUID();
      const job = (await worker.getNextJob(token, { block: false })) as Job<AnalysisJob>;
      expect(job.data.videoId).toBe('flakyVideo1');
      await job.moveToFailed(new Error('The provider timed out'), token);
      const state = await queue.getJobState(job.id!);
      if (state === 'failed') break;
      expect(state).toBe('delayed');
      const after = (await queue.getJob(job.id!))!;
      waits.push(after.delay);
      await after.promote();
    }
    expect(waits).toEqual([2_000, 4_000, 8_000]);
  });

  it('says when the job longest in line was queued, whatever its turn', async () => {
    expect(await oldestInLine(queue)).toBeNull();
    for (let i = 1; i <= 3; i++) await enqueueAnalysis(queue, member(7, `memberVid0${i}`), { userId: 7 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await enqueueAnalysis(queue, guest('guestVideo1'), { guestId: 'guest-c' });
    // The member's first is taken: their second has waited longest, though the guest's comes first.
    await served(1);
    const second = await queue.getJob((await queue.getDeduplicationJobId(analysisJobKey(member(7, 'memberVid02'))))!);
    expect(await oldestInLine(queue)).toBe(second!.timestamp);
    expect(await ahead(guest('guestVideo1'))).toBe(1);
  });
});
