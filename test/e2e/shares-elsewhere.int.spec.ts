// A member's share as the browser shows it after it changed elsewhere: Back to its page on another
// screen of the tab, and the history in another tab.
import type { Browser, Page } from 'playwright-core';
import {
  DEMO_VIDEOS,
  addDemoVideos,
  startFakeYoutube,
  strongPassword,
  uniqueEmail,
  type FakeYoutube,
  type RunningStack,
} from '@findclips/testing';
import { launchChromium, startE2eStack } from './browser';

jest.setTimeout(240_000);

const [talk] = DEMO_VIDEOS;

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  youtube = await startFakeYoutube();
  addDemoVideos(youtube, 1_500);
  stack = await startE2eStack(youtube);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
});

/** A new member who has analysed the talk. */
async function memberWithAnalysis(page: Page): Promise<void> {
  const password = strongPassword();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('shares-elsewhere'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register with Email' }).click();
  await page.getByText('Account created successfully', { exact: true }).waitFor();
  await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${talk!.id}`);
  await page.getByRole('button', { name: 'Find Clips' }).click();
  await page.getByRole('list', { name: 'Topics' }).locator(':scope > li').first().waitFor({ timeout: 90_000 });
}

/** Shares the video on screen from its dashboard: the shared page's address. */
async function share(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share Clips' }).click();
  await page.getByRole('button', { name: 'Create Share Link' }).click();
  const url = await (await page.waitForSelector('#share-url')).inputValue();
  await page.keyboard.press('Escape');
  return new URL(url).pathname;
}

/** A new member who has analysed the talk and shared it: the shared page's address. */
async function memberWithShare(page: Page): Promise<string> {
  await memberWithAnalysis(page);
  return share(page);
}

describe('Back to a shared page', () => {
  it('says the share is gone once its owner removed it from the history, rather than showing it as live', async () => {
    const context = await browser.newContext({ baseURL: stack.url });
    try {
      const page = await context.newPage();
      const shared = await memberWithShare(page);
      await page.goto(shared);
      await page.getByRole('link', { name: 'Open in Find Clips' }).waitFor();
      await page.getByRole('link', { name: 'Video History' }).click();
      await page.getByRole('button', { name: 'Remove share' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove share' }).click();
      await page.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'detached' });
      expect((await context.request.get(`/api${shared}`)).status()).toBe(404);

      await page.goBack();
      expect(new URL(page.url()).pathname).toBe(shared);
      // (It showed the removed share, its topics and its views, until a reload.)
      await page.getByRole('heading', { name: 'Analysis Not Found' }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('link', { name: 'Open in Find Clips' }).count()).toBe(0);
      expect(await page.title()).toBe('Analysis Not Found · Find Clips');
    } finally {
      await context.close();
    }
  });

  it('shows the title its owner shared it under again, not the one before', async () => {
    const context = await browser.newContext({ baseURL: stack.url });
    try {
      const page = await context.newPage();
      const shared = await memberWithShare(page);
      await page.goto(shared);
      await page.getByRole('link', { name: 'Open in Find Clips' }).click();
      await page.getByRole('button', { name: 'Share Clips' }).click();
      await page.getByRole('button', { name: 'Create Share Link' }).waitFor();
      await page.getByLabel('Title').fill('Buses first');
      await page.getByRole('button', { name: 'Create Share Link' }).click();
      await page.waitForSelector('#share-url');
      await page.keyboard.press('Escape');

      await page.goBack();
      expect(new URL(page.url()).pathname).toBe(shared);
      // (It showed the title before, until a reload.)
      await page.getByRole('heading', { name: 'Buses first', level: 1 }).waitFor({ timeout: 10_000 });
      expect(await page.title()).toBe('Buses first');
    } finally {
      await context.close();
    }
  });
});

describe('The history in another tab', () => {
  it("shows a share made or removed in another tab on the history's card, rather than a link to copy that is gone", async () => {
    const context = await browser.newContext({ baseURL: stack.url });
    try {
      const page = await context.newPage();
      await memberWithAnalysis(page);
      const other = await context.newPage();
      await other.goto('/history');
      await other.getByRole('heading', { name: 'Your Processed Videos' }).waitFor();
      expect(await other.getByRole('button', { name: 'Copy link' }).count()).toBe(0);

      // Shared in the first tab: the other tab's card offers its link.
      await share(page);
      await other.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 10_000 });

      // Removed in the first tab: the other tab's card no longer offers a link that leads nowhere.
      // (It kept 'Copy link', which said 'Copied' of a link to 'Analysis Not Found', until a reload.)
      await page.getByRole('link', { name: 'Video History' }).click();
      await page.getByRole('button', { name: 'Remove share' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove share' }).click();
      await page.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'detached' });
      await other.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'detached', timeout: 10_000 });
      expect(await other.getByRole('button', { name: 'Remove share' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
