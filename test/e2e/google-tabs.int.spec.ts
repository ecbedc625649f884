// A Google sign-in in one tab, as the browser's other tabs see it.
import { randomUUID } from 'node:crypto';
import { startFakeGoogle, startStack, uniqueEmail, type FakeGoogle, type RunningStack } from '@findclips/testing';
import type { Browser } from 'playwright-core';
import { launchChromium, poll } from './browser';

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

it("returns on Back from Google's account chooser to the sign-in screen it was left from (Google always shows one: prompt=select_account)", async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    // Google's account chooser, a page of its own in the tab's history (the fake answers at once).
    await page.route(
      (url) => url.pathname === '/auth/google',
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const headers: Record<string, string> = { ...response.headers(), 'content-type': 'text/html' };
        const google = headers.location!;
        for (const name of ['location', 'content-length', 'content-security-policy']) delete headers[name];
        await route.fulfill({ status: 200, headers, body: `<title>Choose an account</title><a href="${google}">Grace</a>` });
      },
    );
    await page.goto('/privacy');
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    // The person changes their mind at Google: Back is the way to the sign-in screen, not out of it.
    await page.goBack();
    await poll(() => page.evaluate(() => location.pathname), '/auth');
  } finally {
    await context.close();
  }
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
    expect(await other.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
