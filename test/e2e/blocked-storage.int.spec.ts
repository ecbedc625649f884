// What a person whose browser blocks cookies and site data for Find Clips sees when signing in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strongPassword, uniqueEmail } from '@findclips/testing';
import { chromium, type BrowserContext } from 'playwright-core';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { CHROMIUM } from './browser';

/** Chromium with 'Don't allow sites to save data' (cookies, local and session storage all refused). */
async function blockingChromium(profile: string): Promise<BrowserContext> {
  mkdirSync(join(profile, 'Default'), { recursive: true });
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  return chromium.launchPersistentContext(profile, CHROMIUM);
}

describe('a browser that blocks cookies for the site', () => {
  let gw: TestGateway;
  let context: BrowserContext;
  const profile = mkdtempSync(join(tmpdir(), 'findclips-no-cookies-'));
  beforeAll(async () => {
    gw = await startTestGateway({}, { dataSource: await testDataSource() });
    context = await blockingChromium(profile);
  });
  afterAll(async () => {
    await context?.close();
    await gw?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('says that signing in needs cookies, rather than saying it worked and showing the sign-in form again', async () => {
    const page = await context.newPage();
    await page.goto(`${gw.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const password = strongPassword();
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page
      .getByText(/cookies/i)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText('Account created successfully').count()).toBe(0);
  });

  it('says so at Continue with Google too, before leaving for Google (its answer would say only that sign-in failed)', async () => {
    const page = await context.newPage();
    await page.goto(`${gw.url}/auth`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page
      .getByText(/blocks cookies for this site/)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
