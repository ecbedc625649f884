// A Google sign-in in one tab: Back through Google's account chooser, and the browser's other tabs.
import { randomUUID } from 'node:crypto';
import { startFakeGoogle, startStack, strongPassword, uniqueEmail, type FakeGoogle, type RunningStack } from '@findclips/testing';
import type { Browser, Page, Route } from 'playwright-core';
import { launchChromium, poll } from './browser';

jest.setTimeout(120_000);

let google: FakeGoogle;
let stack: RunningStack;
let browser: Browser;
/** Chromium as users have it, with the back/forward cache. */
let cachingBrowser: Browser;

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
  cachingBrowser = await launchChromium({ backForwardCache: true });
});
afterAll(async () => {
  await browser?.close();
  await cachingBrowser?.close();
  await stack?.stop();
  await google?.close();
});

/**
 * Google's account chooser, a page of Google's own (another origin) in the tab's history, in place
 * of the gateway's redirect to it (Playwright does not route a redirect's request); the account
 * picked, Grace, goes on to Google's answer (the fake's, at once).
 */
async function showGoogleChooser(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/auth/google',
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const headers: Record<string, string> = { ...response.headers(), 'content-type': 'text/html' };
      const chooser = JSON.stringify(headers.location!);
      for (const name of ['location', 'content-length', 'content-security-policy']) delete headers[name];
      await route.fulfill({ status: 200, headers, body: `<script>location.replace(${chooser})</script>` });
    },
  );
  await page.route(
    (url) => url.href.startsWith(`${google.url}/o/oauth2/v2/auth`),
    async (route) => {
      const url = route.request().url();
      if (url.endsWith('&chosen=1')) return route.continue();
      await route.fulfill({
        contentType: 'text/html',
        body: `<title>Choose an account</title><a href="${url}&chosen=1">Grace</a>`,
      });
    },
  );
  google.signInAs({
    sub: randomUUID().replace(/-/g, '').slice(0, 21),
    name: 'Grace Hopper',
    email: uniqueEmail('back'),
    email_verified: true,
  });
}

/** /privacy, then the sign-in screen, then Google's account chooser (`showGoogleChooser`), in one tab. */
async function toGoogleFromPrivacy(page: Page): Promise<void> {
  await page.goto('/privacy');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('link', { name: 'Grace' }).waitFor();
}

/** The tab's path, read from the browser (not the page: it may be going away mid-way). */
const pathOf = (page: Page) => async () => new URL(page.url()).pathname;

it("returns on Back from Google's account chooser to the sign-in screen it was left from (Google always shows one: prompt=select_account)", async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await showGoogleChooser(page);
    await toGoogleFromPrivacy(page);
    // The person changes their mind at Google: Back is the way to the sign-in screen, not out of it.
    await page.goBack();
    await poll(pathOf(page), '/auth');
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

it('takes a member back past the sign-in screen to the page they left for it, after Google signed them in', async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await showGoogleChooser(page);
    await page.goto('/privacy');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    // Not signed in yet: Back from Google's chooser is the sign-in screen, as before.
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    await page.goBack();
    await page.getByRole('tablist', { name: 'Sign in or register' }).waitFor();
    expect(await pathOf(page)()).toBe('/auth');
    await page.goForward();
    await page.getByRole('link', { name: 'Grace' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // Back to Google's chooser, Back again: past the sign-in screen, to the page left for it.
    await page.goBack();
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    await page.goBack();
    await poll(pathOf(page), '/privacy');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // It stays there: nothing sends the member on.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await pathOf(page)()).toBe('/privacy');

    // Forward to the sign-in screen: on to the dashboard, as before; and so for /auth typed.
    await page.goForward();
    await poll(pathOf(page), '/');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.goto('/auth');
    await poll(pathOf(page), '/');
  } finally {
    await context.close();
  }
});

it('takes a member past the sign-in screen reached by Back while the server could not say who is signed in, once it can', async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await showGoogleChooser(page);
    await toGoogleFromPrivacy(page);
    await page.getByRole('link', { name: 'Grace' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // The session store away, as the gateway answers then: Back, Back reaches the sign-in screen,
    // which says so rather than guess.
    const outage = (route: Route) =>
      route.fulfill({ status: 503, json: { message: 'Sign-in is unavailable right now. Please try again in a moment.' } });
    await page.route('**/api/user', outage);
    await page.goBack();
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Find Clips is not available right now' }).waitFor();
    expect(await pathOf(page)()).toBe('/auth');

    // Once the server answers again: on past it, to the page left for it, as without the outage.
    await page.unroute('**/api/user', outage);
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(pathOf(page), '/privacy');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
  } finally {
    await context.close();
  }
});

/**
 * An account with a password, and a tab of its person, signed out, at the sign-in screen reached by
 * Back from Google's account chooser (left for it from /privacy); then `signIn` in a page of that
 * browser, which the tab must follow to the dashboard and stay on.
 */
async function expectDashboardAfterSignInOnScreenReachedByBack(
  signIn: (page: Page, email: string, password: string) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    const email = uniqueEmail('back-password');
    const password = strongPassword();
    const account = await context.request.post('/api/register', { data: { email, password } });
    expect(account.status()).toBe(201);
    await context.clearCookies();
    await showGoogleChooser(page);
    await toGoogleFromPrivacy(page);
    await page.goBack();
    await page.getByRole('tablist', { name: 'Sign in or register' }).waitFor();
    await signIn(page, email, password);
    await poll(pathOf(page), '/');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await pathOf(page)()).toBe('/');
  } finally {
    await context.close();
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Successfully logged in', { exact: true }).waitFor();
}

it('sends a person who signs in with a password on a sign-in screen reached by Back to the dashboard, as anywhere else, not on Back', async () => {
  await expectDashboardAfterSignInOnScreenReachedByBack(logIn);
});

it('sends a sign-in screen reached by Back to the dashboard when the person signs in in another tab, not on Back', async () => {
  await expectDashboardAfterSignInOnScreenReachedByBack(async (page, email, password) => {
    const other = await page.context().newPage();
    await other.goto('/auth');
    await logIn(other, email, password);
  });
});

it("sends a member whose tab began at the sign-in screen on to the dashboard on Back to it from Google's chooser", async () => {
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await showGoogleChooser(page);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('link', { name: 'Grace' }).click();
    await page.waitForURL(`${stack.url}/`);
    const entries = await page.evaluate(() => history.length);
    await page.goBack();
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    // Nothing of ours before it: the dashboard, once (no page to go back to, no bouncing).
    await page.goBack();
    await poll(pathOf(page), '/');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await pathOf(page)()).toBe('/');
    // In place of the sign-in screen: no entry added.
    expect(await page.evaluate(() => history.length)).toBe(entries);
  } finally {
    await context.close();
  }
});

it('takes a member past the sign-in screen on Back and on Forward where the browser keeps pages it left (back/forward cache)', async () => {
  const context = await cachingBrowser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await showGoogleChooser(page);
    const restored: string[] = [];
    await page.exposeFunction('restoredFromCache', (path: string) => restored.push(path));
    await page.addInitScript(() =>
      addEventListener('pageshow', (event) => {
        if (event.persisted)
          void (window as unknown as { restoredFromCache(path: string): void }).restoredFromCache(location.pathname);
      }),
    );
    await toGoogleFromPrivacy(page);
    await page.getByRole('link', { name: 'Grace' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // (A page the cache shows again fires no load: each move waits for its commit only.)
    // Back, Back: the sign-in screen, kept as it was left (signed out), is passed over to /privacy.
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Grace' }).waitFor();
    await page.goBack({ waitUntil: 'commit' });
    await poll(pathOf(page), '/privacy');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // Forward: the sign-in screen, kept as it was (a spinner on its way Back), goes on to /.
    await page.goForward({ waitUntil: 'commit' });
    await poll(pathOf(page), '/');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await pathOf(page)()).toBe('/');
    // The browser did keep the pages: the test is of the cache, not of pages loaded anew.
    expect(restored).toContain('/auth');
  } finally {
    await context.close();
  }
});
