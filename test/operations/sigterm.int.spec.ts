import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { io as connect } from 'socket.io-client';
import { metricSum, scrapeMetrics, startStack, type RunningStack, until } from '@findclips/testing';
import { fenceVideoId, settleAnalyses } from '../settle';
import { addVideos as addVideosTo, collectEvents, guestCookie, startFakes, type Fakes } from './helpers';

/**
 * SIGTERM to a service while it has work in flight (a SIGTERM to a realtime instance with clients
 * connected is in scale-out.int.spec.ts).
 */
describe('SIGTERM during load (services as processes)', () => {
  let fakes: Fakes;
  let stack: RunningStack | undefined;
  let events: Awaited<ReturnType<typeof collectEvents>>;
  const prefix = `fc:test:${randomUUID()}:`;

  beforeAll(async () => {
    fakes = await startFakes();
    events = await collectEvents(process.env.REDIS_URL!, prefix);
  });
  afterEach(async () => {
    await stack?.stop();
    fakes.youtube.latencyMs = 0;
    fakes.openai.latencyMs = 0;
  });
  afterAll(async () => {
    await events.close();
    await fakes.close();
  });

  const start = (env: Record<string, string> = {}) =>
    startStack({
      output: 'capture',
      env: {
        REDIS_KEY_PREFIX: prefix,
        ...fakes.env,
        ANALYSIS_DEFAULT_PROVIDER: 'openai',
        PROVIDER_MAX_RETRIES: '0',
        GUEST_ANALYSES_PER_IP_PER_DAY: '1000',
        YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '10000',
        YOUTUBE_LOOKUPS_PER_MINUTE: '10000',
        LOG_LEVEL: 'info',
        ...env,
      },
    });
  const addVideos = (count: number) => addVideosTo(fakes.youtube, count);
  const submit = (url: string, cookie: string, videoId: string) =>
    fetch(`${url}/api/guest/videos/transcript?videoId=${videoId}`, { method: 'POST', headers: { cookie } });
  const analyzed = (videoId: string) => events.of(videoId, 'VIDEO_ANALYZED').length;

  it('gateway: the requests in flight are answered, the process exits 0, and every job they queued runs', async () => {
    stack = await start();
    const videos = addVideos(12);
    const cookies = await Promise.all(videos.map(() => guestCookie(stack!.url)));
    fakes.youtube.latencyMs = 700; // each submission waits on YouTube's metadata while the gateway stops
    const responses = videos.map((videoId, i) => submit(stack!.url, cookies[i]!, videoId));
    await until(() => fakes.youtube.counts.watch + fakes.youtube.counts.player > 0, 5_000, 'the submissions under way');
    const exitCode = stack.gateway.stop('SIGTERM');

    const answered = await Promise.all(responses);
    expect(answered.map((r) => r.status)).toEqual(videos.map(() => 202));
    expect(await exitCode).toBe(0);
    expect(stack.gateway.output()).toContain('"msg":"gateway stopped"');
    await expect(fetch(`${stack.url}/healthz`)).rejects.toThrow(); // no longer listening

    fakes.youtube.latencyMs = 0;
    await until(() => videos.every((v) => analyzed(v) > 0), 30_000, 'every queued job analysed');
    for (const videoId of videos) expect(analyzed(videoId)).toBe(1);
  }, 60_000);

  it('gateway: its live channels are let go at once, so it stops without waiting out its grace period', async () => {
    stack = await start();
    const url = stack.url;
    // Three tabs, each holding a long-poll open through the gateway, as the web app does.
    const tabs = await Promise.all(
      [1, 2, 3].map(async () => {
        const socket = connect(url, {
          path: '/socket.io',
          transports: ['polling'],
          reconnection: false,
          extraHeaders: { cookie: await guestCookie(url) },
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        return { socket, gone: new Promise<string>((resolve) => socket.once('disconnect', resolve)) };
      }),
    );
    try {
      const exitCode = stack.gateway.stop('SIGTERM');
      // Each tab is told at once (its client would reconnect, to another gateway).
      expect(await Promise.all(tabs.map((tab) => tab.gone))).toEqual(tabs.map(() => 'transport error'));
      expect(await exitCode).toBe(0);
      expect(stack.gateway.output()).toContain('"msg":"gateway stopped"');
      expect(stack.gateway.output()).not.toContain('still open after the grace period');
    } finally {
      for (const { socket } of tabs) socket.close();
    }
  }, 60_000);

  it("gateway: a client's keep-alive connections (a proxy's pool) are closed with their answers, so it stops at once and cuts nothing", async () => {
    stack = await start();
    const { hostname, port } = new URL(stack.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    // GET /api/guest/credits (it waits on Redis: the connections are busy when the gateway stops) on
    // the pool: the status, or the error's code. A request on a connection the server closed as idle
    // is sent again, as Node's documentation says a client should.
    const get = (): Promise<string> =>
      new Promise((resolve) => {
        const sent = request({ host: hostname, port, path: '/api/guest/credits', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
          res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        });
        sent.on('error', (error: NodeJS.ErrnoException) =>
          resolve(sent.reusedSocket && error.code === 'ECONNRESET' ? get() : (error.code ?? error.message)),
        );
        sent.end();
      });
    // Eight connections, each sending its next request once the last is answered, until the gateway refuses them.
    let stopping = false;
    let answered = 0;
    const outcomes: string[] = [];
    const deadline = Date.now() + 20_000;
    const clients = Array.from({ length: 8 }, async () => {
      while (Date.now() < deadline) {
        const outcome = await get();
        if (outcome === '200') answered += 1;
        if (stopping) outcomes.push(outcome);
        if (outcome === 'ECONNREFUSED') return;
      }
    });
    try {
      await until(() => (agent.sockets[Object.keys(agent.sockets)[0]!]?.length ?? 0) > 0, 5_000, 'the pool in use');
      await new Promise((resolve) => setTimeout(resolve, 300));
      stopping = true;
      const stoppedAt = Date.now();
      expect(await stack.gateway.stop('SIGTERM')).toBe(0);
      // Well within its grace period (10 s), which is when it cut the requests then in flight.
      expect(Date.now() - stoppedAt).toBeLessThan(5_000);
      await Promise.all(clients);
      expect(outcomes.length).toBeGreaterThan(0);
      // Each request answered, or its connection refused; or reset when new: one the kernel took into
      // the listener's backlog as it closed, which the gateway never read (a client sends either to
      // another gateway)...
      expect(outcomes.filter((outcome) => !['200', 'ECONNREFUSED', 'ECONNRESET'].includes(outcome))).toEqual([]);
      // ...as its log says: every request it read, it answered, and each answer reached the client.
      const log = stack.gateway.output();
      const read = log.split('\n').filter((line) => line.includes('"url":"/api/guest/credits"'));
      expect(read.filter((line) => !line.includes('"msg":"request completed"') || !line.includes('"statusCode":200'))).toEqual(
        [],
      );
      expect(read).toHaveLength(answered);
      expect(log).not.toContain('still open after the grace period');
    } finally {
      stopping = true;
      agent.destroy();
      await Promise.all(clients);
    }
  }, 60_000);

  it('worker: it finishes its active jobs and takes no new one; another worker runs the rest; each job runs once', async () => {
    stack = await start({ WORKER_CONCURRENCY: '4' });
    const videos = addVideos(8);
    const cookies = await Promise.all(videos.map(() => guestCookie(stack!.url)));
    fakes.openai.latencyMs = 1_500;
    const callsBefore = fakes.openai.calls.chat;
    const answered = await Promise.all(videos.map((videoId, i) => submit(stack!.url, cookies[i]!, videoId)));
    expect(answered.map((r) => r.status)).toEqual(videos.map(() => 202));
    await until(() => fakes.openai.calls.chat - callsBefore === 4, 10_000, 'four jobs active');

    const [first] = stack.workers;
    const stopping = Date.now();
    const exitCode = first!.stop('SIGTERM');
    const second = await stack.addWorker();
    expect(await exitCode).toBe(0);
    expect(Date.now() - stopping).toBeGreaterThan(500); // it waited for its jobs

    await until(() => videos.every((v) => analyzed(v) > 0), 30_000, 'every job analysed');
    await settleAnalyses({ redisUrl: process.env.REDIS_URL!, keyPrefix: prefix }, [fenceVideoId()], [events.events]);
    for (const videoId of videos) {
      expect(analyzed(videoId)).toBe(1);
      expect(events.of(videoId, 'ANALYSIS_ERROR')).toHaveLength(0);
    }
    expect(fakes.openai.calls.chat - callsBefore).toBe(8);
    // The stopped worker completed exactly the 4 it held; the other 4 were left for the new one.
    expect(metricSum(await scrapeMetrics(second.url), 'analysis_job_duration_seconds_count', { outcome: 'completed' })).toBe(4);
    expect(first!.output()).toContain('"msg":"worker stopped"');
  }, 60_000);

  it('worker: a second Ctrl+C (SIGINT) while it finishes a long job stops it at once', async () => {
    stack = await start({ WORKER_CONCURRENCY: '1' });
    const [videoId] = addVideos(1);
    fakes.openai.latencyMs = 30_000;
    const callsBefore = fakes.openai.calls.chat;
    expect((await submit(stack.url, await guestCookie(stack.url), videoId!)).status).toBe(202);
    await until(() => fakes.openai.calls.chat > callsBefore, 10_000, 'the job active');

    const [worker] = stack.workers;
    const exited = worker!.stop('SIGINT');
    await until(() => worker!.output().includes('"msg":"worker stopping"'), 5_000, 'the worker stopping');
    // The same Ctrl+C passed on again at once (`npm start`'s concurrently forwards the terminal's):
    // still one, the job finishing.
    void worker!.stop('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(worker!.output()).not.toContain('stopped at once');
    const again = Date.now();
    void worker!.stop('SIGINT');
    expect(await exited).toBe(130);
    expect(Date.now() - again).toBeLessThan(5_000);
    expect(worker!.output()).toContain('worker stopped at once, on a second SIGINT');
  }, 60_000);
});
