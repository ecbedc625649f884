/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { decodeHTML } from 'entities';
import { lexer, type Token, type Tokens } from 'marked';
import webvtt from 'node-webvtt';
import { parseSync } from 'subtitle';
import { DEMO_VIDEOS, lengthenedCaptions, startFakeYoutube, type FakeYoutube, type RunningStack } from '@findclips/testing';
import { launchChromium, poll, startE2eStack } from './browser';

/**
 * A member edits an analysis (renames, removes a topic and a quote, undoes a removal), then saves
 * every export from the dashboard and from the shared page: each file says what the screen shows.
 */
jest.setTimeout(240_000);

const [talk] = DEMO_VIDEOS;
/** The talk again, under a title of every character a file name may not hold, emoji and Arabic. */
const awkward = {
  id: 'FCawkward01',
  title: 'AC/DC: "Live" <at> Wembley? *1991* | \\ 🎸 — حفلة الليلة',
};

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  youtube = await startFakeYoutube();
  for (const video of [{ id: talk.id, title: talk.title }, awkward])
    youtube.addVideo({
      id: video.id,
      title: video.title,
      channel: talk.channel,
      durationSeconds: talk.minutes * 60,
      tracks: [{ languageCode: 'en', segments: lengthenedCaptions(talk, talk.minutes * 60) }],
    });
  stack = await startE2eStack(youtube);
  browser = await launchChromium();
});

// A test's pages are closed when it ends, rather than left running beside the next test's.
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: stack.url });
  contexts.push(context);
  return context;
}

const topics = (page: Page) => page.getByRole('list', { name: 'Topics' }).locator(':scope > li');

interface Shown {
  title: string;
  range: string;
  quotes: { text: string; range: string }[];
}

/** The topics as the dashboard's Edit mode shows them: title, time range, and each quote's words and range. */
const dashboardTopics = (page: Page): Promise<Shown[]> =>
  topics(page).evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('h3 bdi')!.textContent!,
      range: item.querySelector('h3 ~ p')!.textContent!.trim(),
      quotes: Array.from(item.querySelectorAll('ul > li'), (quote) => ({
        text: quote.querySelector('blockquote p')!.textContent!.replace(/^“|”$/g, ''),
        range: quote.querySelector('span.text-slate-500')!.textContent!,
      })),
    })),
  );

/** The topics as the shared page shows them, each section's title, range and quotes. */
const sharedTopics = (page: Page): Promise<Shown[]> =>
  page.locator('section[id^="topic-"]').evaluateAll((sections) =>
    sections.map((section) => ({
      title: section.querySelector('h2 bdi')!.textContent!,
      range: section.querySelector('h2 + p')!.firstChild!.textContent!.trim(),
      quotes: Array.from(section.querySelectorAll('ul[aria-label^="Quotes of"] > li'), (quote) => ({
        text: quote.querySelector('blockquote p')!.textContent!.replace(/^“|”$/g, ''),
        range: quote.querySelector('span.text-slate-500')!.textContent!,
      })),
    })),
  );

/** Saves the analysis through the page's 'Export' menu: the file's name and text, as downloaded. */
async function exported(page: Page, label: string) {
  const menu = page.locator('details').filter({ has: page.getByText('Export', { exact: true }) });
  if (!(await menu.getAttribute('open').then((open) => open !== null))) await menu.locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('button', { name: label }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** A Markdown token's words as a reader sees them: escapes and references read. */
const plain = (tokens: Token[]): string =>
  tokens
    .map((t) =>
      'tokens' in t && t.tokens && t.type !== 'link'
        ? plain(t.tokens)
        : t.type === 'link'
          ? plain((t as Tokens.Link).tokens)
          : decodeHTML((t as Tokens.Text).text ?? ''),
    )
    .join('');

/** What the Markdown notes say of each topic: its title, and each quote's words and time range. */
function markdownTopics(text: string) {
  const out: { title: string; range: string; quotes: { text: string; range: string }[] }[] = [];
  let previous: Token | undefined;
  for (const token of lexer(text)) {
    const range = (tokens: Token[]) => plain(tokens).replace(/^— /, '').replace(' – ', ' - ');
    if (token.type === 'heading' && token.depth === 2)
      out.push({ title: plain(token.tokens!).replace(/^\d+\. /, ''), range: '', quotes: [] });
    if (token.type === 'paragraph' && previous?.type === 'heading' && out.length) out.at(-1)!.range = range(token.tokens!);
    if (token.type === 'blockquote') {
      const [words, when] = (token as Tokens.Blockquote).tokens.filter((t): t is Tokens.Paragraph => t.type === 'paragraph');
      out.at(-1)!.quotes.push({ text: plain(words!.tokens), range: range(when!.tokens) });
    }
    if (token.type !== 'space') previous = token;
  }
  return out;
}

/** Every export's view of the topics, beside the screen's. */
async function everyExport(page: Page) {
  const files = {
    chapters: await exported(page, 'YouTube chapters'),
    markdown: await exported(page, 'Markdown notes'),
    srt: await exported(page, 'SRT subtitles'),
    vtt: await exported(page, 'WebVTT subtitles'),
    json: await exported(page, 'JSON'),
  };
  const vtt = webvtt.parse(files.vtt.text, { strict: true }).cues as { identifier: string; text: string }[];
  return {
    names: Object.values(files).map((file) => file.name),
    markdown: markdownTopics(files.markdown.text),
    json: (JSON.parse(files.json.text) as { topics: { title: string; quotes: { content: string }[] }[] }).topics.map((t) => ({
      title: t.title,
      quotes: t.quotes.map((q) => q.content),
    })),
    srtChapters: parseSync(files.srt.text).flatMap((node) =>
      node.type === 'cue' && node.data.text.startsWith('Chapter ')
        ? [node.data.text.replace(/\n/g, ' ').replace(/‹/g, '<').replace(/›/g, '>')]
        : [],
    ),
    vttChapters: vtt.filter((cue) => cue.identifier.startsWith('topic-')).map((cue) => decodeHTML(cue.text.replace(/\n/g, ' '))),
    vttQuotes: new Set(vtt.filter((cue) => /^quote-\d+-\d+$/.test(cue.identifier)).map((cue) => cue.identifier)).size,
    chapterTitles: files.chapters.text
      .trim()
      .split('\n')
      .map((line) =>
        line
          .replace(/^[\d:]+ /, '')
          .replace(/‹/g, '<')
          .replace(/›/g, '>'),
      ),
    files,
  };
}

/** Holds every export to what `shown` says: titles, quotes and their times. */
function expectMatches(out: Awaited<ReturnType<typeof everyExport>>, shown: Shown[]) {
  expect(out.markdown.map((t) => t.title)).toEqual(shown.map((t) => t.title));
  expect(out.markdown.map((t) => t.quotes.map((q) => q.text))).toEqual(shown.map((t) => t.quotes.map((q) => q.text)));
  expect(out.json).toEqual(shown.map((t) => ({ title: t.title, quotes: t.quotes.map((q) => q.text) })));
  expect(out.srtChapters).toEqual(shown.map((t, i) => `Chapter ${i + 1}: ${t.title}`));
  expect(out.vttChapters).toEqual(shown.map((t, i) => `Chapter ${i + 1}: ${t.title}`));
  expect(out.chapterTitles).toEqual(shown.map((t) => t.title));
  expect(out.vttQuotes).toBe(shown.reduce((n, t) => n + t.quotes.length, 0));
  // The times the notes write, as the page shows them: each topic's, and each quote's as its card says.
  expect(out.markdown.map((t) => [t.range, ...t.quotes.map((q) => q.range)])).toEqual(
    shown.map((t) => [t.range, ...t.quotes.map((q) => q.range)]),
  );
}

const RENAMED = 'Bus “lanes” / <b>fast</b> 🚌 حافلات & *more*';
const LONG = `${'Long title with words '.repeat(6)}x`.slice(0, 120);

describe('exports of an edited analysis', () => {
  it('say what the dashboard shows after renames, removals and an undo, after a reload, in a second tab and on the shared page', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill(`exports-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Analytical1');
    await page.getByLabel('Confirm Password').fill('Analytical1');
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page.getByText('Account created successfully', { exact: true }).waitFor();
    await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${awkward.id}`);
    await page.getByRole('button', { name: 'Find Clips' }).click();
    await topics(page).first().waitFor({ timeout: 90_000 });

    // Edits: two renames, a topic and a quote removed, another quote removed and brought back by its toast's Undo.
    for (const [n, title] of [
      [1, RENAMED],
      [2, LONG],
    ] as const) {
      await page.getByRole('button', { name: `Rename topic ${n}` }).click();
      await page.getByRole('textbox', { name: `Title of topic ${n}` }).fill(title);
      await page.keyboard.press('Enter');
      await poll(
        () =>
          topics(page)
            .nth(n - 1)
            .locator('h3 bdi')
            .textContent(),
        title,
      );
    }
    const count = await topics(page).count();
    await page.getByRole('button', { name: 'Remove topic 3' }).click();
    await poll(() => topics(page).count(), count - 1);
    const quotesOf = (n: number) => topics(page).nth(n).locator('ul > li').count();
    const counts = await topics(page).evaluateAll((items) => items.map((item) => item.querySelectorAll('ul > li').length));
    const several = counts.flatMap((c, i) => (c > 1 ? [i] : []));
    expect(several.length).toBeGreaterThan(0);
    const [a, b] = several;
    await page.getByRole('button', { name: `Remove quote 1 of topic ${a! + 1}` }).click();
    await poll(() => quotesOf(a!), counts[a!]! - 1);
    if (b !== undefined) {
      await page.getByRole('button', { name: `Remove quote 2 of topic ${b + 1}` }).click();
      await poll(() => quotesOf(b), counts[b]! - 1);
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByRole('button', { name: 'Undo' })
        .click();
      await poll(() => quotesOf(b), counts[b]!);
    }

    const shown = await dashboardTopics(page);
    const first = await everyExport(page);
    // Named from the video's title: none of / \\ : * ? " < > | that Windows and macOS refuse, its Arabic kept.
    expect(first.names).toEqual(
      ['txt', 'md', 'srt', 'vtt', 'json'].map((type) => `ac-dc-live-at-wembley-1991-حفلة-الليلة.${type}`),
    );

    expectMatches(first, shown);

    // After a reload, and in a second tab of the same member: the same files.
    await page.reload();
    await topics(page).first().waitFor();
    expect(await dashboardTopics(page)).toEqual(shown);
    const reloaded = await everyExport(page);
    expect(reloaded.files).toEqual(first.files);
    const twin = await context.newPage();
    await twin.goto('/');
    await topics(twin).first().waitFor();
    expect(await dashboardTopics(twin)).toEqual(shown);
    expect((await everyExport(twin)).files).toEqual(first.files);
    await twin.close();

    // Shared: the page a visitor opens, and its exports.
    await page.getByRole('button', { name: 'Share Clips' }).click();
    await page.getByRole('button', { name: 'Create Share Link' }).click();
    const shareUrl = await (await page.waitForSelector('#share-url')).inputValue();
    await page.keyboard.press('Escape');
    const visitor = await (await newContext()).newPage();
    await visitor.goto(shareUrl);
    await visitor.locator('section[id^="topic-"]').first().waitFor();
    const onShare = await sharedTopics(visitor);
    expect(onShare).toEqual(shown);
    const shared = await everyExport(visitor);
    expectMatches(shared, onShare);
    expect(shared.files.markdown.text).toBe(first.files.markdown.text);

    // Edited again and re-analysed after sharing: the shared page keeps what was shared, and so do its exports.
    await page.getByRole('button', { name: 'Rename topic 1' }).click();
    await page.getByRole('textbox', { name: 'Title of topic 1' }).fill('Renamed after sharing');
    await page.keyboard.press('Enter');
    await poll(() => topics(page).first().locator('h3 bdi').textContent(), 'Renamed after sharing');
    const afterShare = await dashboardTopics(page);
    expectMatches(await everyExport(page), afterShare);
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard edits and re-analyze' }).click();
    await page.getByRole('progressbar').waitFor();
    await topics(page).first().waitFor({ timeout: 90_000 });
    await poll(async () => (await page.getByRole('progressbar').count()) === 0, true, 30_000);
    const reanalysed = await dashboardTopics(page);
    expectMatches(await everyExport(page), reanalysed);
    await visitor.reload();
    await visitor.locator('section[id^="topic-"]').first().waitFor();
    expect(await sharedTopics(visitor)).toEqual(onShare);
    const sharedAgain = await everyExport(visitor);
    expectMatches(sharedAgain, onShare);
    expect(sharedAgain.files).toEqual(shared.files);
  });

  it('a guest exports what the guest dashboard shows', async () => {
    const page = await (await newContext()).newPage();
    await page.goto('/');
    await page.getByPlaceholder('Paste a YouTube video link...').fill(`https://www.youtube.com/watch?v=${talk.id}`);
    await page.getByRole('button', { name: 'Find Clips' }).click();
    await topics(page).first().waitFor({ timeout: 90_000 });
    await poll(async () => (await page.getByRole('progressbar').count()) === 0, true, 30_000);
    const shown = await dashboardTopics(page);
    const out = await everyExport(page);
    expect(out.names).toEqual(['txt', 'md', 'srt', 'vtt', 'json'].map((type) => `the-cheapest-subway-you-ll-ever-build.${type}`));
    expectMatches(out, shown);
  });
});
