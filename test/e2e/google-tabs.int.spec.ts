// A Google sign-in in one tab, as the browser's other tabs see it.
import { randomUUID } from 'node:crypto';
import { startFakeGoogle, startStack, uniqueEmail, type FakeGoogle, type RunningStack } from '@findclips/testing';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';

jest.setTimeout(120_000);

let google: FakeGoogle;
let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  google = await startFakeGoogle();
  // The whole stack, whose PUBLIC_URL is its own address: Google sends the browser back to it.
  stack = await startStack({
    workers: 0,
    env: {
      ...google.env,
      REDIS_KEY_PREFIX: `fc:e2e:${randomUUID()}:`,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    },
    output: process.env.E2E_DEBUG ? 'inherit' : 'ignore',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await google?.close();
});

it("tells the browser's other tabs, as a sign-in with a password does: the dashboard open in another tab shows the member", async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('link', { name: 'Sign up' }).first().waitFor();

    google.signInAs({
      sub: randomUUID().replace(/-/g, '').slice(0, 21),
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada',
      email: uniqueEmail('tabs'),
      email_verified: true,
    });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // No reload, no return to the tab (a headless tab stays in view): it was told. (It stayed a
    // visitor's until it was looked at again.)
    await other.getByRole('button', { name: 'Log out' }).waitFor({ timeout: 10_000 });
  } finally {
    await context.close();
  }
});
