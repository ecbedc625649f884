// What a person on a slow connection sees before the app's code has come.
import { CachedYoutubeDataEntity, writeTopics, writeTranscript } from '@findclips/db';
import { oneTopicAnalysis, strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { launchChromium } from './browser';
import type { Browser, Page } from 'playwright-core';

/** Holds the app's scripts back, as a slow connection would, until the function it gives is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** In the page: each spinner (`Loading`) the app adds, counted as it is added. */
function countSpinners() {
  const counted = window as unknown as { spinners: number };
  counted.spinners = 0;
  new MutationObserver((records) => {
    for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
      if (!(node instanceof Element)) continue;
      const statuses = [
        ...(node.matches('[role="status"]') ? [node] : []),
        ...Array.from(node.querySelectorAll('[role="status"]')),
      ];
      counted.spinners += statuses.filter((status) => status.textContent === 'Loading').length;
    }
  }).observe(document, { childList: true, subtree: true });
}
const spinners = (page: Page) => page.evaluate(() => (window as unknown as { spinners: number }).spinners);

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
    const release = await holdScripts(page);
    await page.goto(`${gw.url}/`, { waitUntil: 'commit' });
    await page.getByText('Loading Find Clips…').waitFor({ timeout: 10_000 });
    release();
    await page.getByRole('heading', { name: 'Find Clips', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading Find Clips…').count()).toBe(0);
  });

  it('shows the page once who is here is known, its code having come meanwhile, without a second spinner', async () => {
    const page = await browser.newPage();
    await page.addInitScript(countSpinners);
    // Who is here answers once the dashboard's code has come and run, as it does on a fast network.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/user', async (route) => {
      await answered;
      await route.continue();
    });
    const code = page.waitForResponse((response) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(response.url()));
    await page.goto(`${gw.url}/`);
    const chunk = new URL((await code).url()).pathname;
    // The same module as the page's own import: settled once it has run. (A string: the test's
    // compiler would turn an import() in a function into a require.)
    await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => undefined)`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Loading$/ })
      .waitFor();
    answer();
    await page.getByTestId('guest-credits').waitFor({ timeout: 20_000 });
    // The guard's spinner only: a second one (Suspense's, the page's code already here) made React
    // hold the page back 300 ms.
    expect(await spinners(page)).toBe(1);
  });

  it("asks for a shared page's share with its code, not once the code has come, and asks once", async () => {
    const youtubeId = `pre${Date.now().toString(36)}`.padEnd(11, 'x').slice(0, 11);
    const topics = oneTopicAnalysis();
    await gw.dataSource.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: 'A preloaded talk',
      transcriptData: writeTranscript([{ text: 'Hello.', start: 0, end: 2 }]),
      analyzedTopics: writeTopics(topics),
      analysisStatus: 'complete',
    });
    const member = gw.browser();
    await member.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const { shareId } = (await member.post('/api/analysis/share').send({ youtubeId, topics, title: 'Preloaded' }).expect(201))
      .body as { shareId: string };

    const page = await browser.newPage();
    const release = await holdScripts(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/shared/${shareId}`) asked.push(request.url());
    });
    await page.addInitScript(countSpinners);
    await page.goto(`${gw.url}/shared/${shareId}`, { waitUntil: 'commit' });
    // Asked while none of the app's code has come (it waited for the page's code, then its render).
    await page.waitForRequest((request) => new URL(request.url()).pathname === `/api/shared/${shareId}`, { timeout: 10_000 });
    release();
    await page.getByRole('heading', { name: 'Preloaded', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('1 view').waitFor();
    expect(asked).toHaveLength(1);
    // Straight from the HTML's 'Loading Find Clips…' to the share: a spinner between them, once the
    // page's code had come, made React hold the share back 300 ms.
    expect(await spinners(page)).toBe(0);
  });
});
