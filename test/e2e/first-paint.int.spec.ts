// What a person on a slow connection sees before the app's code has come.
import { CachedYoutubeDataEntity, writeTopics, writeTranscript } from '@findclips/db';
import { oneTopicAnalysis, strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { NAMED_ANSWERS_KEPT_MS } from '../../web/src/lib/api';
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

/** A video id no test has used. */
const newVideoId = (prefix: string) => `${prefix}${Date.now().toString(36)}`.padEnd(11, 'x').slice(0, 11);

/**
 * A finished analysis of the video, stored as an analysis stores it, its length included (its
 * title is then answered from the database, not asked of YouTube, away in these tests: its 502 was
 * asked again a second later). Returns the video's id.
 */
async function storeFinishedVideo(dataSource: TestGateway['dataSource'], youtubeId: string, title: string): Promise<string> {
  await dataSource.getRepository(CachedYoutubeDataEntity).insert({
    youtubeId,
    title,
    durationSeconds: 120,
    transcriptData: writeTranscript([{ text: 'Hello.', start: 0, end: 2 }]),
    analyzedTopics: writeTopics(oneTopicAnalysis()),
    analysisStatus: 'complete',
  });
  return youtubeId;
}

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
    const youtubeId = await storeFinishedVideo(gw.dataSource, newVideoId('pre'), 'A preloaded talk');
    const topics = oneTopicAnalysis();
    const member = gw.browser();
    await member.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const { shareId } = (await member.post('/api/analysis/share').send({ youtubeId, topics, title: 'Preloaded' }).expect(201))
      .body as { shareId: string };

    const page = await browser.newPage();
    const release = await holdScripts(page);
    const asked: string[] = [];
    const whoIsHere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/shared/${shareId}`) asked.push(request.url());
      if (new URL(request.url()).pathname === '/api/user') whoIsHere.push(request.url());
    });
    await page.addInitScript(countSpinners);
    await page.goto(`${gw.url}/shared/${shareId}`, { waitUntil: 'commit' });
    // Asked while none of the app's code has come (it waited for the page's code, then its render).
    await page.waitForRequest((request) => new URL(request.url()).pathname === `/api/shared/${shareId}`, { timeout: 10_000 });
    // And its code, named in the HTML too.
    await page.waitForRequest((request) => /\/assets\/shared-page-[\w-]+\.js$/.test(request.url()), { timeout: 10_000 });
    release();
    await page.getByRole('heading', { name: 'Preloaded', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('1 view').waitFor();
    expect(asked).toHaveLength(1);
    // Who is here, asked with the page too (the navigation bar reads it), and once.
    await page.waitForLoadState('networkidle');
    expect(whoIsHere).toHaveLength(1);
    // Straight from the HTML's 'Loading Find Clips…' to the share: a spinner between them, once the
    // page's code had come, made React hold the share back 300 ms.
    expect(await spinners(page)).toBe(0);
  });

  /** Each address the page asked for, by path, counted; the counts read while the app's code is held. */
  function countRequests(page: Page) {
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
    });
    return asked;
  }
  const anyChunk = (asked: Map<string, number>, name: string) =>
    [...asked].filter(([path]) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path)).map(([, count]) => count);

  it.each([
    ['/', 'dashboard-page', 'Find Clips'],
    ['/auth', 'auth-page', 'Find the best clips in any long video'],
    ['/history', 'history-page', 'Find the best clips in any long video'],
    ['/settings', 'settings-page', 'Find the best clips in any long video'],
    ['/privacy', null, 'Privacy'],
    ['/no/such/page', null, '404 Page Not Found'],
  ])(
    "at %s asks who is here and the page's code with the page, before the app's code has come, and once",
    async (path, chunk, heading) => {
      const page = await browser.newPage();
      const release = await holdScripts(page);
      const asked = countRequests(page);
      await page.goto(`${gw.url}${path}`, { waitUntil: 'commit' });
      await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user', { timeout: 10_000 });
      if (chunk) await page.waitForRequest((request) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(request.url()));
      release();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(asked.get('/api/user')).toBe(1);
      if (chunk) expect(anyChunk(asked, chunk)).toEqual([1]);
      await page.close();
    },
  );

  it("asks for a link's analysis and title with the page, and once, whoever opens it", async () => {
    const youtubeId = await storeFinishedVideo(gw.dataSource, newVideoId('lnk'), 'A linked talk');
    const open = async (member: boolean) => {
      const context = await browser.newContext();
      if (member)
        await context.request.post(`${gw.url}/api/register`, { data: { email: uniqueEmail(), password: strongPassword() } });
      const page = await context.newPage();
      const release = await holdScripts(page);
      const asked = countRequests(page);
      await page.goto(`${gw.url}/?video=${youtubeId}`, { waitUntil: 'commit' });
      for (const path of [`/api/cached-videos/${youtubeId}`, `/api/videos/metadata/${youtubeId}`])
        await page.waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 10_000 });
      release();
      return { page, asked, context };
    };
    // A guest who did not analyse it is told how to open it, from the preloaded answer.
    const guest = await open(false);
    await guest.page.getByText('Press Find Clips to open it').first().waitFor({ timeout: 20_000 });
    // A member sees its topics.
    const member = await open(true);
    await member.page.getByRole('heading', { name: 'A linked talk' }).waitFor({ timeout: 20_000 });
    for (const { page, asked, context } of [guest, member]) {
      await page.waitForLoadState('networkidle');
      expect([
        asked.get(`/api/cached-videos/${youtubeId}`),
        asked.get(`/api/videos/metadata/${youtubeId}`),
        asked.get('/api/user'),
      ]).toEqual([1, 1, 1]);
      await context.close();
    }
  });

  it("reads a link's analysis anew when who is here could not be read at first, and it was made meanwhile", async () => {
    const youtubeId = newVideoId('stl');
    const context = await browser.newContext();
    await context.request.post(`${gw.url}/api/register`, { data: { email: uniqueEmail(), password: strongPassword() } });
    const page = await context.newPage();
    const asked = countRequests(page);
    // Who is here cannot be read as the page opens (the session store away): no video opens.
    let outage = true;
    await page.route('**/api/user', (route) =>
      outage ? route.fulfill({ status: 503, json: { message: 'Sessions are unavailable.' } }) : route.continue(),
    );
    await page.goto(`${gw.url}/?video=${youtubeId}`);
    await page.getByRole('heading', { name: 'Find Clips is not available right now' }).waitFor({ timeout: 20_000 });
    // The video is analysed while the page says so; the member asks again some time later.
    await storeFinishedVideo(gw.dataSource, youtubeId, 'A talk analysed meanwhile');
    await page.waitForTimeout(NAMED_ANSWERS_KEPT_MS + 500);
    outage = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(oneTopicAnalysis()[0]!.title).first().waitFor({ timeout: 20_000 });
    // Read as it is now: the page's HTML had named the analysis as it opened, when there was none,
    // and that answer (a 404 of before) made the page ask how the video stood, then for it again.
    expect([asked.get(`/api/cached-videos/${youtubeId}`), asked.get('/api/videos/check-status')]).toEqual([2, undefined]);
    await context.close();
  }, 60_000);
});
