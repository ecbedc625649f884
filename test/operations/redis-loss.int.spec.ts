import { randomUUID } from 'node:crypto';
import { scratchRedis, startStack, type RunningStack, type ScratchRedis, until } from '@findclips/testing';
import { addVideos, fetchWithin, guestCookie, startFakes, type Fakes } from './helpers';

describe('Redis losing its data (no persistence, as our CI runs it; services as processes)', () => {
  let redis: ScratchRedis;
  let fakes: Fakes;
  let stack: RunningStack;
  let cookie: string;
  const prefix = `fc:test:${randomUUID()}:`;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  beforeAll(async () => {
    [redis, fakes] = await Promise.all([scratchRedis(), startFakes()]);
    stack = await startStack({
      output: 'capture',
      // No worker yet: the job waits in Redis when Redis loses it.
      workers: 0,
      env: {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: prefix,
        ...fakes.env,
        ANALYSIS_DEFAULT_PROVIDER: 'openai',
        LOG_LEVEL: 'warn',
      },
    });
    cookie = await guestCookie(stack.url);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
    await fakes?.close();
  });

  const submit = (videoId: string) =>
    fetchWithin(10_000, `${stack.url}/api/guest/videos/transcript?videoId=${videoId}`, { method: 'POST', headers: { cookie } });
  const checkStatus = (videoId: string) => fetchWithin(5_000, `${stack.url}/api/videos/check-status?videoId=${videoId}`);

  it("a waiting job lost: check-status says no job only once it knows (the page following it stops), 503 while Redis is away (it said 'none' then too)", async () => {
    const videoId = addVideos(fakes.youtube, 1)[0]!;
    expect((await submit(videoId)).status).toBe(202);
    expect(await (await checkStatus(videoId)).json()).toMatchObject({ exists: false, status: 'pending' });

    // Redis away: whether the job still waits is not known, and is not said to be none.
    await redis.stop();
    const during = await checkStatus(videoId);
    expect({ status: during.status, body: await during.json() }).toEqual({
      status: 503,
      body: { message: expect.any(String), errorType: 'SERVICE_UNAVAILABLE' },
    });

    // Back without its data: nothing stored, waiting or failed, which the page reads as its job gone.
    await redis.start();
    // Once the gateway is ready again (both its connections, its sessions' and the queue's, answer).
    await until(
      async () =>
        (await fetchWithin(5_000, `${stack.url}/readyz`).then(
          async (ready) => (await ready.arrayBuffer(), ready.status),
          () => null,
        )) === 200,
      10_000,
      'the gateway ready again',
    );
    const after = await checkStatus(videoId);
    expect(await after.json()).toMatchObject({ exists: false, status: null });
    // Submitted again, it is queued again (a new job, not refused for the one lost).
    expect((await submit(videoId)).status).toBe(202);
    expect(await (await checkStatus(videoId)).json()).toMatchObject({ status: 'pending' });
  }, 60_000);
});
