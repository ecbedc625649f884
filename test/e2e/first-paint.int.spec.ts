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
    await page.goto(`${gw.url}/shared/${shareId}`, { waitUntil: 'commit' });
    // Asked while none of the app's code has come (it waited for the page's code, then its render).
    await page.waitForRequest((request) => new URL(request.url()).pathname === `/api/shared/${shareId}`, { timeout: 10_000 });
    release();
    await page.getByRole('heading', { name: 'Preloaded', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('1 view').waitFor();
    expect(asked).toHaveLength(1);
  });
});
