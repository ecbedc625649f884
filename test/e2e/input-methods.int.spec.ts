/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_VIDEOS, lengthenedCaptions, startFakeYoutube, type FakeYoutube, type RunningStack } from '@findclips/testing';
import { launchChromium, poll, startE2eStack } from './browser';

/**
 * Japanese, Chinese and Korean are typed with an input method: while a word is being composed,
 * Enter picks a candidate, Escape cancels the conversion, the arrows and Tab move among the
 * candidates. Chromium hands those presses to the page too, as keydowns with `isComposing` and key
 * code 229: the page must leave them to the input method (no form sent, dialog closed, field
 * emptied, match played), keep what was composed as typed, and act on the same keys once the word
 * is committed. The composition is Chromium's own (DevTools' Input.imeSetComposition), as an input
 * method drives it.
 */
jest.setTimeout(120_000);

const [talk] = DEMO_VIDEOS;
const VIDEO = 'FCimeTalk01';
/** A line of the talk's captions in Japanese, one in Korean, for the search box to find. */
const JAPANESE_LINE = '日本語の字幕がここにあります';
const KOREAN_LINE = '한국어 자막도 있습니다';

let youtube: FakeYoutube;
let stack: RunningStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  youtube = await startFakeYoutube();
  const segments = lengthenedCaptions(talk, talk.minutes * 60);
  segments[10] = { ...segments[10]!, text: JAPANESE_LINE };
  segments[40] = { ...segments[40]!, text: KOREAN_LINE };
  youtube.addVideo({
    id: VIDEO,
    title: talk.title,
    channel: talk.channel,
    durationSeconds: talk.minutes * 60,
    tracks: [{ languageCode: 'en', segments }],
  });
  stack = await startE2eStack(youtube);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: stack.url });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
  await youtube?.close();
});

const KEY_CODES: Record<string, number> = { Enter: 13, Escape: 27, Tab: 9, ArrowUp: 38, ArrowDown: 40, Backspace: 8 };
const ALL_KEYS = ['ArrowDown', 'ArrowUp', 'Tab', 'Backspace', 'Enter', 'Escape'];

/**
 * Composes in the focused field, as an input method does: each of `steps` in turn is the word being
 * composed (kana, or a Hangul syllable growing letter by letter), then each of `keys` is pressed
 * inside the composition as Chromium sends it (a keydown with key code 229 and `isComposing`, then
 * its keyup); then `commit` replaces the composition (an empty commit cancels it).
 */
async function compose(steps: string[], keys: string[], commit: string): Promise<void> {
  for (const text of steps)
    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  for (const key of keys) {
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key, code: key, windowsVirtualKeyCode: 229 });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: key, windowsVirtualKeyCode: KEY_CODES[key] });
  }
  await cdp.send('Input.insertText', { text: commit });
}

/** Hangul as a Korean input method composes it: each syllable letter by letter, then committed. */
async function composeKorean(syllables: string[][], keys: string[]): Promise<void> {
  for (const steps of syllables) await compose(steps, keys, steps.at(-1)!);
}

const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
const dialogs = () => page.locator('[role="dialog"], [role="alertdialog"]').count();
const topics = () => page.getByRole('list', { name: 'Topics' }).locator(':scope > li');

/**
 * The requests other than GET the page sent while `act` ran, but the live channel's own (its
 * long-polling posts: a member's connection opening after sign-up, a pong), which no key sends: a
 * link sent by a key is its POST /api/videos. (A CI run saw the new member's connection open
 * during a word.)
 */
async function sentDuring(act: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const record = (request: { method(): string; url(): string }) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET' && !pathname.startsWith('/socket.io/')) sent.push(`${request.method()} ${pathname}`);
  };
  page.on('request', record);
  try {
    await act();
    // Anything the keys set off has had its chance to leave.
    await page.waitForTimeout(300);
  } finally {
    page.off('request', record);
  }
  return sent;
}

describe('typing with an input method', () => {
  it('the sign-up form and the link box take no key of a word being composed, then work as usual', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').click();
    expect(await sentDuring(() => compose(['た', 'たろ', 'たろう'], ALL_KEYS, '太郎'))).toEqual([]);
    expect(await page.getByLabel('Email').inputValue()).toBe('太郎');
    // Not sent: the form would have said what is wrong with each field.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await focusedId()).toBe('register-email');

    await page.getByLabel('Email').fill(`ime-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Analytical1');
    await page.getByLabel('Confirm Password').fill('Analytical1');
    await page.getByRole('button', { name: 'Register with Email' }).click();
    await page.getByText('Account created successfully', { exact: true }).waitFor();

    const link = page.getByPlaceholder('Paste a YouTube video link...');
    await link.click();
    // The pointer rests on the toast, which stops its 5 s: on a busy machine the keys below took
    // longer, and the toast's own end read as Escape closing it.
    await page.getByText('Account created successfully', { exact: true }).hover();
    expect(await sentDuring(() => compose(['ゆ', 'ゆー'], ALL_KEYS, 'ユーチューブ'))).toEqual([]);
    expect(await link.inputValue()).toBe('ユーチューブ');
    // Not checked as a link either: no 'Invalid' note under the field.
    expect(await link.getAttribute('aria-invalid')).toBeNull();
    // The toast that was up stays: Escape was the word's.
    expect(await page.getByText('Account created successfully', { exact: true }).count()).toBe(1);

    await link.fill(`https://www.youtube.com/watch?v=${VIDEO}`);
    await link.press('Enter');
    await topics().first().waitFor({ timeout: 60_000 });
  });

  it("the video's search box keeps the words typed, plays nothing and clears nothing until the word is committed", async () => {
    const box = page.getByRole('searchbox', { name: 'Search this video' });
    const count = page.locator('[data-search-count]');
    const players = () => page.locator('iframe').count();
    // No toast up: one takes every Escape on the page, a word's too, which would hide what the box does with it.
    const toasts = page.locator('[data-toast-shown]');
    while ((await toasts.count()) > 0) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
    }
    await box.click();
    await compose(['に', 'にほ', 'にほんご'], ['ArrowDown', 'ArrowUp', 'Tab', 'Enter'], '日本語');
    expect(await box.inputValue()).toBe('日本語');
    expect(await focusedId()).toBe('video-search');
    await poll(() => count.textContent(), '1 match');
    expect(await players()).toBe(0);

    // Escape in the next word cancels that word, not the search: the words before stay.
    await compose(['の'], ['Escape'], '');
    expect(await box.inputValue()).toBe('日本語');
    await compose(['の'], ['Escape'], 'の');
    expect(await box.inputValue()).toBe('日本語の');
    await poll(() => count.textContent(), '1 match');

    // Once committed, Enter plays the match and Escape clears, as for any word.
    await box.press('Enter');
    await poll(() => players(), 1);
    await box.click();
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');

    // Korean, a syllable at a time, finds its line.
    await box.click();
    await composeKorean(
      [
        ['ㅎ', '하', '한'],
        ['ㄱ', '구', '국'],
        ['ㅇ', '어'],
      ],
      ['Enter', 'Escape'],
    );
    expect(await box.inputValue()).toBe('한국어');
    await poll(() => count.textContent(), '1 match');
    await box.press('Escape');
  });

  it("a topic's rename is neither saved nor cancelled by a word's keys, and keeps Japanese and Korean as typed", async () => {
    await page.getByRole('button', { name: 'Rename topic 1' }).click();
    const field = page.getByRole('textbox', { name: 'Title of topic 1' });
    await field.fill('');
    const sent = await sentDuring(async () => {
      await compose(['に', 'にほ', 'にほん'], ALL_KEYS, '日本');
      await composeKorean(
        [
          ['ㅎ', '하', '한'],
          ['ㄱ', '구', '국'],
        ],
        ['Enter', 'Escape'],
      );
    });
    expect(sent).toEqual([]);
    // Still renaming: no Escape of the words cancelled it.
    expect(await field.count()).toBe(1);
    expect(await field.inputValue()).toBe('日本한국');
    // An Escape that cancels a word being typed leaves the rename open, and the title as it was.
    await compose(['ご'], ['Escape'], '');
    expect(await field.count()).toBe(1);
    expect(await field.inputValue()).toBe('日本한국');
    await field.press('Enter');
    await poll(() => topics().first().locator('h3 bdi').textContent(), '日本한국');
    await page.reload();
    await topics().first().waitFor();
    expect(await topics().first().locator('h3 bdi').textContent()).toBe('日本한국');
  });

  it('the share dialog stays open through a word typed in its title and description', async () => {
    await page.getByRole('button', { name: 'Share Clips' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('');
    await title.click();
    await compose(['に', 'にほ'], ALL_KEYS, '日本');
    expect(await dialogs()).toBe(1);
    await page.getByLabel('Description', { exact: true }).fill('');
    await page.getByLabel('Description', { exact: true }).click();
    await compose(['ㅎ', '하', '한'], ALL_KEYS, '한');
    expect(await dialogs()).toBe(1);
    expect(await title.inputValue()).toBe('日本');
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('한');
    await page.keyboard.press('Escape');
    await poll(() => dialogs(), 0);
  });

  it("settings' forms and the danger zone leave a word's keys to it", async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').click();
    expect(await sentDuring(() => compose(['た', 'たろ', 'たろう'], ALL_KEYS, '太郎'))).toEqual([]);
    // Still editing: Escape was the word's.
    expect(await page.getByLabel('First name').count()).toBe(1);
    await page.getByLabel('Last name').click();
    await composeKorean(
      [
        ['ㅎ', '하', '한'],
        ['ㄱ', '기', '길'],
      ],
      ['Enter', 'Escape'],
    );
    expect(await page.getByLabel('Last name').count()).toBe(1);
    expect(await page.getByLabel('First name').inputValue()).toBe('太郎');
    expect(await page.getByLabel('Last name').inputValue()).toBe('한길');
    await page.keyboard.press('Enter');
    await page.getByText('Profile updated', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('太郎 한길', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByLabel('Enter your current password').click();
    // Enter in the word does not check the password (long enough to be checked), Escape does not close the dialog.
    expect(await sentDuring(() => compose(['ぱすわーど', 'ぱすわーどです'], ALL_KEYS, 'パスワードです'))).toEqual([]);
    expect(await dialogs()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => dialogs(), 0);
  });
});
