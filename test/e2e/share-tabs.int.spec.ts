// A member's shares as the browser's other tabs show them, once one tab made or removed one.
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
  await page.getByLabel('Email').fill(uniqueEmail('share-tabs'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register with Email' }).click();
  await page.getByText('Account created successfully', { exact: true }).waitFor();
  await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${talk!.id}`);
  await page.getByRole('button', { name: 'Find Clips' }).click();
  await page.getByRole('list', { name: 'Topics' }).locator(':scope > li').first().waitFor({ timeout: 90_000 });
}

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
    await page.getByRole('button', { name: 'Share Clips' }).click();
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    await page.waitForSelector('#share-url');
    await page.keyboard.press('Escape');
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
