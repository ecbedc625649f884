/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  DEMO_VIDEOS,
  addDemoVideos,
  lengthenedCaptions,
  sampleTranscript,
  startFakeYoutube,
  type FakeYoutube,
  type RunningStack,
} from '@findclips/testing';
import { clock } from '@findclips/exports';
import { descriptionChapters } from '@findclips/youtube';
import { parseSubtitles } from '../../services/worker/src/cli/transcript-input';
import {
  fitsWidth,
  focusRingContrast,
  javascriptBytes,
  joinConfirmed,
  launchChromium,
  pageTurn,
  poll,
  retried,
  screenshot,
  seriousAxeViolations,
  smallTargets,
  startE2eStack,
} from './browser';

/**
 * The product in real Chromium against the whole stack started as `npm start` runs it (gateway,
 * realtime and worker as separate processes on the real PostgreSQL and Redis), with the fake
 * YouTube serving sample transcripts. Screenshots of every screen at 1280 and 375 px go to
 * test-results/screenshots.
 */
jest.setTimeout(240_000);

const [talk, podcast, panel, marathon] = DEMO_VIDEOS;
/** A 10-minute video whose captions fall under the content policy. */
const refused = { id: 'FCpolicy001', title: 'A film review that quotes its villain' };
/** A video whose title and some captions are words longer than any screen (a pasted address, a shout). */
const longWords = { id: 'FClongWords', title: 'Averyverylongvideotitlewithoutanyspaces'.repeat(4) };
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(5);
/** A 7-minute video with no captions on YouTube: a member brings their own. */
const uncaptioned = { id: 'FCnoCaps001', title: 'A street interview nobody captioned' };
/** A morning news talk in Arabic, three subjects of eight sentences said three times each: text that reads right to left. */
const arabic = { id: 'FCarabic001', title: 'حديث الصباح: الحافلات والخبز والنجوم' };
const ARABIC_SUBJECTS = [
  [
    'صباح الخير، نبدأ اليوم بالحديث عن الحافلات في المدن الكبيرة.',
    'المدن تضيف حارات خاصة للحافلات في الشوارع المزدحمة.',
    'الحافلة في حارتها الخاصة تصل أسرع من السيارة في وقت الذروة.',
    'سائقو السيارات يشتكون من فقدان مواقف السيارات.',
    'لكن الركاب يوفرون عشر دقائق كل صباح.',
    'البلدية تقيس سرعة الحافلات قبل التغيير وبعده.',
    'الأرقام تقول إن عدد الركاب زاد بعد عام واحد.',
    'والهواء في وسط المدينة أصبح أنظف من قبل.',
  ],
  [
    'ننتقل الآن إلى المخبز القديم في السوق.',
    'الخباز يبدأ العمل قبل الفجر كل يوم.',
    'العجين يحتاج إلى ساعات طويلة حتى يختمر.',
    'الفرن الحجري يعطي الخبز قشرة ذهبية مقرمشة.',
    'الدقيق الجيد والماء والملح هي سر الخبز.',
    'الزبائن يصطفون أمام المخبز في الصباح الباكر.',
    'أسعار الدقيق ارتفعت كثيرا هذا العام.',
    'لذلك يفكر الخباز في تغيير حجم الرغيف.',
  ],
  [
    'وفي الختام نتحدث عن التلسكوب الفضائي الجديد.',
    'التلسكوب يرصد المجرات البعيدة بالأشعة تحت الحمراء.',
    'العلماء يدرسون الضوء القادم من النجوم الأولى.',
    'الصور تكشف سحبا كثيفة من الغبار والغاز.',
    'في هذه السحب تولد نجوم جديدة.',
    'البيانات تصل إلى الأرض كل يوم عبر هوائيات ضخمة.',
    'الفريق ينشر النتائج في مجلة علمية محكمة.',
    'والجمهور يستطيع مشاهدة الصور على الإنترنت مجانا.',
  ],
];
const arabicSegments = ARABIC_SUBJECTS.flatMap((sentences) => [...sentences, ...sentences, ...sentences]).map((text, i) => ({
  start: i * 6.5,
  end: i * 6.5 + 6.5,
  text,
}));
const link = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const figures: string[] = [];

/** A 10-minute talk in English on the fake YouTube. */
function addTalk({ id, title }: { id: string; title: string }) {
  youtube.addVideo({
    id,
    title,
    channel: 'Find Clips Demo',
    durationSeconds: 600,
    tracks: [{ languageCode: 'en', segments: sampleTranscript(600) }],
  });
}

/** A 10-minute video whose ninth line the content policy refuses (a film review quoting its villain). */
function addPolicyVideo(id: string, title: string) {
  youtube.addVideo({
    id,
    title,
    channel: 'Find Clips Demo',
    durationSeconds: 600,
    tracks: [
      {
        languageCode: 'en',
        segments: sampleTranscript(600).map((segment, i) =>
          i === 8 ? { ...segment, text: 'and then the villain explains how to build a bomb in his garage' } : segment,
        ),
      },
    ],
  });
}

beforeAll(async () => {
  youtube = await startFakeYoutube();
  addDemoVideos(youtube, 1_500);
  addPolicyVideo(refused.id, refused.title);
  youtube.addVideo({
    id: longWords.id,
    title: longWords.title,
    channel: 'Find Clips Demo',
    durationSeconds: 600,
    tracks: [
      {
        languageCode: 'en',
        segments: sampleTranscript(600).map((segment, i) =>
          i % 10 === 3 ? { ...segment, text: `${LONG_WORD} ${segment.text} https://example.com/${'a'.repeat(120)}` } : segment,
        ),
      },
    ],
  });
  youtube.addVideo({
    id: arabic.id,
    title: arabic.title,
    channel: 'Find Clips Demo',
    durationSeconds: Math.ceil(arabicSegments.at(-1)!.end),
    tracks: [{ languageCode: 'ar', segments: arabicSegments }],
  });
  youtube.addVideo({
    id: uncaptioned.id,
    title: uncaptioned.title,
    channel: 'Find Clips Demo',
    durationSeconds: Math.ceil(sampleTranscript(420).at(-1)!.end),
    tracks: [],
  });
  stack = await startE2eStack(youtube);
  browser = await launchChromium();
});

// A test's pages are closed when it ends: left open, each would go on running (its live
// connection, its timers) beside every later test's.
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
  if (figures.length) {
    mkdirSync(join(__dirname, '..', '..', 'test-results'), { recursive: true });
    appendFileSync(join(__dirname, '..', '..', 'test-results', 'e2e-figures.md'), figures.join('\n') + '\n');
    process.stdout.write(`${figures.join('\n')}\n`);
  }
});

async function newPage(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: stack.url, colorScheme });
  contexts.push(context);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) page.on('console', (m) => process.stdout.write(`[browser] ${m.text()}\n`));
  return page;
}

/** Saves the screen for review and holds it to WCAG 2.1 AA: no serious or critical axe-core violation. */
async function look(page: Page, name: string) {
  await screenshot(page, name);
  expect({ screen: name, violations: await seriousAxeViolations(page) }).toEqual({ screen: name, violations: [] });
}

/** Saves the analysis through the page's 'Export' menu: the file's name and text, as downloaded. */
async function exported(page: Page, label: string) {
  const menu = page.locator('details').filter({ has: page.getByText('Export', { exact: true }) });
  if (!(await menu.getAttribute('open').then((open) => open !== null))) await menu.locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('button', { name: label }).click()]);
  // A chosen format closes the menu.
  expect(await menu.getAttribute('open')).toBeNull();
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** Whether the element's box lies within the first screen of the page. */
const aboveTheFold = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.y + box.height <= page.viewportSize()!.height;
};

/** The first word of the first topic's title, a word the video says. */
const firstTitleWord = async (page: Page) =>
  (
    await topics(page)
      .first()
      .locator('h3')
      .evaluate((h) => h.lastChild!.textContent!)
  ).split(' ')[0]!;

async function pasteLink(page: Page, url: string) {
  await page.getByPlaceholder('Paste a YouTube video link...').fill(url);
  await page.getByRole('button', { name: 'Find Clips' }).click();
}

/** Waits until the guest credits shown are `left` ('Credits: N of 2'); fails if they never are. */
const expectCredits = (page: Page, left: number) =>
  page
    .getByTestId('guest-credits')
    .locator('strong', { hasText: new RegExp(`^${left}$`) })
    .waitFor();

/** Where toasts show (Radix's notifications region). */
const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/**
 * How long a clip's embed may stay silent after its frame loaded before the clip says it cannot
 * load (the web's EMBED_SILENCE_MS).
 */
const EMBED_SILENCE_MS = 8_000;

/**
 * Waits for `alert`, said by a clip whose embed never answers: once its `frame` has loaded (the
 * browser's error page in place of YouTube's), the page's clock (installed before the page loaded)
 * is moved past the embed's silence rather than waited out; 20 s in all, as a real clock had.
 */
async function afterEmbedSilence(page: Page, frame: Locator, alert: Locator) {
  const started = Date.now();
  const content = await (await frame.elementHandle())?.contentFrame();
  if (content) {
    await poll(async () => content.url().startsWith('about:'), false);
    await content.waitForLoadState('load');
    // The page's own load event for the frame, which starts the silence, has run by its next turn.
    await pageTurn(page);
  }
  await page.clock.fastForward(EMBED_SILENCE_MS);
  await alert.waitFor({ timeout: Math.max(1, 20_000 - EMBED_SILENCE_MS - (Date.now() - started)) });
}

/** What the focused element is called: its label, else its text, else its placeholder. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    return (element.getAttribute('aria-label') || element.textContent?.trim() || element.getAttribute('placeholder') || '').slice(
      0,
      60,
    );
  });

const topics = (page: Page) => page.getByRole('list', { name: 'Topics' }).locator(':scope > li');

/**
 * Whether the focused element, focused from the keyboard, is inside `container` (a box that
 * scrolls) with its whole focus ring showing: a ring drawn outside the element is cut off there.
 */
const focusRing = (container: Locator) =>
  container.evaluate((box) => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const drawn = focused.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    const [left, top] = [outer.left + box.clientLeft, outer.top + box.clientTop];
    return {
      within: box.contains(focused) && focused !== box && focused.matches(':focus-visible'),
      inside:
        drawn.left - reach >= left &&
        drawn.top - reach >= top &&
        drawn.right + reach <= left + box.clientWidth &&
        drawn.bottom + reach <= top + box.clientHeight,
    };
  });

const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
const password = 'Analytical1';
let shareUrl = '';

describe('Find Clips in Chromium', () => {
  it('register → paste a link → live progress → topics → Watch mode → share', async () => {
    const page = await newPage();
    // Records whether the header ever showed the video's id in place of its title, and whether a
    // toast said an analysis of brought captions or a re-analysis was complete (neither was had).
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        const seen = window as unknown as { idAsTitle: boolean; completeToast: boolean };
        if (records.some((r) => (r.target.textContent ?? '').includes('YouTube video FC'))) seen.idAsTitle = true;
        if (records.some((r) => /\b(?:Re-a|A)nalysis complete\b/.test(r.target.textContent ?? ''))) seen.completeToast = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    await look(page, 'auth');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page.getByText('Account created successfully', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Find the best moments of any long video').waitFor();
    await look(page, 'dashboard-demo');

    // 'Find Clips' only where it helps to act: the logo, the tab and the button (the heading is for screen readers).
    const shownFindClips = await page
      .getByText('Find Clips', { exact: true })
      .evaluateAll((elements) => elements.filter((e) => e.getBoundingClientRect().width > 2).length);
    expect(shownFindClips).toBe(3);

    await pasteLink(page, link(talk.id));
    await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
    // Shown on the card, and said once by the page's status region (a screen reader hears it).
    const said = page.locator('#analysis-announcement[role="status"]');
    const shown = page.getByRole('progressbar').locator('xpath=..');
    await shown.getByText('Analyzing the entire video...').waitFor();
    expect(await said.textContent()).toBe('Analyzing the entire video...');
    await look(page, 'dashboard-progress');
    // The bar is seen to reach 100% and say so before the topics replace it.
    await page.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 60_000 });
    await shown.getByText('Done! Your clips are ready.').waitFor();
    expect(await said.textContent()).toBe('Done! Your clips are ready.');
    await screenshot(page, 'dashboard-done');
    await topics(page).first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await topics(page).count()).toBeGreaterThan(1);
    await page.getByText('Your Private Analysis').waitFor();
    await page.getByText(talk.title).first().waitFor();
    // Before the title arrived the header showed a skeleton, never 'YouTube video FCdemoTalk1'.
    expect(await page.evaluate(() => (window as unknown as { idAsTitle?: boolean }).idAsTitle ?? false)).toBe(false);
    expect(await page.getByText('Viral Cut').count()).toBeGreaterThan(0);
    await look(page, 'dashboard-edit');

    // The Viral Cut badge is amber, not the lavender of the other badges.
    const background = (text: string) =>
      page
        .getByText(text, { exact: true })
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background('Viral Cut')).not.toBe(await background('Your Private Analysis'));
    expect(await page.getByText('Viral Cut', { exact: true }).first().getAttribute('class')).not.toContain('bg-brand-50');

    // 'Show more' only where a quote is really cut to 4 lines, and every cut quote has one.
    const quoteLayout = await page.locator('blockquote > p').evaluateAll((paragraphs) =>
      paragraphs.map((p) => ({
        cut: p.scrollHeight > p.clientHeight + 1,
        toggle: p.parentElement!.nextElementSibling?.textContent === 'Show more',
      })),
    );
    expect(quoteLayout.length).toBeGreaterThan(2);
    expect(quoteLayout.filter((q) => q.cut !== q.toggle)).toEqual([]);

    // One Viral Cut plays at a time, in a compact player with a close control.
    const players = page.getByRole('list', { name: 'Topics' }).locator('iframe');
    await page.getByRole('button', { name: 'Play clip' }).nth(0).click();
    await page.getByRole('button', { name: 'Play clip' }).nth(1).click();
    expect(await players.count()).toBe(1);
    expect((await players.first().locator('xpath=../..').boundingBox())!.width).toBeLessThanOrEqual(448);
    await page.getByRole('button', { name: 'Close clip' }).click();
    expect(await players.count()).toBe(0);
    // A first analysis followed live says 'Done!' on its card, and no toast of a re-analysis's end.
    expect(await page.evaluate(() => (window as unknown as { completeToast?: boolean }).completeToast ?? false)).toBe(false);

    // Search: the talk is 12 minutes, so the browser is served a 3-hour transcript (its captions,
    // then 2 h 48 min more of talk, 3,262 lines) in its place, to find moments at the size people
    // search. '/' focuses the box, Enter plays the current match, j moves to the next, Esc clears.
    const threeHours = lengthenedCaptions(talk, 10_800);
    expect(threeHours.length).toBeGreaterThan(3_000);
    await page.route(`**/api/videos/${talk.id}/transcript`, (route) =>
      route.fulfill({ json: { videoId: talk.id, segments: threeHours } }),
    );
    const searchBox = page.getByRole('searchbox', { name: 'Search this video' });
    const searchCount = page.locator('[data-search-count]');
    const transcriptServed = page.waitForResponse(`**/api/videos/${talk.id}/transcript`);
    await page.locator('body').press('/');
    expect(await searchBox.evaluate((box) => box === document.activeElement)).toBe(true);
    await transcriptServed;
    const titleWord = await firstTitleWord(page);
    await searchBox.fill(titleWord);
    await searchCount.getByText(/^\d+ match(es)?/).waitFor();
    const matches = page.getByRole('list', { name: 'Matches' });
    expect(
      await matches
        .getByRole('button')
        .filter({ hasText: /^0:00Topic/ })
        .count(),
    ).toBe(1);
    // Where the title's word is said: in a quote, else in a line of the transcript (a line a quote
    // says is listed once, as the quote).
    expect(
      await matches
        .getByRole('button')
        .filter({ hasText: /Quote|Transcript/ })
        .count(),
    ).toBeGreaterThan(0);
    await page.getByRole('img', { name: /^Where the matches fall in the video, from 0:00 to 3:00:\d\d$/ }).waitFor();
    await searchBox.press('Enter');
    await page.locator('iframe[title^="Match at "]').waitFor({ state: 'attached' });
    await page.keyboard.press('j');
    await searchCount.getByText(/, 2 of \d+ at /).waitFor();
    // The match the key moved to has the focus, and its whole focus ring shows inside the list that
    // scrolls the matches (drawn outside the button, the list cut off its top and sides).
    expect(await focusRing(matches)).toEqual({ within: true, inside: true });
    await look(page, 'dashboard-search');
    // A query typed at once finds its matches (how fast: `npm run bench`, bench/web.bench.ts).
    await searchBox.fill('coming back to this');
    await searchCount.getByText(/^\d+ matches/).waitFor();
    await searchBox.press('Escape');
    expect(await searchBox.inputValue()).toBe('');
    // The matches follow the query a render later (a deferred value, so typing stays fast): they go.
    await page.getByRole('list', { name: 'Matches' }).waitFor({ state: 'detached', timeout: 5_000 });

    // The transcript under its topics: a screenful of rows in the page, a line plays from its second.
    await page.getByRole('button', { name: 'Show transcript' }).click();
    const panel = page.getByRole('grid', { name: /^Transcript, \d+ lines$/ });
    await panel.waitFor();
    const total = Number((await panel.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(total).toBe(threeHours.length);
    const firstTitle = await topics(page)
      .first()
      .locator('h3')
      .evaluate((h) => h.lastChild!.textContent!);
    expect(await panel.getByRole('heading').first().textContent()).toContain(`1. ${firstTitle}`);
    expect(await panel.locator('[data-transcript-line]').count()).toBeLessThan(total);
    // From the keyboard the lines are one stop: Tab enters at the first line, with its whole focus
    // ring inside the box that scrolls the lines; End goes to the last of 3,000 (the list renders it
    // on the way), and Tab leaves.
    await page.getByRole('button', { name: 'Hide transcript' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusRing(panel)).toEqual({ within: true, inside: true });
    await page.keyboard.press('End');
    await page.waitForFunction((text) => document.activeElement?.textContent?.endsWith(text), threeHours.at(-1)!.text);
    expect(await focusRing(panel)).toEqual({ within: true, inside: true });
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((box) => box.contains(document.activeElement))).toBe(false);
    // Shift+Tab comes back to the line left, Home goes back to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(threeHours.at(-1)!.text);
    await page.keyboard.press('Home');
    await page.waitForFunction((text) => document.activeElement?.textContent?.endsWith(text), threeHours[0]!.text);
    // The fourth row by its index in the list, not by its place among the rows rendered (just
    // after Home the list may still hold rows from the end, and the fourth rendered is another).
    const line = panel.locator('[data-index="3"] [data-transcript-line]').first();
    const [minutes, seconds] = (await line.locator('span').first().textContent())!.split(':').map(Number);
    // A row replaced under the pointer as the list renders loses the click: clicked again until
    // the player opens.
    const player = page.locator(`iframe[src*="start=${minutes! * 60 + seconds!}&"]`);
    await retried(3, async () => {
      await line.click();
      await player.waitFor({ state: 'attached', timeout: 5_000 });
    });
    await look(page, 'dashboard-transcript');
    await page.getByRole('button', { name: 'Hide transcript' }).click();

    const markdown = await exported(page, 'Markdown notes');
    expect(markdown.name).toBe('the-cheapest-subway-you-ll-ever-build.md');
    expect(markdown.text).toContain(`# ${talk.title}`);
    expect(markdown.text.match(/^## \d+\. /gm)).toHaveLength(await topics(page).count());

    await page.getByRole('button', { name: 'Play Full Topic' }).first().click();
    const modal = page.getByRole('dialog');
    await modal.locator('iframe[src*="youtube-nocookie.com/embed/"]').waitFor({ state: 'attached' });
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Edit before sharing: rename the first topic and start the second one sentence later; both
    // are saved at once and survive a reload. A second tab that read the analysis shows the new
    // title too, also when it was on another page meanwhile.
    const twin = await page.context().newPage();
    await twin.goto(page.url());
    await twin.getByRole('button', { name: 'Rename topic 1' }).waitFor();
    await twin.getByRole('link', { name: 'Video History' }).click();
    await twin.getByRole('heading', { name: 'Your Processed Videos' }).waitFor();
    await page.getByRole('button', { name: 'Rename topic 1' }).click();
    await page.getByRole('textbox', { name: 'Title of topic 1' }).fill('Where the traffic goes');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^1\.\s?Where the traffic goes$/ }).waitFor();
    await twin.getByRole('link', { name: 'Find Clips', exact: true }).click();
    await twin.getByRole('heading', { name: /^1\.\s?Where the traffic goes$/ }).waitFor();
    await twin.close();
    // After each saved edit the keyboard is where it was, not back at the top of the page.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await poll(focused, 'Rename topic 1');
    // The first topic starts with the video: nothing to start earlier on (a refusal's toast and
    // focus are covered in the dashboard's jsdom tests).
    expect(await page.getByRole('button', { name: 'Start earlier by one sentence, topic 1' }).isDisabled()).toBe(true);
    const range = () => topics(page).nth(1).locator('p').first().textContent();
    const before = await range();
    await page.getByRole('button', { name: 'Start later by one sentence, topic 2' }).click();
    await poll(async () => (await range()) !== before, true);
    await poll(focused, 'Start later by one sentence, topic 2');
    const moved = await range();
    const startOf = (text: string | null) =>
      text!
        .split(' - ')[0]!
        .split(':')
        .reduce((total, part) => total * 60 + Number(part), 0);
    expect(startOf(moved)).toBeGreaterThan(startOf(before));
    // Not shared yet: the note says nothing of a shared page.
    const editedNote = page.getByText(/^You edited these topics\./);
    await editedNote.waitFor();
    expect(await editedNote.textContent()).toBe('You edited these topics.');
    await look(page, 'dashboard-edited');
    // A topic removed by mistake comes back from its toast's Undo, renamed as it was.
    const topicCount = await topics(page).count();
    await page.getByRole('button', { name: 'Remove topic 1' }).click();
    await poll(() => topics(page).count(), topicCount - 1);
    await toastRegion(page).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: /^1\.\s?Where the traffic goes$/ }).waitFor();
    expect(await topics(page).count()).toBe(topicCount);
    // (The page's clock from here on: Watch mode's clips wait out the embed's silence on it.)
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { name: /^1\.\s?Where the traffic goes$/ }).waitFor();
    expect(await range()).toBe(moved);

    await page.getByRole('button', { name: 'Watch' }).click();
    const clips = page.locator('[data-clip-state]');
    const count = await clips.count();
    expect(count).toBeGreaterThan(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await poll(() => clips.first().getAttribute('data-clip-state'), 'loaded');
    expect(await clips.last().getAttribute('data-clip-state')).toBe('waiting');
    // YouTube is unreachable here: the thumbnail is a placeholder naming the video, and a clip
    // whose embed never answers says so instead of showing the browser's error page.
    await page.locator('div[role="img"]', { hasText: talk.title }).first().waitFor();
    await clips.first().getByRole('status').getByText('Loading clip…').waitFor();
    expect(await clips.first().locator('iframe').isVisible()).toBe(false);
    await afterEmbedSilence(page, clips.first().locator('iframe'), clips.first().getByRole('alert'));
    expect(await clips.first().getByRole('alert').textContent()).toContain('Unable to load this video clip.');
    await look(page, 'dashboard-watch');
    await clips.last().scrollIntoViewIfNeeded();
    await poll(() => clips.last().getAttribute('data-clip-state'), 'loaded');

    await page.getByRole('button', { name: 'Share Clips' }).click();
    await poll(() => page.getByLabel('Title').inputValue(), talk.title);
    expect(await page.getByLabel('Description').inputValue()).toBe('Watch the highlights');
    // The description's box is drawn as the title's, whose border stands 3:1 against the dialog (at
    // 1.5:1 the box of the words to edit did not show).
    const border = (label: string) => page.getByLabel(label).evaluate((field) => getComputedStyle(field).borderTopColor);
    expect(await border('Description')).toBe(await border('Title'));
    await look(page, 'share-dialog');
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    shareUrl = await (await page.waitForSelector('#share-url')).inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${stack.url}/shared/[\\w-]{16,}$`));
    // The form gone, the keyboard is on copying the link.
    await poll(() => focusedName(page), 'Copy link');
    // Shared now: the edited note says what a later edit means for that page.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByText(
        'You edited these topics. A shared page keeps them as they were when you shared them: share again after an edit to update it.',
      )
      .waitFor();
  });

  it('shows the shared page to a signed-out visitor, and its JavaScript stays within budget', async () => {
    const page = await newPage();
    const sharedBytes = await javascriptBytes(page, shareUrl, 'Powered by');
    await page.getByText('1 view').waitFor();
    await page.getByText(/Shared video clips containing \d+ topics/).waitFor();
    await page.getByRole('link', { name: 'Find Clips Yourself - Try for Free' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open in Find Clips' }).count()).toBe(0);
    const anchors = page.getByRole('heading', { name: 'Topics in this video' }).locator('..').locator('a[href^="#topic-"]');
    expect(await anchors.count()).toBeLessThanOrEqual(4);
    expect(await anchors.first().getAttribute('href')).toBe('#topic-1');
    // 'Show all' adds the topics above itself: from the keyboard, the next stop is the first added,
    // not past the list.
    await page.getByRole('button', { name: /^Show all \d+ topics$/ }).focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null), '#topic-5');
    await page.getByRole('button', { name: 'Show fewer topics' }).click();
    await page.getByText('Powered by').waitFor();
    // The member's edits are what the visitor reads.
    await page.getByRole('heading', { name: /Where the traffic goes/ }).waitFor();
    // A visitor reads each topic's quotes before playing them; the title is one heading, not three.
    expect(await page.getByRole('list', { name: /^Quotes of / }).count()).toBeGreaterThan(1);
    expect(await page.getByRole('heading', { name: talk.title }).count()).toBe(1);
    // On paper: every quote whole, no players, no controls (printed, 4 of 6 quotes stopped at four
    // lines and players were empty boxes over most of each page).
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const shows = (element: Element) => element.getClientRects().length > 0;
      return {
        clipped: Array.from(document.querySelectorAll('[id^="quote-"][id$="-text"]')).filter(
          (quote) => quote.scrollHeight > quote.clientHeight + 1,
        ).length,
        quotes: Array.from(document.querySelectorAll('[id^="quote-"][id$="-text"]')).filter(shows).length > 0,
        controls: Array.from(document.querySelectorAll('button, iframe, summary, [aria-label="Main"]'))
          .filter(shows)
          .map((e) => e.textContent),
      };
    });
    expect(printed).toEqual({ clipped: 0, quotes: true, controls: [] });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Play clip' }).first().click();
    await page.getByRole('button', { name: 'Close clip' }).waitFor();
    await look(page, 'shared');

    // The formats' code loads with the first export; when it cannot (offline, or a new version
    // replaced this tab's files), the visitor is told, and the next try loads it.
    const blocked = /\/assets\/.*\.js$/;
    await page.route(blocked, (route) => route.abort('internetdisconnected'));
    await page
      .locator('details')
      .filter({ has: page.getByText('Export', { exact: true }) })
      .locator('summary')
      .click();
    await page.getByRole('button', { name: 'SRT subtitles' }).click();
    await page.getByText('The export could not be loaded').waitFor();
    await page.getByText('Reload the page to get the latest version', { exact: false }).waitFor();
    await page.unroute(blocked);

    // Exports: the files a visitor saves read back with a subtitle parser and by YouTube's chapter rules.
    const srt = await exported(page, 'SRT subtitles');
    expect(srt.name).toMatch(/^the-cheapest-subway-you-ll-ever-build\.srt$/);
    const cues = parseSubtitles(srt.text);
    const sharedTopics = await page.locator('section[id^="topic-"]').count();
    expect(cues.filter((cue) => cue.text.startsWith('Chapter ')).length).toBe(sharedTopics);
    const chapters = await exported(page, 'YouTube chapters');
    // Read back as YouTube's rules read a description: a chapter a topic.
    expect(descriptionChapters(chapters.text, talk.minutes * 60)).toHaveLength(sharedTopics);

    // A link to a quote scrolls to it and cues its Viral Cut; every moment opens on YouTube at its second.
    await page.goto(`${shareUrl}#quote-2-1`);
    const linked = page.locator('#quote-2-1');
    await linked.locator('iframe').waitFor({ state: 'attached' });
    await poll(
      () =>
        linked
          .isVisible()
          .then(async (shown) => shown && (await linked.evaluate((e) => e.getBoundingClientRect().top < innerHeight))),
      true,
    );
    const youtubeLink = linked.getByRole('link', { name: /^Open on YouTube at \d+:\d{2}$/ });
    expect(await youtubeLink.getAttribute('href')).toMatch(
      new RegExp(`^https://www\\.youtube\\.com/watch\\?v=${talk.id}&t=\\d+s$`),
    );
    // A search engine's key moment (the page's JSON-LD clip url, `?t=SECONDS`) opens the page at its topic.
    const [, keyMomentsJson] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
      await (await fetch(shareUrl)).text(),
    )!;
    const clip = (JSON.parse(keyMomentsJson!) as { hasPart: { url: string; startOffset: number }[] }).hasPart[2]!;
    expect(clip.url).toBe(`${shareUrl}?t=${clip.startOffset}`);
    await page.goto(clip.url);
    const third = page.locator('#topic-3');
    await poll(() => third.evaluate((e) => e === document.activeElement && e.getBoundingClientRect().top < innerHeight), true);

    await page.reload();
    await page.getByText('1 view').waitFor();

    const homeBytes = await javascriptBytes(await newPage(), '/', 'Find the best moments of any long video');
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    figures.push(
      `- gzipped JavaScript loaded by /shared/{id}: ${kB(sharedBytes.gzipped)} (budget 120 kB); sent to Chromium: ${kB(sharedBytes.sent)}`,
      `- gzipped JavaScript loaded by /: ${kB(homeBytes.gzipped)} (budget 200 kB); sent to Chromium: ${kB(homeBytes.sent)}`,
    );
    expect(sharedBytes.gzipped).toBeLessThanOrEqual(120 * 1024);
    expect(homeBytes.gzipped).toBeLessThanOrEqual(200 * 1024);
    // What Chromium was sent is the build's brotli, smaller than gzip.
    expect(sharedBytes.sent).toBeLessThan(sharedBytes.gzipped);
    expect(homeBytes.sent).toBeLessThan(homeBytes.gzipped);
  });

  it('history → settings edits → logout', async () => {
    const page = await newPage();
    await login(page);
    await page.getByRole('link', { name: 'Video History' }).click();
    await page.getByRole('heading', { name: 'Your Processed Videos' }).waitFor();
    await page.getByRole('heading', { name: talk.title }).waitFor();
    await page.getByText('Your Analysis', { exact: true }).waitFor();
    // The card tells the video's length and its topics, and its date once.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: talk.title }) });
    await card.getByText(/^\d+ min$/).waitFor();
    await card.getByText(/^\d+ topics$/).waitFor();
    expect(await card.getByText(/Processed on/).count()).toBe(0);
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.getByRole('button', { name: 'Remove share' }).waitFor();
    await look(page, 'history');

    // The owner sees the extra link on the shared page, to /?video={id}.
    await page.goto(shareUrl);
    expect(await page.getByRole('link', { name: 'Open in Find Clips' }).getAttribute('href')).toBe(`/?video=${talk.id}`);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your profile has been updated successfully.', { exact: true }).waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    expect(await page.getByTestId('avatar').textContent()).toBe('A');
    await look(page, 'settings');

    // A second tab of the same browser follows this one: signed out here, it shows the sign-in
    // page too; signed in again here, it leaves it.
    const other = await page.context().newPage();
    await other.goto('/history');
    await other.getByRole('heading', { name: 'Your Processed Videos' }).waitFor();
    // What the second tab asks the server from here on: none of it is refused for want of a
    // member, but who is signed in (which nobody is, at times).
    const asked: Promise<string | null>[] = [];
    other.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && path !== '/api/user') {
        asked.push(request.response().then((response) => (response?.status() === 401 ? path : null)));
      }
    });
    const refused = async () => (await Promise.all(asked)).filter((path) => path !== null);
    // A shared page open in a third tab stays, without the owner's link once nobody is signed in.
    const sharedTab = await page.context().newPage();
    await sharedTab.goto(shareUrl);
    await sharedTab.getByRole('link', { name: 'Open in Find Clips' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/auth');
    await other.waitForURL('**/auth');
    await other.getByText('Login and get access to all features.').waitFor();
    expect(await other.getByText(talk.title).count()).toBe(0);
    // Signed out in this browser, by its member: nothing expired, nothing to say.
    expect(await other.getByText('Your session has expired.', { exact: false }).count()).toBe(0);
    expect(await refused()).toEqual([]);
    await poll(() => sharedTab.getByRole('link', { name: 'Open in Find Clips' }).count(), 0);
    expect(sharedTab.url()).toBe(shareUrl);
    await page.goto('/settings');
    await page.waitForURL('**/auth');
    await login(page);
    await other.waitForURL((url) => url.pathname === '/');
    await other.getByRole('button', { name: 'Log out' }).waitFor();
    // Logged out in the second tab, in again in the first, then out there: the second tab follows
    // each time (its own logout is behind it once it hears of the sign-in).
    await other.getByRole('button', { name: 'Log out' }).click();
    await other.getByText('Login and get access to all features.').waitFor();
    await page.waitForURL('**/auth');
    await login(page);
    await other.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await other.waitForURL('**/auth');
    await other.getByText('Login and get access to all features.').waitFor();
    expect(await refused()).toEqual([]);
    await signIn(page);

    // Logging out while the sign-in page's code is still on its way: the page stays the member's
    // until /auth shows. The tab asks who is signed in as it hears its own news (and on a refusal);
    // that answer put a guest on the member's video, which could move the tab back to /.
    let releaseSignIn = () => {};
    const signInCode = new Promise<void>((resolve) => (releaseSignIn = resolve));
    let held = 0;
    await page.route(/\/assets\/auth-page-[\w-]+\.js$/, async (route) => {
      held++;
      await signInCode;
      await route.continue();
    });
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    const askedWho = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await askedWho).status()).toBe(401);
    await page.waitForTimeout(1_000);
    expect({
      signUp: await page.getByRole('link', { name: 'Sign up' }).count(),
      guestLink: await page.getByText('Press Find Clips to open it').count(),
    }).toEqual({ signUp: 0, guestLink: 0 });
    // Logged out, the button cannot send a second logout meanwhile.
    expect(await page.getByRole('button', { name: 'Log out' }).isDisabled()).toBe(true);
    expect(held).toBe(1);
    releaseSignIn();
    await page.getByText('Login and get access to all features.').waitFor();
    await page.unroute(/\/assets\/auth-page-[\w-]+\.js$/);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await signIn(page);

    // Logging out the moment a video's page opens lands on /auth, never on / as a guest holding
    // the member's video (a walk saw it 3 times in 4 when pressed at once: the router moves pages
    // in a transition, after the guest's render).
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.goto(`/?video=${talk.id}`);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByText('Login and get access to all features.').waitFor();
      await page.waitForTimeout(1_000);
      expect({
        attempt,
        path: new URL(page.url()).pathname,
        guestLink: await page.getByText('Press Find Clips to open it').count(),
      }).toEqual({
        attempt,
        path: '/auth',
        guestLink: 0,
      });
      await signIn(page);
    }
  });

  it('guest: a cached video at once, then new videos until the credits run out', async () => {
    const page = await newPage();
    // The page's code is asked for beside who is here, not once that is known: /api/user held a second.
    const asked: string[] = [];
    page.on('request', (request) => void asked.push(new URL(request.url()).pathname));
    let codeBeforeUser = false;
    await page.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      codeBeforeUser = asked.some((path) => /^\/assets\/dashboard-page-[\w-]+\.js$/.test(path));
      await route.continue();
    });
    await page.goto('/');
    await expectCredits(page, 2);
    expect(codeBeforeUser).toBe(true);
    await page.unroute('**/api/user');

    await pasteLink(page, link(talk.id));
    await topics(page).first().waitFor();
    await page.getByText('Shared Guest Analysis').waitFor();
    await expectCredits(page, 1);

    await pasteLink(page, link(podcast.id));
    await topics(page)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'failure-guest');
        throw error;
      });
    await expectCredits(page, 0);
    await look(page, 'dashboard-guest');

    // No credit left: a video too long (for guests, for anyone) says so, as signing up would not
    // open the second either; one Find Clips could analyse says the credits are spent.
    await pasteLink(page, link(panel.id));
    await toastRegion(page).getByText('Video Too Long for Guests', { exact: true }).waitFor();
    await pasteLink(page, link(marathon.id));
    await toastRegion(page).getByText('Video Too Long', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Try Another Video' }).click();
    await pasteLink(page, link(refused.id));
    await page.getByText('Credit Limit Reached ⚠️ (Resets in 24 hours)', { exact: true }).waitFor();

    // A video the guest analysed before still opens, and costs nothing.
    await pasteLink(page, link(talk.id));
    await page.getByText('Shared Guest Analysis').waitFor();
    await topics(page).first().waitFor();
    await expectCredits(page, 0);

    // Another guest's link to an analysis goes in the field, as a link they would paste: it opens
    // for a credit, not for free.
    const other = await newPage();
    await other.goto(`/?video=${talk.id}`);
    await toastRegion(other).getByText('Press Find Clips to open it', { exact: true }).waitFor();
    expect(await other.getByPlaceholder('Paste a YouTube video link...').inputValue()).toBe(link(talk.id));
    await expectCredits(other, 2);
    // The demo stays until they press Find Clips.
    await other.getByText('Find the best moments of any long video').waitFor();
    expect(await other.getByText(talk.title).count()).toBe(0);
    await other.getByRole('button', { name: 'Find Clips' }).click();
    await other.getByText(talk.title).first().waitFor();
    await expectCredits(other, 1);

    // The first guest signs up, then logs out from the dashboard: the sign-in page, not the video
    // they last opened as a guest.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill(`e2e-guest-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page.getByText('Account created successfully', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Login and get access to all features.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/auth');
  });

  it('refuses what it cannot analyse: too long for a guest, too long for anyone, content policy', async () => {
    const guest = await newPage();
    await guest.goto('/');
    await expectCredits(guest, 2);
    await pasteLink(guest, link(panel.id));
    await toastRegion(guest).getByText('Video Too Long for Guests', { exact: true }).waitFor();
    expect(await toastRegion(guest).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth');
    const tooLong = guest.getByRole('alert').filter({ has: guest.getByRole('heading', { name: 'Video Too Long' }) });
    await tooLong.getByText('Sign up to analyse videos of up to 2 hours.', { exact: false }).waitFor();
    // One message: nothing beside it promises 'unlimited access' or 'longer videos'.
    expect(await guest.getByText(/unlimited access|longer videos/).count()).toBe(0);
    expect(await guest.getByPlaceholder('Paste a YouTube video link...').inputValue()).toBe('');
    await expectCredits(guest, 2);
    await look(guest, 'error-too-long');
    await tooLong.getByRole('button', { name: 'Try Another Video' }).click();
    await guest.getByText('Find the best moments of any long video').waitFor();

    const page = await newPage();
    await signIn(page);
    await page.goto('/');
    await pasteLink(page, link(marathon.id));
    await toastRegion(page).getByText('Video Too Long', { exact: true }).waitFor();
    const memberTooLong = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Video Too Long' }) });
    await memberTooLong.getByText(/2 hours max/).waitFor();
    expect(await page.getByPlaceholder('Paste a YouTube video link...').inputValue()).toBe('');
    await look(page, 'error-too-long-member');
    await memberTooLong.getByRole('button', { name: 'Try Another Video' }).click();
    await page.getByText('Find the best moments of any long video').waitFor();

    await pasteLink(page, link(refused.id));
    const blocked = toastRegion(page).getByText('Video blocked due to content policy', { exact: true });
    await blocked.waitFor({ timeout: 60_000 });
    const shown = Date.now();
    await toastRegion(page).getByText('violence/instructions').waitFor();
    const policy = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Content Policy Violation' }) });
    await policy.getByText('Categories: violence/instructions').waitFor();
    await look(page, 'error-content-policy');
    // This toast stays 7 s (others 5 s).
    await blocked.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shown).toBeGreaterThan(6_000);
    await policy.getByRole('button', { name: 'Try Another Video' }).click();
    await page.getByText('Find the best moments of any long video').waitFor();
  });

  it('gives a guest the credit back when their analysis fails, and shows it', async () => {
    const id = 'FCpolicy002';
    addPolicyVideo(id, 'Another film review that quotes its villain');
    const guest = await newPage();
    await guest.goto('/');
    await expectCredits(guest, 2);
    await pasteLink(guest, link(id));
    await toastRegion(guest).getByText('Video blocked due to content policy', { exact: true }).waitFor({ timeout: 60_000 });
    // It cost a credit as it was sent; the analysis never had, the credit is back.
    await expectCredits(guest, 2);
    await guest.reload();
    await expectCredits(guest, 2);
  });

  it('shows a guest who reloads while their link is sent its analysis and their credits as they stand, not the demo', async () => {
    const video = { id: 'FCreload001', title: 'A talk reloaded before its answer came' };
    addTalk(video);
    const guest = await newPage();
    await guest.goto('/');
    await expectCredits(guest, 2);
    // YouTube answers slowly: the page reloads while Find Clips still reads the video's captions.
    youtube.latencyMs = 1_500;
    try {
      const sent = guest.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/guest/videos/transcript',
      );
      await pasteLink(guest, link(video.id));
      await sent;
      await guest.reload();
      await guest.getByRole('heading', { name: video.title }).waitFor({ timeout: 20_000 });
    } finally {
      youtube.latencyMs = 0;
    }
    await topics(guest).first().waitFor({ timeout: 60_000 });
    expect(new URL(guest.url()).searchParams.get('video')).toBe(video.id);
    // One credit, spent once: the link sent again reopened what the first had paid for.
    await expectCredits(guest, 1);
    await guest.reload();
    await topics(guest).first().waitFor();
    await expectCredits(guest, 1);
  });

  it('sends a link again after a reload only where it was sent: not to a video gone Back to, or opened from History, meanwhile', async () => {
    const before = { id: 'FCresumeB01', title: 'A talk gone Back to' };
    const opened = { id: 'FCresumeO01', title: 'A talk opened from History' };
    const sent = ['FCresumeS01', 'FCresumeS02', 'FCresumeS03'].map((id, i) => ({ id, title: `A talk sent, number ${i + 1}` }));
    for (const video of [before, opened, ...sent]) addTalk(video);
    const page = await newPage();
    const account = await page.request.post('/api/register', {
      data: { email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password },
    });
    expect(account.status()).toBe(201);
    await page.goto('/');
    for (const video of [before, opened]) {
      await pasteLink(page, link(video.id));
      await topics(page).first().waitFor({ timeout: 60_000 });
    }
    const posted: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname === '/api/videos/transcript') posted.push(url.searchParams.get('videoId')!);
    });
    /** The member sends a link, and moves on (`away`) while YouTube is slow to answer. */
    const sendThen = async (video: { id: string }, away: () => Promise<void>) => {
      youtube.latencyMs = 3_000;
      try {
        const sending = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/videos/transcript');
        await pasteLink(page, link(video.id));
        await sending;
        await away();
      } finally {
        youtube.latencyMs = 0;
      }
      posted.length = 0;
    };
    /** `video` stays on screen once the link's answer would have come: the link was not sent again. */
    const stays = async (video: { id: string; title: string }) => {
      await page.waitForTimeout(4_000);
      await topics(page).first().waitFor({ timeout: 60_000 });
      expect({
        posted,
        video: new URL(page.url()).searchParams.get('video'),
        shown: await page.locator('h2').first().textContent(),
      }).toEqual({
        posted: [],
        video: video.id,
        shown: video.title,
      });
    };
    const toHistory = async () => {
      await page.getByRole('link', { name: 'History' }).first().click();
      await page.locator(`[data-video="${opened.id}"]`).waitFor();
    };
    const openFromHistory = async () => {
      await page.locator(`[data-video="${opened.id}"]`).getByRole('button', { name: opened.title }).click();
      await page.waitForURL((url) => url.searchParams.get('video') === opened.id);
    };

    // Back to the video before while the link is sent, and a reload there.
    await sendThen(sent[0]!, async () => {
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('video') === before.id);
      await page.reload();
    });
    await stays(before);
    // History opened while the link is sent, a card opened there.
    await sendThen(sent[1]!, toHistory);
    await openFromHistory();
    await stays(opened);
    // History opened while the link is sent, reloaded there, a card opened.
    await sendThen(sent[2]!, async () => {
      await toHistory();
      await page.reload();
      await page.locator(`[data-video="${opened.id}"]`).waitFor();
    });
    await openFromHistory();
    await stays(opened);
  });

  it("says in its place that the transcript's code could not be loaded, and the page around it stays", async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/');
    // A new version replaced this tab's files: the transcript's chunk is gone from the server.
    await page.route(/\/assets\/transcript-panel-[\w-]+\.js$/, (route) => route.abort());
    await pasteLink(page, link(talk.id));
    await topics(page).first().waitFor({ timeout: 60_000 });
    const shown = await topics(page).count();
    await page.getByRole('button', { name: 'Show transcript' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'The transcript could not be loaded. Find Clips may have been updated since this tab opened. Reload the page to get the latest version.',
      })
      .waitFor();
    await page.getByRole('button', { name: 'Hide transcript' }).waitFor();
    expect(await topics(page).count()).toBe(shown);
  });

  it('analyses captions a member brings for a video without any', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/');
    await pasteLink(page, link(uncaptioned.id));
    const failed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Analysis Failed' }) });
    await failed.waitFor();
    const form = page.getByRole('form', { name: 'Bring your own captions' });
    // Timed text as a video page shows it: a time at the start of each line.
    const lines = sampleTranscript(420).map((segment) => `${clock(segment.start)} ${segment.text}`);
    await form.getByLabel('Or paste timed text').fill(['Hello and welcome', ...lines].join('\n'));
    await form.getByRole('button', { name: 'Analyse these captions' }).click();
    await form.getByText('Line 1: each line of timed text starts with its time, like "1:02 Welcome back"').waitFor();
    await look(page, 'captions-upload');
    await form.getByLabel('Or paste timed text').fill(lines.join('\n'));
    // By keyboard: the form goes with the error screen, and the focus to the video analysed.
    await form.getByRole('button', { name: 'Analyse these captions' }).press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'video-heading');
    await topics(page).first().waitFor({ timeout: 60_000 });
    expect(await topics(page).count()).toBeGreaterThan(1);
    // A first analysis of the captions, not a re-analysis.
    await toastRegion(page).getByText('Analysis complete', { exact: true }).waitFor();
    expect(await toastRegion(page).getByText('Re-analysis complete', { exact: true }).count()).toBe(0);
    await page.getByText('Transcript: captions you uploaded (pasted text)').waitFor();
    // Search and the transcript read the uploaded captions.
    await page.getByRole('button', { name: 'Show transcript' }).click();
    const panel = page.getByRole('grid', { name: /^Transcript, \d+ lines$/ });
    expect(await panel.getAttribute('aria-label')).toBe(`Transcript, ${lines.length} lines`);
    await look(page, 'captions-analysed');
  });

  it('lays an Arabic video out right to left inside the English page: title, topics, quotes, transcript, search, share, history', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/');
    await pasteLink(page, link(arabic.id));
    await topics(page).first().waitFor({ timeout: 60_000 });
    // The direction each is laid out in, as the browser resolved it; the language it is read in.
    const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
    const language = (locator: Locator) =>
      locator.evaluate((element) => ['ar', 'en'].find((code) => element.matches(`:lang(${code})`)) ?? null);
    expect(await direction(page.locator('body'))).toBe('ltr');
    expect(await direction(page.getByRole('heading', { name: arabic.title }))).toBe('rtl');
    // A topic's title reads right to left; its number stays at the start of the English heading.
    const heading = topics(page).first().locator('h3');
    const title = heading.getByText((await heading.evaluate((h) => h.lastChild!.textContent!)).trim(), { exact: true });
    expect(await direction(heading)).toBe('ltr');
    expect(await direction(title)).toBe('rtl');
    expect((await heading.getByText('1.', { exact: true }).boundingBox())!.x).toBeLessThan((await title.boundingBox())!.x);
    const quote = topics(page).first().locator('blockquote p').first();
    expect(await quote.textContent()).toMatch(/^“[\u0600-\u06FF]/);
    expect(await direction(quote)).toBe('rtl');
    // A screen reader reads the video's words in Arabic, and the page's own in English.
    expect(await language(quote)).toBe('ar');
    expect(await language(title)).toBe('ar');
    expect(await language(heading.getByText('1.', { exact: true }))).toBe('en');
    expect(await language(topics(page).first().getByRole('button', { name: 'Play clip' }).first())).toBe('en');
    await look(page, 'dashboard-arabic');
    // The topic's player: its dialog's title and the player's caption while it loads.
    await topics(page).first().getByRole('button', { name: 'Play Full Topic' }).click();
    const dialogTitle = page.getByRole('dialog').locator('h2 bdi');
    expect([await direction(dialogTitle), await language(dialogTitle)]).toEqual(['rtl', 'ar']);
    await page.keyboard.press('Escape');

    // The transcript's lines, and matches of an Arabic word with the word typed into the box.
    await page.getByRole('button', { name: 'Show transcript' }).click();
    const panel = page.getByRole('grid', { name: /^Transcript, \d+ lines$/ });
    const line = panel.getByText(arabicSegments[0]!.text, { exact: true }).first();
    expect([await direction(line), await language(line)]).toEqual(['rtl', 'ar']);
    // A line long enough to wrap is aligned to the right, as Arabic is.
    const aligned = await line.evaluate((span) => getComputedStyle(span).textAlign);
    expect(['start', 'right']).toContain(aligned);
    const groupTitle = panel.getByRole('heading').first().locator('bdi');
    expect([await direction(groupTitle), await language(groupTitle)]).toEqual(['rtl', 'ar']);
    const searchBox = page.getByRole('searchbox', { name: 'Search this video' });
    await searchBox.fill('الخباز');
    expect(await direction(searchBox)).toBe('rtl');
    const match = page.getByRole('list', { name: 'Matches' }).locator('mark').first();
    expect(await match.textContent()).toBe('الخباز');
    expect(await match.evaluate((mark) => getComputedStyle(mark.parentElement!).direction)).toBe('rtl');
    expect(await language(match)).toBe('ar');
    await look(page, 'transcript-arabic');

    // The share's title as typed, and the shared page a visitor sees.
    await page.getByRole('button', { name: 'Share Clips' }).click();
    await poll(() => page.getByLabel('Title').inputValue(), arabic.title);
    expect(await direction(page.getByLabel('Title'))).toBe('rtl');
    await page.getByLabel('Description').fill('أفضل لحظات الحلقة');
    expect(await direction(page.getByLabel('Description'))).toBe('rtl');
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    const shared = await (await page.waitForSelector('#share-url')).inputValue();
    const visitor = await newPage(PHONE);
    await visitor.goto(shared);
    await visitor.getByRole('heading', { level: 1, name: arabic.title }).waitFor();
    expect(await direction(visitor.getByRole('heading', { level: 1 }))).toBe('rtl');
    expect(await direction(visitor.getByText('أفضل لحظات الحلقة', { exact: true }))).toBe('rtl');
    for (const words of [visitor.locator('blockquote p').first(), visitor.locator('h2 bdi').first()]) {
      expect([await direction(words), await language(words)]).toEqual(['rtl', 'ar']);
    }
    expect(await language(visitor.getByRole('button', { name: 'Play clip' }).first())).toBe('en');
    await look(visitor, 'shared-arabic');

    // The video's card in the history.
    await page.keyboard.press('Escape');
    await page.goto('/history');
    const card = page.getByRole('heading', { name: arabic.title });
    expect(await direction(card)).toBe('rtl');
    // Its title at the card's right, where an Arabic line starts.
    const [cardBox, titleBox] = [await card.boundingBox(), await card.getByRole('button').boundingBox()];
    expect(Math.abs(cardBox!.x + cardBox!.width - (titleBox!.x + titleBox!.width))).toBeLessThan(1);
  });

  it('keeps the analysis on screen when a re-analysis of it is refused, and says why', async () => {
    const id = 'e2eReFail01';
    youtube.addVideo({
      id,
      title: 'A talk whose new captions are refused',
      channel: 'Find Clips Demo',
      durationSeconds: Math.ceil(sampleTranscript(420).at(-1)!.end),
      tracks: [],
    });
    const page = await newPage();
    await signIn(page);
    const timedText = (lines: string[]) => ({ data: { text: lines.join('\n') } });
    const lines = sampleTranscript(420).map((segment) => `${clock(segment.start)} ${segment.text}`);
    expect((await page.request.post(`/api/user-videos/${id}/transcript`, timedText(lines))).status()).toBe(202);
    const joined = joinConfirmed(page, id);
    await page.goto(`/?video=${id}`);
    await topics(page).first().waitFor({ timeout: 60_000 });
    const shown = await topics(page).count();

    // New captions sent from another tab, which the content policy refuses: this page, in the
    // video's room, follows their analysis from its start. (Until stop 86 it gave the page 1 s to
    // join, the worker paused, and a whole run on a loaded machine waited for the refusal in vain.)
    await joined;
    const flagged = lines.map((line, i) => (i === 3 ? `${line} and this is how to make a pipe bomb at home` : line));
    expect((await page.request.post(`/api/user-videos/${id}/transcript`, timedText(flagged))).status()).toBe(202);
    // Refused as the catalogue says a content-policy refusal is, the analysis it started from kept.
    await toastRegion(page).getByText('Video blocked due to content policy', { exact: true }).waitFor({ timeout: 60_000 });
    await toastRegion(page).getByText('violence/instructions').waitFor();
    await topics(page).first().waitFor();
    expect(await topics(page).count()).toBe(shown);
    expect(await page.getByRole('heading', { name: 'Content Policy Violation' }).count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Re-analyze' }).isEnabled()).toBe(true);
  });

  it('re-analyzes after confirmation, following the new analysis live', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();

    await page.getByRole('button', { name: 'Re-analyze' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Re-analyze this video?' });
    await look(page, 'reanalyze-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await poll(() => focusedName(page), 'Re-analyze');
    expect(await topics(page).count()).toBeGreaterThan(1);

    // The new topics are held on their way, once the analysis has ended.
    let arrived: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/user-videos/${talk.id}`, async (route) => {
      arrived();
      await released;
      // (One the page gave up meanwhile, asking again, is gone.)
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    await confirm.getByRole('button', { name: 'Re-analyze' }).click();
    await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
    expect(await page.getByRole('button', { name: 'Re-analyze' }).isDisabled()).toBe(true);
    // The focus the confirmation gave back stays on Re-analyze while it waits, and after.
    await confirm.waitFor({ state: 'detached' });
    await poll(() => focusedName(page), 'Re-analyze');
    // Ended, its new topics still on their way: nothing says they are ready yet (once the page has
    // had a turn to say it).
    await asked;
    await pageTurn(page);
    expect(await toastRegion(page).getByText('Re-analysis complete', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('progressbar', { name: 'Analysis progress' }).isVisible()).toBe(true);
    // Only the progress card on the page, the footer still lies below the first screen: the topics
    // arriving will not push it away (a layout shift a phone's audit measured).
    expect(await page.getByRole('contentinfo').evaluate((footer) => footer.getBoundingClientRect().top >= innerHeight)).toBe(
      true,
    );
    release();
    await page.unroute(`**/api/user-videos/${talk.id}`);
    await toastRegion(page).getByText('Re-analysis complete', { exact: true }).waitFor({ timeout: 60_000 });
    await topics(page).first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Re-analyze' }).isEnabled()).toBe(true);
    expect(await focusedName(page)).toBe('Re-analyze');

    // A reload while the re-analysis waits for the worker (paused here) goes on following it.
    const [worker] = stack.workers;
    worker!.child.kill('SIGSTOP');
    try {
      await page.getByRole('button', { name: 'Re-analyze' }).click();
      await confirm.getByRole('button', { name: 'Re-analyze' }).click();
      await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
      await page.reload();
      await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
      expect(await page.getByRole('button', { name: 'Re-analyze' }).isDisabled()).toBe(true);
    } finally {
      worker!.child.kill('SIGCONT');
    }
    await toastRegion(page).getByText('Re-analysis complete', { exact: true }).waitFor({ timeout: 60_000 });
    await topics(page).first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Re-analyze' }).isEnabled()).toBe(true);
  });

  it('follows reduced motion and forced colours: nothing moves, and progress and the chosen view still show', async () => {
    const page = await newPage();
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
    await signIn(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    // The chosen view is underlined: its fill, all that told it, is painted over.
    const underlined = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).textDecorationLine);
    expect([await underlined('Edit'), await underlined('Watch')]).toEqual(['underline', 'none']);
    // A dialog keeps an edge (its fill and shadow, all that drew it, are painted over: it floated
    // over the page).
    await page.getByRole('button', { name: 'Share Clips' }).click();
    const edge = await page.getByRole('dialog').evaluate((dialog) => getComputedStyle(dialog).borderTopStyle);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(edge).toBe('solid');
    // A re-analysis waits for the worker (paused here): its bar shows, and nothing on the page moves.
    const [worker] = stack.workers;
    worker!.child.kill('SIGSTOP');
    try {
      await page.getByRole('button', { name: 'Re-analyze' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Re-analyze' }).click();
      const bar = page.getByRole('progressbar', { name: 'Analysis progress' });
      await bar.waitFor();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await pageTurn(page);
      expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
      const colours = await bar.evaluate((track) => ({
        track: getComputedStyle(track).backgroundColor,
        fill: getComputedStyle(track.firstElementChild!).backgroundColor,
        edge: getComputedStyle(track).borderTopWidth,
      }));
      expect(colours.fill).not.toBe(colours.track);
      expect(colours.edge).toBe('1px');
      await screenshot(page, 'dashboard-progress-forced-colors');
    } finally {
      worker!.child.kill('SIGCONT');
    }
    await toastRegion(page).getByText('Re-analysis complete', { exact: true }).waitFor({ timeout: 60_000 });
  });

  it('works from the keyboard: every control reachable, dialogs keep focus, the clear menu', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();

    // The first Tab offers a way past the navigation; Enter takes the keyboard to the page itself.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await poll(() => focusedName(page), 'Skip to content');
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id ?? ''), 'main');
    await page.keyboard.press('Tab');
    await poll(() => focusedName(page), 'Paste a YouTube video link...');

    // From the top of the page again (focusing the body keeps where Tab would go next).
    await page.reload();
    await topics(page).first().waitFor();
    const reached = new Set<string>();
    await page.locator('body').focus();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.add(await focusedName(page));
    }
    // The topics, where the focus goes after 'Undo all edits' or an undone removal, show the ring
    // once the keyboard sends the focus there (the list had none).
    await page.evaluate(() => document.getElementById('topics')?.focus());
    expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
    for (const name of [
      'Video History',
      'Settings',
      'Paste a YouTube video link...',
      'Find Clips',
      'Edit',
      'Watch',
      'Share Clips',
      'Re-analyze',
      'Video options',
      'Play Full Topic',
    ]) {
      expect({ name, reached: reached.has(name) }).toEqual({ name, reached: true });
    }

    const share = page.getByRole('button', { name: 'Share Clips' });
    await share.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect({ key, inside: await insideDialog() }).toEqual({ key, inside: true });
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => focusedName(page), 'Share Clips');

    await page.getByPlaceholder('Paste a YouTube video link...').fill(link(talk.id));
    await page.getByRole('button', { name: 'Video options' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Clear video' }).waitFor();
    await poll(() => focusedName(page), 'Clear video');
    await page.keyboard.press('Enter');
    await page.getByText('Find the best moments of any long video').waitFor();
    await page.getByText('Demo', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByPlaceholder('Paste a YouTube video link...').inputValue()).toBe('');
  });

  it('follows a dark system setting on every screen, still readable (WCAG AA contrast)', async () => {
    const page = await newPage(DESKTOP, 'dark');
    const brightness = () =>
      page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
        return (r! + g! + b!) / 3;
      });
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    expect(await brightness()).toBeLessThan(40);
    await look(page, 'auth-dark');
    await page.goto(shareUrl);
    await page.getByText('Powered by').waitFor();
    await look(page, 'shared-dark');
    await signIn(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    expect(await brightness()).toBeLessThan(40);
    await look(page, 'dashboard-edit-dark');
    // A search's matches are marked, readable on the dark page (the mark was light under light text).
    await page.getByRole('searchbox', { name: 'Search this video' }).fill(await firstTitleWord(page));
    await page.locator('mark').first().waitFor();
    await look(page, 'dashboard-search-dark');
    // The focus ring stands out from the dark page (3:1): on the search box, and on the menu's item
    // (whose only cue was a background 1.2:1 from the menu's).
    expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Video options' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Clear video' }).waitFor();
    await poll(() => focusedName(page), 'Clear video');
    expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
    await look(page, 'dashboard-menu-dark');
    await page.keyboard.press('Escape');
    // A clip's loading panel stays dark on the dark page, as the player it covers (it turned light grey).
    await page.getByRole('button', { name: 'Play clip' }).first().click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading clip' }).first();
    await loading.waitFor();
    await look(page, 'dashboard-clip-loading-dark');
    expect(
      await loading.evaluate((panel) => {
        // Painted on a canvas to read it as RGB (Tailwind's colours are oklch()).
        const context = document.createElement('canvas').getContext('2d')!;
        context.fillStyle = getComputedStyle(panel).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return (r! + g! + b!) / 3;
      }),
    ).toBeLessThan(80);
    await page.getByRole('button', { name: 'Close clip' }).first().click();
    await page.goto('/history');
    await page.getByRole('heading', { name: talk.title }).waitFor();
    await look(page, 'history-dark');
    await page.goto('/settings');
    await page.getByText('Danger Zone').waitFor();
    await look(page, 'settings-dark');
  });

  it('shows a toast offline as the widgets would, and loads them again once online', async () => {
    const page = await newPage();
    // The page's clock, paused once the first toast shows: from then on a toast's time passes only
    // as the test runs it forward.
    await page.clock.install();
    // The sign-in page does not load the toasts' widgets before its first toast.
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    await page.getByLabel('Email').fill(`nobody-${randomUUID()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    // Each live region as it is put on the page (a screen reader does not read one added already
    // filled), and whether the widgets' region came only once the test was closing the plain toast.
    await page.evaluate(() => {
      const seen = window as unknown as { added: [Element, string][]; widgetsCame: boolean[]; closing?: boolean };
      seen.added = [];
      seen.widgetsCame = [];
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
          if (!(node instanceof Element)) continue;
          for (const region of [node, ...Array.from(node.querySelectorAll('*'))]) {
            if (region.matches('[role=status]')) seen.added.push([region, region.textContent ?? '']);
            if (region.matches('[role=region][aria-label^=Notifications]')) {
              seen.widgetsCame.push(seen.closing === true);
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const regionAtFirst = () =>
      page.evaluate(
        () =>
          (window as unknown as { added: [Element, string][] }).added.find(([region]) =>
            region.querySelector('[data-variant]'),
          )?.[1],
      );
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Offline, the widgets' code cannot load: the toast is shown without them, still red for an
    // error and with its close button, which closes it.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    const plain = page.getByRole('status').locator('[data-variant]');
    const toast = plain.filter({ hasText: 'Login failed' });
    await toast.waitFor();
    // The page's clock runs on between reading it and pausing it, and it cannot be paused in its
    // past: pause a quarter second ahead (a toast's time is seconds), reading again if even that
    // has gone by on a busy machine.
    await retried(
      5,
      async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250),
      (error) => String(error).includes('Cannot fast-forward to the past'),
    );
    expect(await regionAtFirst()).toBe('');
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    // The app's danger colour, #dc2626.
    expect(await toast.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(220, 38, 38)');
    expect(await toast.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 255, 255)');
    expect(await notifications.count()).toBe(0);
    // Its time stops while the pointer is over it, or the focus in it (twice its usual 5 s here).
    await toast.hover();
    await page.clock.runFor(10_000);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    const close = toast.getByRole('button', { name: 'Close' });
    await close.focus();
    await page.clock.runFor(10_000);
    expect(await toast.isVisible()).toBe(true);
    // Closed under the focus, it leaves the focus in its region, not on the page.
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    // As with the widgets, F8 takes the keyboard to it from anywhere, and Escape anywhere closes it,
    // taking the key (a form the focus is in is not cancelled by the same press).
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast.waitFor();
    await page.getByLabel('Email').focus();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-variant]') !== null)).toBe(true);
    await page.getByLabel('Email').focus();
    // The listener is on the page before the key is pressed (a listener still on its way would miss
    // the key, and the test would wait for it forever).
    await page.evaluate(() => {
      const seen = window as unknown as { escapeTaken?: Promise<boolean> };
      seen.escapeTaken = new Promise<boolean>((resolve) =>
        window.addEventListener('keydown', (event) => resolve(event.defaultPrevented), { once: true }),
      );
    });
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { escapeTaken: Promise<boolean> }).escapeTaken)).toBe(true);
    await toast.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    // Left alone, the next one goes after its time.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast.waitFor();
    await page.clock.runFor(5_000);
    await toast.waitFor({ state: 'detached' });
    // As after one closed under the pointer (no pointer leaves a toast that is gone).
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await close.click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast.waitFor();
    await page.clock.runFor(5_000);
    await toast.waitFor({ state: 'detached' });
    // Its time stops while the window is in the background too.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.clock.runFor(10_000);
    expect(await toast.isVisible()).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.clock.runFor(5_000);
    await toast.waitFor({ state: 'detached' });
    // Online again, the next toast loads the widgets, but shows plainly to its end as it started;
    // the one after it is the widgets' (Radix's 'Notifications' region).
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast.waitFor();
    // Once the widgets' code has run here too (Vite preloads it by a link), and the app has had a
    // turn to show them.
    const widgets = await page.locator('link[href*="/toaster-"]').getAttribute('href');
    // (A string, as the test's own compiler would turn an import() in a function into a require.)
    await page.evaluate(`import(new URL(${JSON.stringify(widgets)}, location.href).href).then(() => true)`);
    await pageTurn(page);
    expect(await toast.isVisible()).toBe(true);
    await page.evaluate(() => void ((window as unknown as { closing: boolean }).closing = true));
    await close.click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notifications.getByRole('button', { name: 'Close' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { widgetsCame: boolean[] }).widgetsCame)).toEqual([true]);

    // The dashboard loads them before its first toast: a link refused offline gets them too.
    const dashboard = await newPage();
    await dashboard.goto('/');
    const field = dashboard.getByPlaceholder(/youtube/i);
    await field.waitFor();
    await poll(
      () => dashboard.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/toaster-'))),
      true,
    );
    await dashboard.context().setOffline(true);
    await field.fill('not a link');
    await field.press('Enter');
    await dashboard
      .getByRole('region', { name: /Notifications/ })
      .getByText('Please enter a valid YouTube URL')
      .waitFor();
  });

  it('answers an unknown path with the 404 page', async () => {
    const page = await newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await look(page, 'not-found');
  });

  it('keeps what the keyboard reaches clear of a toast on a phone, where the toast spans the screen', async () => {
    const page = await newPage({ width: 320, height: 640 });
    await page.goto('/');
    const field = page.getByPlaceholder(/youtube/i);
    await field.fill('not a link');
    await field.press('Enter');
    const card = page.locator('[data-toast-shown]');
    await card.waitFor();
    const hidden: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(() => {
        const focused = document.activeElement;
        const toast = document.querySelector('[data-toast-shown]');
        if (!focused || !toast || toast.contains(focused) || focused === document.body) return null;
        const [a, b] = [focused.getBoundingClientRect(), toast.getBoundingClientRect()];
        const covered = a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
        return covered ? (focused.getAttribute('aria-label') ?? focused.textContent ?? focused.tagName).slice(0, 40) : null;
      });
      if (under) hidden.push(under);
    }
    expect(await card.count()).toBe(1);
    expect(hidden).toEqual([]);
  });

  it('reflows at 320 px and with larger text: nothing under anything else, nothing cut off', async () => {
    const page = await newPage({ width: 320, height: 640 });
    // Whether two of the bar's links and buttons cover one another (where a link ran under the icons).
    const barOverlaps = () =>
      page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
        const boxes = Array.from(nav.querySelectorAll('a, button')).map((el) => ({
          name: el.textContent || el.getAttribute('aria-label'),
          box: el.getBoundingClientRect(),
        }));
        return boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .filter(({ box: b }) => a.box.left < b.right && b.left < a.box.right && a.box.top < b.bottom && b.top < a.box.bottom)
            .map((b) => `${a.name} / ${b.name}`),
        );
      });
    /** Text at `percent` of its size, as a browser's text zoom sets it (every size here is in rem). */
    const textAt = (percent: number) =>
      page.evaluate((size) => void (document.documentElement.style.fontSize = `${size}%`), percent);
    const screens = [
      [`/?video=${talk.id}`, () => topics(page).first().waitFor()],
      ['/history', () => page.getByRole('heading', { name: talk.title }).waitFor()],
      ['/settings', () => page.getByText('Danger Zone').waitFor()],
    ] as const;
    await signIn(page);
    for (const [size, width] of [
      [100, 320],
      [150, 375],
      [200, 320],
    ] as const) {
      await page.setViewportSize({ width, height: 640 });
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready();
        await textAt(size);
        expect({ path, size, overlaps: await barOverlaps(), fits: await fitsWidth(page) }).toEqual({
          path,
          size,
          overlaps: [],
          fits: true,
        });
      }
    }
    // The shared page's list of topics at 320 px and twice the text: each title keeps the list's
    // width, its time under it (it was squeezed to a letter a line beside the time).
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(shareUrl);
    await page.getByText('Powered by').waitFor();
    await textAt(200);
    const squeezed = await page
      .getByRole('heading', { name: 'Topics in this video' })
      .locator('..')
      .locator('li')
      .evaluateAll((items) =>
        items.flatMap((item) => {
          const link = item.querySelector('a')!;
          return link.getBoundingClientRect().width < 0.6 * item.getBoundingClientRect().width ? [link.textContent] : [];
        }),
      );
    expect({ squeezed, fits: await fitsWidth(page) }).toEqual({ squeezed: [], fits: true });
    await textAt(100);

    // Renaming a topic on the narrowest phone: the field keeps room for the title, its buttons below.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    await page.getByRole('button', { name: 'Rename topic 1' }).click();
    const field = page.getByRole('textbox', { name: 'Title of topic 1' });
    expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(180);
    // ... and stays within the screen with text at 150% (the field's least width grew with the text).
    await textAt(150);
    expect(await fitsWidth(page)).toBe(true);
    await textAt(100);
    await page.keyboard.press('Escape');
    // A history card's share buttons stay inside it at twice the text size.
    await page.setViewportSize(DESKTOP);
    await page.goto('/history');
    await page.getByRole('heading', { name: talk.title }).waitFor();
    await textAt(200);
    const cut = await page.locator('li').evaluateAll((cards) =>
      cards.flatMap((card) => {
        const edge = card.getBoundingClientRect().right;
        return Array.from(card.querySelectorAll('button'))
          .filter((b) => b.getBoundingClientRect().right > edge + 0.5)
          .map((b) => b.textContent);
      }),
    );
    expect(cut).toEqual([]);

    // Words longer than the screen (a title without spaces, an address in the captions) wrap inside
    // their history card, transcript line and search match: the history page scrolled sideways to
    // 1,640 px, and the lines were cut at the panel's edge.
    await page.setViewportSize({ width: 320, height: 640 });
    await textAt(100);
    await page.goto('/');
    await pasteLink(page, link(longWords.id));
    await topics(page).first().waitFor({ timeout: 60_000 });
    const spills = (rows: Locator) =>
      rows.evaluateAll((elements) =>
        elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent!.slice(0, 40)),
      );
    await page.getByRole('button', { name: 'Show transcript' }).click();
    const lines = page.getByRole('grid').locator('button');
    await lines.first().waitFor();
    expect({ lines: await spills(lines), fits: await fitsWidth(page) }).toEqual({ lines: [], fits: true });
    await page.getByRole('searchbox', { name: 'Search this video' }).fill('Supercalifragilistic');
    const matches = page.getByRole('list', { name: 'Matches' }).locator('button');
    await matches.first().waitFor();
    expect({ matches: await spills(matches), fits: await fitsWidth(page) }).toEqual({ matches: [], fits: true });
    // A history longer than the screen: the cards out of sight, not laid out yet, widened the page by 16 px.
    const history = (await (await page.request.get('/api/videos')).json()) as { youtubeId: string }[];
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...history[0]!,
      youtubeId: `FCmany${String(i).padStart(5, '0')}`,
      title: `Another talk, number ${i + 1}`,
    }));
    await page.route('**/api/videos', (route) => route.fulfill({ json: [...history, ...many] }));
    await page.goto('/history');
    await page.getByRole('heading', { name: longWords.title }).waitFor();
    expect({ cards: await spills(page.locator('main li h2 button')), fits: await fitsWidth(page) }).toEqual({
      cards: [],
      fits: true,
    });
    await page.unroute('**/api/videos');

    // The captions upload of a video without any, its file field included (it widened the page to 331 px).
    youtube.addVideo({ id: 'FCnoCaps002', title: 'Another interview nobody captioned', durationSeconds: 420, tracks: [] });
    await page.goto('/');
    await pasteLink(page, link('FCnoCaps002'));
    await page.getByRole('form', { name: 'Bring your own captions' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
  });

  it('fits a phone held sideways: the full topic player shows whole, a confirmation scrolls within the screen', async () => {
    const page = await newPage({ width: 812, height: 375 });
    await signIn(page);
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    const within = (box: { y: number; height: number } | null) => box !== null && box.y >= 0 && box.y + box.height <= 375 + 0.5;
    await page.getByRole('button', { name: 'Play Full Topic' }).first().click();
    const modal = page.getByRole('dialog');
    const player = modal.locator('iframe[src*="youtube-nocookie.com/embed/"]');
    await player.waitFor({ state: 'attached' });
    // The whole 16:9 frame within the screen, YouTube's controls along its bottom edge too.
    expect(within(await player.locator('..').boundingBox())).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Re-analyze's question at 568 × 320 with text at 150%: the dialog stays within the screen and
    // scrolls to its buttons (the page behind is locked).
    await page.setViewportSize({ width: 568, height: 320 });
    await page.evaluate(() => void (document.documentElement.style.fontSize = '150%'));
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Re-analyze this video?' });
    await confirm.waitFor();
    const box = (await confirm.boundingBox())!;
    expect({ top: box.y >= 0, bottom: box.y + box.height <= 320 + 0.5 }).toEqual({ top: true, bottom: true });
    const cancel = confirm.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    expect(await cancel.evaluate((button) => button.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await cancel.click();
    await confirm.waitFor({ state: 'detached' });
  });

  it('opens the Export list within a 320 px phone with text at 200%, every format readable', async () => {
    const page = await newPage({ width: 320, height: 568 });
    await page.goto('/');
    await pasteLink(page, link(talk.id));
    await topics(page).first().waitFor({ timeout: 60_000 });
    // Text at twice its size, as a browser's text zoom sets it: the list's 12 rem are 384 px.
    await page.evaluate(() => void (document.documentElement.style.fontSize = '200%'));
    const exportMenu = page.locator('details').filter({ has: page.getByText('Export', { exact: true }) });
    await exportMenu.locator('summary').click();
    const formats = exportMenu.locator('ul button');
    await formats.first().waitFor();
    // Each format lies whole within the screen (the list hung from the button's right edge, 129 px
    // off the left of the screen: 'e chapters', 'wn notes', which no scrolling brings into view).
    const outside = await formats.evaluateAll((buttons) =>
      buttons.flatMap((button) => {
        const box = button.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth
          ? [`${button.textContent} ${Math.round(box.left)}..${Math.round(box.right)}`]
          : [];
      }),
    );
    expect({ outside, fits: await fitsWidth(page) }).toEqual({ outside: [], fits: true });
    await screenshot(page, 'export-text-200');
  });

  it('fits a 375 px phone on every screen', async () => {
    const page = await newPage(PHONE);
    // Buttons and links under 24 × 24 px, by screen: every screen is looked at before they are judged.
    const small: Record<string, string[]> = {};
    const check = async (name: string) => {
      await look(page, name);
      expect({ screen: name, fits: await fitsWidth(page) }).toEqual({ screen: name, fits: true });
      const tiny = await smallTargets(page);
      if (tiny.length) small[name] = tiny;
      expect({ screen: name, imagesWithoutAlt: await page.locator('img:not([alt])').count() }).toEqual({
        screen: name,
        imagesWithoutAlt: 0,
      });
    };
    await page.goto('/auth');
    await page.getByText('Login and get access to all features.').waitFor();
    await check('auth');
    // The skip link as the keyboard shows it, the reset view and the Register tab.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await check('auth-skip-link');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Back to Login' }).waitFor();
    await check('auth-reset');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByText('Show password').waitFor();
    await check('auth-register');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await check('not-found');
    for (const [path, title] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
    ] as const) {
      expect((await page.goto(path))?.status()).toBe(200);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await check(path.slice(1));
    }
    await page.clock.install();
    await page.goto(shareUrl);
    await page.getByText('Powered by').waitFor();
    await check('shared');
    // A clip YouTube never answers for (none here) says so within the phone's width.
    // (The clip of the first quote: the topics' own players near it may say so too, by then.)
    await page.getByRole('button', { name: 'Play clip' }).first().click();
    const firstQuotes = page.getByRole('list', { name: /^Quotes of / }).first();
    await afterEmbedSilence(
      page,
      firstQuotes.locator('iframe').first(),
      firstQuotes.getByRole('alert').filter({ hasText: 'Unable to load this video clip.' }),
    );
    await check('shared-clip-failed');
    await page.getByRole('button', { name: 'Close clip' }).click();
    // Each time badge stays on its topic's row, beside the title, however long the title.
    const rows = await page
      .locator('a[href^="#topic-"]')
      .evaluateAll((links) =>
        links.map((a) => a.nextElementSibling!.getBoundingClientRect().top - a.getBoundingClientRect().top),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((offset) => Math.abs(offset) > 4)).toEqual([]);
    await page.goto('/');
    await page.getByText('Find the best moments of any long video').waitFor();
    await check('dashboard-demo');

    await login(page);
    // The signed-in bar keeps to one row, and a new analysis shows its progress on the first screen.
    expect((await page.getByRole('navigation', { name: 'Main' }).boundingBox())!.height).toBeLessThanOrEqual(72);
    // The 'beta' badge stays one word on one line beside the logo.
    const badge = page.getByRole('navigation', { name: 'Main' }).getByText('beta', { exact: true });
    expect((await badge.boundingBox())!.height).toBeLessThanOrEqual(24);
    await pasteLink(page, link(panel.id));
    await page.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
    expect(await aboveTheFold(page, '[role="progressbar"]')).toBe(true);
    await check('dashboard-progress');
    await topics(page).first().waitFor({ timeout: 60_000 });
    await page.goto(`/?video=${talk.id}`);
    await topics(page).first().waitFor();
    await check('dashboard-edit');
    // The share dialog once its link is made ('Open the shared page' was 20 px tall).
    await page.getByRole('button', { name: 'Share Clips' }).click();
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    await page.getByRole('link', { name: 'Open the shared page' }).waitFor();
    await check('dashboard-share-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Single-key shortcuts on').waitFor();
    // A touch phone has no keys to press: the search's keyboard hints are not shown there, nor
    // read out; the switch of the single-key shortcuts stays (a keyboard may be plugged in).
    const touch = await browser.newContext({ viewport: PHONE, baseURL: stack.url, hasTouch: true, isMobile: true });
    contexts.push(touch);
    const phone = await touch.newPage();
    await signIn(phone);
    await phone.goto(`/?video=${talk.id}`);
    await topics(phone).first().waitFor();
    const box = phone.getByPlaceholder('Search titles, quotes and the transcript');
    await box.waitFor();
    expect(await phone.locator('#video-search-keys').isVisible()).toBe(false);
    expect(await box.getAttribute('aria-describedby')).toBeNull();
    expect(await phone.getByText('Single-key shortcuts on').isVisible()).toBe(true);
    // On a touch screen buttons and fields are 44 px tall, as phones' guidelines ask (40 with a mouse).
    for (const control of [
      phone.getByPlaceholder('Paste a YouTube video link...'),
      phone.getByRole('button', { name: 'Find Clips', exact: true }),
      phone.getByRole('button', { name: 'Play clip' }).first(),
      phone.getByRole('button', { name: 'Rename topic 1' }),
      box,
    ])
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await page.getByRole('button', { name: 'Play clip' }).first().boundingBox())!.height).toBe(40);
    // The Export list opens within the screen, whichever side of it the button sits.
    const exportMenu = page.locator('details').filter({ has: page.getByText('Export', { exact: true }) });
    await exportMenu.locator('summary').click();
    const list = (await exportMenu.locator('ul').boundingBox())!;
    expect({ left: list.x >= 0, right: list.x + list.width <= 375 }).toEqual({ left: true, right: true });
    await exportMenu.locator('summary').click();
    // On a phone the longer quotes are collapsed to 4 lines.
    const toggle = page.locator('blockquote + button[aria-expanded]').first();
    await toggle.waitFor();
    expect(await toggle.textContent()).toBe('Show more');
    const quote = toggle.locator('xpath=preceding-sibling::blockquote[1]');
    const collapsed = (await quote.boundingBox())!.height;
    await toggle.click();
    await poll(() => toggle.textContent(), 'Show less');
    expect((await quote.boundingBox())!.height).toBeGreaterThan(collapsed);
    await toggle.click();
    await poll(() => toggle.textContent(), 'Show more');
    expect((await quote.boundingBox())!.height).toBe(collapsed);
    await page.getByRole('button', { name: 'Watch' }).click();
    await check('dashboard-watch');
    await page.goto('/history');
    await page.getByRole('heading', { name: talk.title }).waitFor();
    await check('history');
    await page.goto('/settings');
    await page.getByText('Danger Zone').waitFor();
    await check('settings');

    // Words longer than the screen wrap inside it (the page was 1,200-1,700 px wide): a name, and
    // a share's title and description, which strangers read.
    const long = 'Supercalifragilisticexpialidocious'.repeat(2);
    await page.request.patch('/api/profile', { data: { firstName: `Ümit-${'X'.repeat(80)}`, lastName: long } });
    await page.reload();
    await page.getByText('Danger Zone').waitFor();
    await check('settings-long-name');
    const { analyzedTopics } = await (await page.request.get(`/api/cached-videos/${talk.id}`)).json();
    const shared = await page.request.post('/api/analysis/share', {
      data: { youtubeId: talk.id, topics: analyzedTopics, title: long.repeat(2), description: long.repeat(4) },
    });
    await page.goto((await shared.json()).url);
    await page.getByText('Powered by').waitFor();
    await check('shared-long-title');
    // Every button and link can be tapped: 24 × 24 px or more (WCAG 2.2, target size).
    expect(small).toEqual({});
  });
});

/**
 * Signs the page's browser in through the API, as the form would: for tests about what comes
 * after, not the form (the form's own tests use `login`). The page's next load is the member's.
 */
async function signIn(page: Page) {
  const answer = await page.request.post('/api/login', { data: { email, password } });
  expect(answer.status()).toBe(200);
}

async function login(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Successfully logged in', { exact: true }).waitFor();
}
