import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, PLAYWRIGHT_DISABLED_FEATURES, launchChromium } from './browser';

describe('Chromium as the browser tests launch it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Each `--disable-features` on the browser's command line, in order, as chrome://version shows it. */
  async function disabledFeatureLists(launched: Browser): Promise<string[][]> {
    const page = await launched.newPage();
    try {
      await page.goto('chrome://version');
      const commandLine = (await page.locator('#command_line').textContent()) ?? '';
      return [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
    } finally {
      await page.close();
    }
  }

  it('keeps every feature Playwright turns off turned off (Chromium reads only the last list, ours)', async () => {
    const lists = await disabledFeatureLists(browser);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const [playwrights, ours] = [lists[0]!, lists.at(-1)!];
    expect(ours).toEqual(expect.arrayContaining(playwrights));
    expect(playwrights).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
  });

  it("opens no hidden pages of its own in a new context, only the test's page", async () => {
    const cdp = await browser.newBrowserCDPSession();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('about:blank');
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
    } finally {
      await context.close();
      await cdp.detach();
    }
  });

  it('opens them when that list is left out: what the list saves is real in this Chromium', async () => {
    const args = CHROMIUM.args.filter((arg) => !arg.startsWith('--disable-features='));
    const plain = await chromium.launch({ ...CHROMIUM, args });
    try {
      const cdp = await plain.newBrowserCDPSession();
      const page = await (await plain.newContext()).newPage();
      await page.goto('about:blank');
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.some((target) => target.url.startsWith('chrome://omnibox-popup'))).toBe(true);
    } finally {
      await plain.close();
    }
  });
});
