// What a person on a slow connection sees before the app's code has come.
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { launchChromium } from './browser';
import type { Browser } from 'playwright-core';

describe('the first paint, before the app’s code', () => {
  let gw: TestGateway;
  let browser: Browser;
  beforeAll(async () => {
    gw = await startTestGateway({}, { dataSource: await testDataSource() });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('says the app is loading while its code is on its way (the page was blank), and gives way to the app', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's scripts held back, as a slow connection would.
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${gw.url}/`, { waitUntil: 'commit' });
    await page.getByText('Loading Find Clips…').waitFor({ timeout: 10_000 });
    release();
    await page.getByRole('heading', { name: 'Find Clips', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading Find Clips…').count()).toBe(0);
  });
});
