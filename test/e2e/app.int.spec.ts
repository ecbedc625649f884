/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO_VIDEOS,
  addDemoVideos,
  startFakeYoutube,
  startStack,
  type FakeYoutube,
  type RunningStack,
} from '@findclips/testing';
import { fitsWidth, javascriptBytes, launchChromium, poll, screenshot } from './browser';

/**
 * The product in real Chromium against the whole stack started as `npm start` runs it (gateway,
 * realtime and worker as separate processes on the real PostgreSQL and Redis), with the fake
 * YouTube serving sample transcripts. Screenshots of every screen at 1280 and 375 px go to
 * test-results/screenshots.
 */
jest.setTimeout(240_000);

const [talk, podcast, panel] = DEMO_VIDEOS;
const link = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const figures: string[] = [];

beforeAll(async () => {
  youtube = await startFakeYoutube();
  addDemoVideos(youtube, 1_500);
  stack = await startStack({
    env: {
      YOUTUBE_BASE_URL: youtube.url,
      REDIS_KEY_PREFIX: `fc:e2e:${randomUUID()}:`,
      ANALYSIS_DEFAULT_PROVIDER: 'local',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    },
    output: process.env.E2E_DEBUG ? 'inherit' : 'ignore',
  });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
  if (figures.length) {
    mkdirSync(join(__dirname, '..', '..', 'test-results'), { recursive: true });
    appendFileSync(join(__dirname, '..', '..', 'test-results', 'e2e-figures.md'), figures.join('\n') + '\n');
    process.stdout.write(`${figures.join('\n')}\n`);
  }
});

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: stack.url });
  contexts.push(context);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) page.on('console', (m) => process.stdout.write(`[browser] ${m.text()}\n`));
  return page;
}

async function pasteLink(page: Page, url: string) {
  await page.getByPlaceholder('Paste a YouTube video link...').fill(url);
  await page.getByRole('button', { name: 'Find Clips' }).click();
}

/** The number of guest credits shown ('Credits: N of 2'). */
const credits = (page: Page, left: number) =>
  page
    .getByTestId('guest-credits')
    .locator('strong', { hasText: new RegExp(`^${left}$`) })
    .waitFor();

const topics = (page: Page) => page.getByRole('list', { name: 'Topics' }).locator(':scope > li');

const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
const password = 'Analytical1';
let shareUrl = '';

describe('Find Clips in Chromium', () => {
  it('register → paste a link → live progress → topics → Watch mode → share', async () => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    await screenshot(page, 'auth');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page.getByText('Account created successfully', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Find the best moments of any long video').waitFor();
    await screenshot(page, 'dashboard-demo');

    await pasteLink(page, link(talk.id));
    await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
    await page.getByText('Analyzing the entire video...').waitFor();
    await screenshot(page, 'dashboard-progress');
    await topics(page).first().waitFor({ timeout: 60_000 });
    expect(await topics(page).count()).toBeGreaterThan(1);
    await page.getByText('Your Private Analysis').waitFor();
    await page.getByText(talk.title).first().waitFor();
    expect(await page.getByText('Viral Cut').count()).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-edit');

    await page.getByRole('button', { name: 'Play Full Topic' }).first().click();
    const modal = page.getByRole('dialog');
    await modal.locator('iframe[src*="youtube-nocookie.com/embed/"]').waitFor({ state: 'attached' });
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Watch' }).click();
    const clips = page.locator('[data-clip-state]');
    const count = await clips.count();
    expect(count).toBeGreaterThan(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await poll(() => clips.first().getAttribute('data-clip-state'), 'loaded');
    expect(await clips.last().getAttribute('data-clip-state')).toBe('waiting');
    await screenshot(page, 'dashboard-watch');
    await clips.last().scrollIntoViewIfNeeded();
    await poll(() => clips.last().getAttribute('data-clip-state'), 'loaded');

    await page.getByRole('button', { name: 'Share Clips' }).click();
    await poll(() => page.getByLabel('Title').inputValue(), talk.title);
    expect(await page.getByLabel('Description').inputValue()).toBe('Watch the highlights');
    await screenshot(page, 'share-dialog');
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    shareUrl = await (await page.waitForSelector('#share-url')).inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${stack.url}/shared/[\\w-]{16,}$`));
  });

  it('shows the shared page to a signed-out visitor, and its JavaScript stays within budget', async () => {
    const page = await newPage();
    const sharedBytes = await javascriptBytes(page, shareUrl, 'Powered by');
    await page.getByText('1 view').waitFor();
    await page.getByText(/Shared video clips containing \d+ topics/).waitFor();
    await page.getByRole('link', { name: 'Find Clips Yourself - Try for Free' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open in Find Clips' }).count()).toBe(0);
    const anchors = page.getByRole('heading', { name: 'Topics in this video' }).locator('..').locator('a[href^="#topic-"]');
    expect(await anchors.count()).toBeLessThanOrEqual(4);
    expect(await anchors.first().getAttribute('href')).toBe('#topic-1');
    await page.getByText('Powered by').waitFor();
    await screenshot(page, 'shared');
    await page.reload();
    await page.getByText('1 view').waitFor();

    const homeBytes = await javascriptBytes(await newPage(), '/', 'Find the best moments of any long video');
    figures.push(
      `- gzipped JavaScript loaded by /shared/{id}: ${(sharedBytes / 1024).toFixed(1)} kB (budget 120 kB)`,
      `- gzipped JavaScript loaded by /: ${(homeBytes / 1024).toFixed(1)} kB (budget 200 kB)`,
    );
    expect(sharedBytes).toBeLessThanOrEqual(120 * 1024);
    expect(homeBytes).toBeLessThanOrEqual(200 * 1024);
  });

  it('history → settings edits → logout', async () => {
    const page = await newPage();
    await login(page);
    await page.getByRole('link', { name: 'Video History' }).click();
    await page.getByRole('heading', { name: 'Your Processed Videos' }).waitFor();
    await page.getByText(talk.title).waitFor();
    await page.getByText('Your Analysis', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.getByRole('button', { name: 'Remove share' }).waitFor();
    await screenshot(page, 'history');

    // The owner sees the extra link on the shared page, to /?video={id}.
    await page.goto(shareUrl);
    expect(await page.getByRole('link', { name: 'Open in Find Clips' }).getAttribute('href')).toBe(`/?video=${talk.id}`);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your profile has been updated successfully.', { exact: true }).waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    expect(await page.getByTestId('avatar').textContent()).toBe('A');
    await screenshot(page, 'settings');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/settings');
    await page.waitForURL('**/auth');
  });

  it('guest: a cached video at once, then new videos until the credits run out', async () => {
    const page = await newPage();
    await page.goto('/');
    await credits(page, 2);

    const started = Date.now();
    await pasteLink(page, link(talk.id));
    await topics(page).first().waitFor();
    figures.push(
      `- time to the first topic visible on a cached video (guest, submit → topic on screen): ${Date.now() - started} ms`,
    );
    await page.getByText('Shared Guest Analysis').waitFor();
    await credits(page, 1);

    await pasteLink(page, link(podcast.id));
    await topics(page)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'failure-guest');
        throw error;
      });
    await credits(page, 0);
    await screenshot(page, 'dashboard-guest');

    await pasteLink(page, link(panel.id));
    await page.getByText('Credit Limit Reached ⚠️ (Resets in 24 hours)', { exact: true }).waitFor();
  });

  it('answers an unknown path with the 404 page', async () => {
    const page = await newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await screenshot(page, 'not-found');
  });

  it('fits a 375 px phone on every screen', async () => {
    const page = await newPage(PHONE);
    const check = async (name: string) => {
      await screenshot(page, name);
      expect({ screen: name, fits: await fitsWidth(page) }).toEqual({ screen: name, fits: true });
    };
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    await check('auth');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await check('not-found');
    await page.goto(shareUrl);
    await page.getByText('Powered by').waitFor();
    await check('shared');
    await page.goto('/');
    await page.getByText('Find the best moments of any long video').waitFor();
    await check('dashboard-demo');

    await login(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    await check('dashboard-edit');
    await page.getByRole('button', { name: 'Watch' }).click();
    await check('dashboard-watch');
    await page.goto('/history');
    await page.getByText(talk.title).waitFor();
    await check('history');
    await page.goto('/settings');
    await page.getByText('Danger Zone').waitFor();
    await check('settings');
  });
});

async function login(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Successfully logged in', { exact: true }).waitFor();
}
