// The web app when Redis loses its data (restarted without persistence, as our CI runs it): what a
// guest sees of an analysis whose job Redis lost, or whose job ran through it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { scratchRedis, startStack, type RunningStack, type ScratchRedis } from '@findclips/testing';
import { addVideos, startFakes, type Fakes } from '../operations/helpers';
import { joinConfirmed, launchChromium, screenshot } from './browser';

jest.setTimeout(90_000);

let redis: ScratchRedis;
let fakes: Fakes;
let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  [redis, fakes] = await Promise.all([scratchRedis(), startFakes()]);
  stack = await startStack({
    // No worker yet: the first job waits in Redis when Redis loses it.
    workers: 0,
    env: {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `fc:e2e:${randomUUID()}:`,
      ...fakes.env,
      ANALYSIS_DEFAULT_PROVIDER: 'openai',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    },
    output: process.env.E2E_DEBUG ? 'inherit' : 'ignore',
  });
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await redis?.stop();
  await fakes?.close();
});

const ANALYZING = 'Analyzing the entire video...';

async function paste(page: Page, videoId: string) {
  await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${videoId}`);
  await page.getByRole('button', { name: 'Find Clips' }).click();
}

const topics = (page: Page) => page.getByRole('list', { name: 'Topics' }).locator(':scope > li');

async function seen(page: Page, name: string, wait: () => Promise<unknown>) {
  const started = Date.now();
  try {
    await wait();
  } catch (error) {
    await screenshot(page, `failure-redis-loss-${name}`);
    throw error;
  }
  return Date.now() - started;
}

/** Waits until check-status says `status` of the video (the page follows it on its own). */
async function statusIs(videoId: string, status: string | null, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await fetch(`${stack.url}/api/videos/check-status?videoId=${videoId}`).then(
      async (r) => ((await r.json()) as { status?: string | null }).status,
      () => undefined,
    );
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`check-status still said ${String(last)}, not ${status}`);
}

/** Redis back up, empty, and the gateway ready on it again. */
async function restartEmpty() {
  await redis.stop();
  await redis.start();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${stack.url}/readyz`).then(
      async (r) => (await r.arrayBuffer(), r.status),
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the gateway was not ready again');
}

describe('Find Clips when Redis loses its data', () => {
  let context: BrowserContext;
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: stack.url });
  });
  afterEach(async () => {
    await context.close();
  });

  it("a waiting job flushed away, no connection cut: the page leaves 'Analyzing…' for 'Analysis Failed' with no reload (it waited for good)", async () => {
    // (First: no worker runs yet, so its job waits.)
    const [videoId] = addVideos(fakes.youtube, 1);
    const page = await context.newPage();
    const joined = joinConfirmed(page, videoId!);
    await page.goto('/');
    await page.getByTestId('guest-credits').waitFor();
    await paste(page, videoId!);
    await page.getByText(ANALYZING).first().waitFor();
    await statusIs(videoId!, 'pending');
    // The live channel up and in the video's room (joining, the page asks how the analysis stands,
    // and would hear of the flush so).
    await joined;

    // FLUSHALL: every service stays connected, so no realtime instance drops its clients.
    execFileSync('redis-cli', ['-u', redis.url, 'FLUSHALL']);
    await statusIs(videoId!, null);
    const took = await seen(page, 'flushed', () =>
      page.getByRole('heading', { name: 'Analysis Failed' }).first().waitFor({ timeout: 30_000 }),
    );
    // The page asks its place in line every 10 s, and heard its job was gone.
    expect(took).toBeLessThan(15_000);
    expect(await page.getByText(ANALYZING).count()).toBe(0);
  });

  it("a waiting job lost: the page leaves 'Analyzing…' for 'Analysis Failed' with no reload, and the video pasted again is analysed", async () => {
    const [videoId] = addVideos(fakes.youtube, 1);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('guest-credits').waitFor();
    await paste(page, videoId!);
    await page.getByText(ANALYZING).first().waitFor();
    // Its job queued, waiting for a worker.
    await statusIs(videoId!, 'pending');

    await restartEmpty();
    const took = await seen(page, 'waiting', () =>
      page.getByRole('heading', { name: 'Analysis Failed' }).first().waitFor({ timeout: 30_000 }),
    );
    // The realtime instance dropped its clients once its Redis was back; the page rejoined and asked.
    expect(took).toBeLessThan(30_000);
    expect(await page.getByText(ANALYZING).count()).toBe(0);

    await stack.addWorker();
    await paste(page, videoId!);
    await seen(page, 'again', () => topics(page).first().waitFor({ timeout: 30_000 }));
    expect(await page.getByText(ANALYZING).count()).toBe(0);
  });

  it("a running job through the loss: its topics show once the worker stores them (it showed 'Analysis Failed' for good)", async () => {
    // A worker to run it, whether or not the test before added one (run alone, with -t, it had none).
    if (stack.workers.length === 0) await stack.addWorker();
    const [videoId] = addVideos(fakes.youtube, 1);
    fakes.openai.latencyMs = 6_000;
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByTestId('guest-credits').waitFor();
      const before = fakes.openai.calls.chat;
      await paste(page, videoId!);
      await page.getByText(ANALYZING).first().waitFor();
      // Mid-analysis: the worker waits on the provider.
      for (let i = 0; i < 300 && fakes.openai.calls.chat === before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(fakes.openai.calls.chat).toBeGreaterThan(before);
      await restartEmpty();
      // Redis empty, the job is no longer in it, and the page may read it as lost for a moment; the
      // worker still holds it, stores its topics and announces them (README: Failure behaviour).
      await statusIs(videoId!, 'complete', 30_000);
      await seen(page, 'running', () => topics(page).first().waitFor({ timeout: 10_000 }));
      expect(await page.getByText(ANALYZING).count()).toBe(0);
    } finally {
      fakes.openai.latencyMs = 0;
    }
  });
});
