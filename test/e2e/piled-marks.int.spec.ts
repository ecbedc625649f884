// Text strangers read on a shared page, written to draw over the page around it.
import { randomUUID } from 'node:crypto';
import { CachedYoutubeDataEntity, writeTopics, writeTranscript } from '@findclips/db';
import { oneTopicAnalysis, strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway, testDataSource, type TestGateway } from '../../services/gateway/src/test/harness';
import { launchChromium } from './browser';
import type { Browser } from 'playwright-core';

jest.setTimeout(120_000);

/** 'Zalgo' text: a hundred accents piled on one letter, drawn as a column many lines tall. */
const piled = (word: string) => `${word}${'\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030A'.repeat(10)}`;

describe('a shared page whose title and description pile accents on a letter', () => {
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

  /** A member's share of a video of their own, with the title and description given. */
  async function share(title: string, description: string): Promise<string> {
    const youtubeId = `pm${randomUUID().replace(/-/g, '')}`.slice(0, 11);
    const topics = oneTopicAnalysis();
    await gw.dataSource.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: 'A talk on bus lanes',
      transcriptData: writeTranscript([{ text: 'Hello.', start: 0, end: 2 }]),
      analyzedTopics: writeTopics(topics),
      analysisStatus: 'complete',
    });
    const member = gw.browser();
    await member.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    return (
      (await member.post('/api/analysis/share').send({ youtubeId, topics, title, description }).expect(201)).body as {
        url: string;
      }
    ).url.replace(/^https?:\/\/[^/]+/, gw.url);
  }

  it.each([375, 1280])('draws none of them over the nav bar or the link above the title (%i px)', async (width) => {
    const plain = await share('Bus lanes', 'Watch the highlights');
    const zalgo = await share(piled('Bus'), piled('Watch'));
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const look = async (url: string) => {
      await page.goto(url);
      await page.getByText('Powered by').waitFor();
      await page.evaluate(() => document.fonts.ready);
      return {
        nav: await page.locator('header').first().screenshot(),
        link: await page.getByRole('link', { name: 'Find Clips Yourself - Try for Free' }).screenshot(),
      };
    };
    const expected = await look(plain);
    const shown = await look(zalgo);
    await page.close();
    // Pixel for pixel as under a plain title: nothing of the sharer's text is drawn over them.
    expect({ nav: shown.nav.equals(expected.nav), link: shown.link.equals(expected.link) }).toEqual({ nav: true, link: true });
  });
});
