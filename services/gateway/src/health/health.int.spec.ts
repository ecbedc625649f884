import { createDataSource } from '@findclips/db';
import { REDIS_DEADLINE_MS } from '@findclips/runtime';
import { scratchRedis, strongPassword, tcpProxy, uniqueEmail } from '@findclips/testing';
import type supertest from 'supertest';
import { startTestGateway } from '../test/harness';

/** Polls until `check` passes, for states that settle a moment after a fault (reconnects). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until the member's session answers again (the database or Redis back). */
const signedInAgain = (browser: { get(path: string): supertest.Test }) =>
  eventually(() =>
    browser
      .get('/api/user')
      .expect(200)
      .then(() => undefined),
  );

describe('health endpoints', () => {
  it('/healthz answers while the process runs; /readyz when PostgreSQL and Redis answer', async () => {
    const gw = await startTestGateway();
    try {
      expect((await gw.request().get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
      expect((await gw.request().get('/readyz').expect(200)).body).toEqual({ status: 'ready', postgres: 'up', redis: 'up' });
    } finally {
      await gw.close();
    }
  });

  it('/readyz is 503 while Redis is unreachable, and ready again once it is back', async () => {
    const redis = await scratchRedis();
    const gw = await startTestGateway({ REDIS_URL: redis.url });
    try {
      await gw.request().get('/readyz').expect(200);
      await redis.stop();
      await eventually(async () => {
        const res = await gw.request().get('/readyz').expect(503);
        expect(res.body).toEqual({ status: 'unavailable', message: 'Not ready', postgres: 'up', redis: 'down' });
      });
      // Requests that need a session fail cleanly instead of hanging or crashing.
      const login = await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'x' }).timeout(8_000);
      expect(login.status).toBe(503);
      expect(login.body.message).toMatch(/temporarily unavailable/);
      // The app's pages still load (they say what is wrong from their API calls), and the scrape
      // still has the HTTP and process metrics, without the queue's depth.
      const page = await gw.request().get('/history').timeout(8_000).expect(200);
      expect(page.type).toBe('text/html');
      const metrics = await gw.request().get('/metrics').timeout(8_000).expect(200);
      expect(metrics.text).toMatch(/^http_requests_total\{.*route="\/api\/login".*status="503".*\} 1$/m);
      expect(metrics.text).not.toMatch(/^analysis_queue_jobs\{/m);
      // Nor a count it cannot read: 0 would say nothing waits and no worker runs.
      expect(metrics.text).not.toMatch(/^analysis_queue_(?:oldest_waiting_seconds|workers)\b/m);

      // Down long enough for a connection's waits between tries to grow (BullMQ's reached 20 s).
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await redis.start();
      await eventually(
        () =>
          gw
            .request()
            .get('/readyz')
            .expect(200)
            .then(() => undefined),
        15_000,
      );
      // Ready means the queue answers too: a new video can be queued, the queue's depth is read.
      const back = await gw.request().get('/metrics').timeout(8_000).expect(200);
      expect(back.text).toMatch(/^analysis_queue_jobs\{/m);
    } finally {
      await gw.close().catch(() => undefined);
      await redis.stop();
    }
  }, 60_000);

  it('answers 503 within its deadline when Redis stops answering (a black hole), and recovers', async () => {
    const target = new URL(process.env.REDIS_URL!);
    const proxy = await tcpProxy(Number(target.port || 6379), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    const gw = await startTestGateway({ REDIS_URL: target.toString() });
    try {
      const browser = gw.browser();
      await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      const guest = gw.browser();
      await guest.get('/api/guest/credits').expect(200);

      proxy.blackHole();
      const unavailable = {
        message: 'The service is temporarily unavailable. Please try again shortly.',
        errorType: 'SERVICE_UNAVAILABLE',
      };
      const started = Date.now();
      const answers = await Promise.all([
        browser.get('/api/user').timeout(20_000),
        guest.post('/api/guest/videos/transcript?videoId=dQw4w9WgXcQ').send({}).timeout(20_000),
        gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'x' }).timeout(20_000),
        gw.request().get('/readyz').timeout(20_000),
      ]);
      for (const res of answers.slice(0, 3)) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual(unavailable);
      }
      expect(answers[3]!.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(REDIS_DEADLINE_MS + 3_000);

      await proxy.restore();
      await signedInAgain(browser);
    } finally {
      await gw.close().catch(() => undefined);
      await proxy.close();
    }
  }, 60_000);

  it('/readyz is 503 while PostgreSQL is unreachable; API calls answer 503; both recover', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await tcpProxy(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    const dataSource = await createDataSource({ url: target.toString(), poolSize: 2 }).initialize();
    const gw = await startTestGateway({}, { dataSource });
    try {
      const browser = gw.browser();
      await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      await gw.request().get('/readyz').expect(200);

      await proxy.cut();
      const down = await gw.request().get('/readyz').expect(503);
      expect(down.body).toMatchObject({ postgres: 'down', redis: 'up' });
      const me = await browser.get('/api/user').expect(503);
      expect(me.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        errorType: 'SERVICE_UNAVAILABLE',
      });

      await proxy.restore();
      await eventually(() =>
        gw
          .request()
          .get('/readyz')
          .expect(200)
          .then(() => undefined),
      );
      await browser.get('/api/user').expect(200);
    } finally {
      await gw.close();
      await dataSource.destroy();
      await proxy.close();
    }
  });

  it('answers 503 within the query time limit while PostgreSQL drops every packet (it hung), and recovers', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await tcpProxy(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    const dataSource = await createDataSource({ url: target.toString(), poolSize: 2, queryTimeoutMs: 1_000 }).initialize();
    const gw = await startTestGateway({}, { dataSource });
    try {
      const browser = gw.browser();
      await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      // The pool's connections are open: a black hole holds them, answering nothing.
      proxy.blackHole();
      const me = await browser.get('/api/user').timeout(10_000).expect(503);
      expect(me.body).toMatchObject({ errorType: 'SERVICE_UNAVAILABLE' });
      await gw.request().get('/api/shared/abcdefabcdefabcdefabcd').timeout(10_000).expect(503);

      await proxy.restore();
      await signedInAgain(browser);
    } finally {
      await gw.close();
      await dataSource.destroy();
      await proxy.close();
    }
  });
});
