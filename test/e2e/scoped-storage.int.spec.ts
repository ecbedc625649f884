// What one browser remembers for each person (local and session storage) as people and tabs come and go.
import { CachedYoutubeDataEntity, writeTopics, writeTranscript } from '@findclips/db';
import { oneTopicAnalysis, strongPassword, uniqueEmail } from '@findclips/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { launchChromium, poll } from './browser';

jest.setTimeout(120_000);

const FIRST = 'FCscoped001';
const SECOND = 'FCscoped002';

let gw: TestGateway;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  gw = await startTestGateway({}, { dataSource: await testDataSource() });
  browser = await launchChromium();
  for (const youtubeId of [FIRST, SECOND])
    await gw.dataSource.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: `A talk ${youtubeId}`,
      durationSeconds: 600,
      transcriptData: writeTranscript([{ text: 'Hello.', start: 0, end: 2 }]),
      analyzedTopics: writeTopics(oneTopicAnalysis()),
      analysisStatus: 'complete',
    });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await gw?.close();
});

/** One computer: one browser profile, whose tabs share cookies and local storage. */
async function computer(): Promise<BrowserContext> {
  const context = await browser.newContext();
  contexts.push(context);
  return context;
}

/** Creates an account from the sign-in page: its email and password. */
async function register(page: Page): Promise<{ email: string; password: string }> {
  await page.goto(`${gw.url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  const [email, password] = [uniqueEmail(), strongPassword()];
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register with Email' }).click();
  await page.waitForURL(`${gw.url}/`);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  return { email, password };
}

async function analyse(page: Page, youtubeId: string): Promise<void> {
  await page.getByLabel('YouTube video link').fill(`https://www.youtube.com/watch?v=${youtubeId}`);
  await page.getByRole('button', { name: 'Find Clips' }).click();
  await page.waitForURL(`${gw.url}/?video=${youtubeId}`);
  await page.getByText('Why cities add bus lanes').first().waitFor();
}

const viewMode = async (page: Page) =>
  (await page.getByRole('button', { name: 'Watch', exact: true }).getAttribute('aria-pressed')) === 'true' ? 'watch' : 'edit';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${gw.url}/auth`);
}

it("shows a member who signs in while another member's dashboard is open in another tab their own video and view mode there", async () => {
  const context = await computer();
  const one = await context.newPage();
  // B analyses a video in Edit mode and signs out; A signs in, analyses another in Watch mode.
  const b = await register(one);
  await analyse(one, SECOND);
  await logOut(one);
  await register(one);
  await analyse(one, FIRST);
  await one.getByRole('button', { name: 'Watch', exact: true }).click();
  // A's session ends elsewhere (expired, or their password changed on another device): this tab is
  // not told. B then signs in in another tab, which tells this one.
  await context.request.post(`${gw.url}/api/logout`);
  const two = await context.newPage();
  await two.goto(`${gw.url}/auth`);
  await two.getByLabel('Email').fill(b.email);
  await two.getByLabel('Password', { exact: true }).fill(b.password);
  await two.getByRole('button', { name: 'Login', exact: true }).click();
  await two.waitForURL(`${gw.url}/?video=${SECOND}`);
  await one.getByText('Your Private Analysis').waitFor();
  // The first tab is B's now: B's video and B's view mode, not what A left on screen.
  await poll(() => Promise.resolve(new URL(one.url()).searchParams.get('video')), SECOND);
  await one.getByText(`A talk ${SECOND}`).first().waitFor();
  expect(await viewMode(one)).toBe('edit');
  const bId = await one.evaluate(() => (JSON.parse(sessionStorage.getItem('user')!) as { id: number }).id);
  expect(await one.evaluate((key) => localStorage.getItem(key), `${bId}lastProcessedVideoId`)).toBe(JSON.stringify(SECOND));
});
