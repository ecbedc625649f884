import type { Topic } from '@findclips/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClipPlayer } from './components/clip-player';
import { PlaybackProvider } from './components/playback';
import { TranscriptSection, transcriptOrigin } from './dashboard/transcript-section';
import { GAP_TITLE, rowAt, transcriptRows, type TranscriptRow } from './dashboard/transcript-rows';
import { embedReports, fakeApi, json, renderWithApp } from './test/render';

const topic = (n: number, startTime: number, endTime: number): Topic => ({
  id: `t${n}`,
  title: `Topic ${n}`,
  startTime,
  endTime,
  quotes: [],
});
/** Three hours of captions, a line every 3.6 s: 3,000 lines. */
const segments = Array.from({ length: 3_000 }, (_, i) => ({ text: `Line number ${i}`, start: i * 3.6, end: i * 3.6 + 3.6 }));
const topics = [topic(1, 0, 3_600), topic(2, 3_600, 7_200), topic(3, 7_200, 10_800)];

describe('the transcript by topic', () => {
  it('groups every line under the topic that covers it, and lines no topic covers under a heading of their own', () => {
    const show = (rows: TranscriptRow[]) =>
      rows.map((r) =>
        r.kind === 'line' ? `${r.text} → ${r.playsTo}` : `# ${r.kind === 'topic' ? r.title : GAP_TITLE} ${r.start}-${r.end}`,
      );
    expect(show(transcriptRows(segments.slice(0, 3), [topic(1, 2, 5), topic(2, 7, 9)].reverse()))).toEqual([
      `# ${GAP_TITLE} 0-2`,
      'Line number 0 → 3.6',
      '# Topic 1 2-5',
      'Line number 1 → 7.2',
      '# Topic 2 7-9',
      'Line number 2 → 10.8',
    ]);
    // A topic removed from the middle leaves its lines between two topics: they play to the next
    // topic's start, not for a second (their old topic's end was behind them).
    expect(show(transcriptRows(segments.slice(0, 6), [topic(1, 0, 7.2), topic(3, 14.4, 21.6)]))).toEqual([
      '# Topic 1 0-7.2',
      'Line number 0 → 7.2',
      'Line number 1 → 7.2',
      `# ${GAP_TITLE} 7.2-14.4`,
      'Line number 2 → 14.4',
      'Line number 3 → 14.4',
      '# Topic 3 14.4-21.6',
      'Line number 4 → 21.6',
      'Line number 5 → 21.6',
    ]);
    // After the last topic, to each line's own end.
    expect(show(transcriptRows(segments.slice(0, 2), [topic(1, 0, 3.6)]))).toEqual([
      '# Topic 1 0-3.6',
      'Line number 0 → 3.6',
      `# ${GAP_TITLE} 3.6-7.2`,
      'Line number 1 → 7.2',
    ]);
    // The heading of lines after the last topic spans them all, to the end of the last one.
    expect(show(transcriptRows(segments.slice(0, 3), [topic(1, 0, 3.6)]))).toEqual([
      '# Topic 1 0-3.6',
      'Line number 0 → 3.6',
      `# ${GAP_TITLE} 3.6-10.8`,
      'Line number 1 → 7.2',
      'Line number 2 → 10.8',
    ]);
    const all = transcriptRows(segments, topics);
    expect(all.filter((r) => r.kind === 'line')).toHaveLength(3_000);
    expect(all.filter((r) => r.kind === 'topic').map((r) => r.start)).toEqual([0, 3_600, 7_200]);
    // The line being said: the last one that started, never a heading.
    expect(all[rowAt(all, 3_601)]).toMatchObject({ kind: 'line', text: 'Line number 1000' });
    expect(all[rowAt(all, 3_599)]).toMatchObject({ kind: 'line', text: 'Line number 999' });
    expect(rowAt(all, -1)).toBe(-1);
  });

  // jsdom lays nothing out: here the transcript's box is 800 × 448 px and each row 32 px high, as in Chromium.
  const sizes = { clientWidth: 800, clientHeight: 448, offsetHeight: 32 };
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes)) {
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const name of Object.keys(sizes)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });

  it('shows 3,000 lines a screenful at a time, plays from a line, and marks the line being said', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
    renderWithApp(
      <PlaybackProvider>
        <TranscriptSection youtubeId="dQw4w9WgXcQ" topics={topics} origin={transcriptOrigin('dQw4w9WgXcQ', null)} />
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={9} end={30} title="A Viral Cut" />
      </PlaybackProvider>,
      { user: null },
    );
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    const panel = await screen.findByRole('grid', { name: 'Transcript, 3000 lines' });
    expect(within(panel).getByRole('heading', { name: /^1\. Topic 1/ })).toBeInTheDocument();
    const lines = () => panel.querySelectorAll('[data-transcript-line]');
    expect(lines().length).toBeGreaterThan(0);
    expect(lines().length).toBeLessThan(100);

    await user.click(within(panel).getByRole('button', { name: /Line number 2$/ }));
    const frame = within(panel.parentElement!).getByTitle('From 0:07') as HTMLIFrameElement;
    expect(frame.src).toContain('start=7&');
    expect(frame.src).toContain('end=3600');

    // The embed reports the playing second: the line said then is marked.
    const marked = () => [...panel.querySelectorAll('[aria-current="true"]')].map((line) => line.textContent);
    embedReports(frame, 15);
    expect(marked()).toEqual(['0:14Line number 4']);

    // Any clip of the page marks its line too: here a Viral Cut outside the panel.
    await user.click(within(panel.parentElement!).getByRole('button', { name: 'Close clip' }));
    embedReports(screen.getByTitle('A Viral Cut') as HTMLIFrameElement, 11);
    expect(marked()).toEqual(['0:10Line number 3']);
  });

  /** The transcript of 3,000 lines opened, with a button after it to Tab to. */
  async function openWithAControlAfter() {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
    renderWithApp(
      <>
        <TranscriptSection youtubeId="dQw4w9WgXcQ" topics={topics} origin={transcriptOrigin('dQw4w9WgXcQ', null)} />
        <button type="button">After the transcript</button>
      </>,
      { user: null },
    );
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    return { user, panel: await screen.findByRole('grid', { name: 'Transcript, 3000 lines' }) };
  }

  it('is one stop of the Tab key, its lines reached with the arrow keys', async () => {
    const { user, panel } = await openWithAControlAfter();
    expect(panel).toHaveAccessibleDescription('Arrow keys, Page Up, Page Down, Home and End move between lines.');
    const stops = () => [...panel.querySelectorAll<HTMLElement>('[data-transcript-line]')].filter((line) => line.tabIndex === 0);
    expect(stops().map((line) => line.textContent)).toEqual(['Topic 1: Topic 1. 0:00Line number 0']);
    // The arrow keys pass over the topics' headings: a topic's first line says which topic it opens.
    expect(stops()[0]).toHaveAccessibleName('Topic 1: Topic 1. 0:00 Line number 0');

    // Tab enters at the first line and leaves at the next control: one stop, however many lines.
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Line number 0');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Line number 2');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveTextContent('Line number 1');
    // A grid of one column, so that a screen reader hands these keys to the list: only the rows in
    // view are in the page, each saying where it is among the 3,003 (three topics' headings).
    expect(panel).toHaveAttribute('aria-rowcount', '3003');
    const row = document.activeElement!.closest<HTMLElement>('[role="row"]')!;
    expect(within(row).getByRole('gridcell')).toContainElement(document.activeElement as HTMLElement);
    expect(row).toHaveAttribute('aria-rowindex', '3');
    expect(within(panel).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(stops().map((line) => line.textContent)).toEqual(['0:03Line number 1']);
    await user.tab();
    expect(document.activeElement).toHaveTextContent('After the transcript');
    // Back in, at the line left.
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveTextContent('Line number 1');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveTextContent('Line number 0');
    // Enter plays the line, as a click does.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(panel.parentElement!).getByTitle('From 0:03')).toBeInTheDocument();
  });

  it('keeps the focused line in the page when the list scrolls away from it, and takes the focus only when a key asks', async () => {
    // jsdom scrolls nothing: scrolling a box sets its offset and says so a moment later, as a browser does.
    const jsdomScrollTo = Element.prototype.scrollTo;
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      this.scrollTop = typeof options === 'number' ? options : (options?.top ?? this.scrollTop);
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    };
    try {
      const { user, panel } = await openWithAControlAfter();
      await user.tab();
      await user.keyboard('{ArrowDown}');
      const scrollTo = (top: number) =>
        act(async () => {
          panel.scrollTo({ top });
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      await scrollTo(3_200);
      expect(panel.querySelector('[data-transcript-line]')).not.toHaveTextContent('Line number 0');
      expect(document.activeElement).toHaveTextContent('Line number 1');
      // End goes to the last of 3,000 lines; Tab leaves, Shift+Tab comes back to it.
      await user.keyboard('{End}');
      expect(document.activeElement).toHaveTextContent('Line number 2999');
      await user.tab();
      await user.tab({ shift: true });
      expect(document.activeElement).toHaveTextContent('Line number 2999');
      // A key that goes nowhere (the last line) asks nothing more: scrolling later leaves the focus
      // where the person put it.
      await user.keyboard('{ArrowDown}');
      await user.click(screen.getByRole('button', { name: 'After the transcript' }));
      await scrollTo(0);
      await scrollTo(6_400);
      expect(document.activeElement).toHaveTextContent('After the transcript');
    } finally {
      Element.prototype.scrollTo = jsdomScrollTo;
    }
  });

  it('isolates a right-to-left topic title from its time, which reads left to right (it was shown end first)', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments: segments.slice(0, 40) }) });
    const arabic = { ...topic(1, 0, 149), title: 'مقدمة: لماذا الحافلات؟' };
    renderWithApp(
      <PlaybackProvider>
        <TranscriptSection youtubeId="dQw4w9WgXcQ" topics={[arabic]} origin={transcriptOrigin('dQw4w9WgXcQ', null)} />
      </PlaybackProvider>,
      { user: null },
    );
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    const heading = await screen.findByRole('heading', { level: 3, name: /^1\. مقدمة/ });
    expect(heading.querySelector('bdi')).toHaveTextContent(/^مقدمة: لماذا الحافلات؟$/);
    expect(within(heading).getByText('0:00 - 2:29')).toHaveAttribute('dir', 'ltr');
  });

  it('reads the captions a member uploaded from their own endpoint, and says where the transcript came from', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'GET /api/user-videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
    const origin = transcriptOrigin('dQw4w9WgXcQ', { transcriptSource: 'upload', transcriptName: 'talk.srt' });
    renderWithApp(
      <PlaybackProvider>
        <TranscriptSection youtubeId="dQw4w9WgXcQ" topics={topics} origin={origin} />
      </PlaybackProvider>,
      { user: null },
    );
    expect(screen.getByText('Transcript: captions you uploaded (talk.srt)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    await screen.findByRole('grid', { name: 'Transcript, 3000 lines' });
    expect(calls.map((call) => call.path)).toEqual(['/api/user-videos/dQw4w9WgXcQ/transcript']);
    expect(transcriptOrigin('dQw4w9WgXcQ', null).label).toBe("Transcript: the video's captions on YouTube");
  });
});
