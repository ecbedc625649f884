// Find Clips over plain http on an address other than the browser's own host (a LAN, a phone on
// it): a page that is no secure context, where browsers give no Clipboard API.
import { DEMO_VIDEOS, addDemoVideos, freePort, startFakeYoutube, type FakeYoutube, type RunningStack } from '@findclips/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, poll, screenshot, startE2eStack } from './browser';

jest.setTimeout(240_000);

const [talk] = DEMO_VIDEOS;
// A name the browser resolves to this host: not loopback to it, so plain http there is not secure.
const LAN_HOST = 'findclips.lan.test';

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;
let lanUrl = '';

beforeAll(async () => {
  youtube = await startFakeYoutube();
  addDemoVideos(youtube, 200);
  const port = await freePort();
  lanUrl = `http://${LAN_HOST}:${port}`;
  // Browsed at its PUBLIC_URL, as the README asks.
  stack = await startE2eStack(youtube, { port, env: { PUBLIC_URL: lanUrl } });
  browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`] });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
});

/** A guest's analysis of the talk, shared: the dialog open on its link. */
async function sharedAsGuest(context: BrowserContext): Promise<{ page: Page; url: string }> {
  const page = await context.newPage();
  await page.goto(`${lanUrl}/`);
  await page
    .getByTestId('guest-credits')
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'failure-plain-http');
      throw error;
    });
  await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${talk.id}`);
  await page.getByRole('button', { name: 'Find Clips' }).click();
  await page.getByRole('list', { name: 'Topics' }).locator(':scope > li').first().waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Share Clips' }).click();
  await page.getByRole('button', { name: 'Create Share Link' }).click();
  return { page, url: await (await page.waitForSelector('#share-url')).inputValue() };
}

/** What the browser's clipboard holds, read by a page of this host's own (a secure context). */
async function clipboardText(context: BrowserContext): Promise<string> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const reader = await context.newPage();
  try {
    await reader.goto(`${stack.url}/readyz`);
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
  }
}

const announced = (page: Page) => page.locator('[data-announcer]').textContent();

describe('Find Clips over plain http on a LAN address', () => {
  it('shows the app and shares an analysis (its scripts were sent to https, where nothing answers: a blank page)', async () => {
    const context = await browser.newContext();
    try {
      const { page, url } = await sharedAsGuest(context);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      expect(url).toMatch(new RegExp(`^${lanUrl}/shared/[\\w-]{16,}$`));
      // The link opened signed out, in a browser of its own: the shared page.
      const visitor = await browser.newContext();
      try {
        const shared = await visitor.newPage();
        await shared.goto(url);
        await shared.getByText(/Shared video clips containing \d+ topics/).waitFor();
      } finally {
        await visitor.close();
      }
    } finally {
      await context.close();
    }
  });

  it("copies the share link and a moment's link though the page has no Clipboard API, saying 'Copied' ('Failed to copy' before)", async () => {
    const context = await browser.newContext();
    try {
      const { page, url } = await sharedAsGuest(context);
      expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
      const copy = page.getByRole('button', { name: 'Copy link' });
      await copy.click();
      await page.getByText('Copied', { exact: true }).waitFor();
      await poll(() => announced(page), 'Link copied');
      expect(await page.getByText('Failed to copy').count()).toBe(0);
      // The keyboard stays on the button.
      expect(await copy.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await clipboardText(context)).toBe(url);

      // The shared page's link to a quote.
      await page.goto(url);
      const quote = page.locator('#quote-2-1');
      await quote.getByRole('button', { name: 'Copy link' }).click();
      await quote.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.getByText('Failed to copy').count()).toBe(0);
      expect(await clipboardText(context)).toBe(`${url}#quote-2-1`);

      // A Clipboard API that refuses (the browser's permission denied): the copy command copies.
      await page.evaluate(() =>
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
        }),
      );
      const topic = page.locator('#topic-3');
      await topic.getByRole('button', { name: 'Copy link' }).first().click();
      await topic.getByRole('button', { name: 'Copied' }).first().waitFor();
      expect(await page.getByText('Failed to copy').count()).toBe(0);
      expect(await clipboardText(context)).toBe(`${url}#topic-3`);
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to copy' when the browser copies nothing, the keyboard left on the button", async () => {
    const context = await browser.newContext();
    try {
      const { page } = await sharedAsGuest(context);
      await page.evaluate(() => (document.execCommand = () => false));
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Failed to copy').first().waitFor();
      expect(await page.getByRole('button', { name: 'Copied' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Copy link' }).evaluate((button) => button === document.activeElement)).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });
});
