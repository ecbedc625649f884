import { captionsMessages, type Topic } from '@findclips/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ClipPlayer } from './components/clip-player';
import { LazyMount } from './components/lazy-clip';
import { PlaybackProvider } from './components/playback';
import { opening } from './components/quote-card';
import { AnalysisProgress } from './dashboard/analysis-progress';
import { CaptionsUpload } from './dashboard/captions-upload';
import { TopicsEdit } from './dashboard/topics-edit';
import { TopicsWatch } from './dashboard/topics-watch';
import { LoginPanel } from './pages/auth/login-panel';
import { TranscriptSection, transcriptOrigin } from './dashboard/transcript-section';
import { embedReports, fakeApi, json, renderWithApp } from './test/render';

const quote = (id: string, content: string, startTime: number) => ({ id, content, startTime, endTime: startTime + 20 });
const topic = (n: number, startTime: number, endTime: number): Topic => ({
  id: `t${n}`,
  title: `Topic ${n}`,
  startTime,
  endTime,
  quotes: [quote(`q${n}`, `Quote of topic ${n}.`, startTime + 10)],
});

describe('a clip opened from a button', () => {
  it('plays at once, a Viral Cut as a Full Topic', async () => {
    const user = userEvent.setup();
    renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={[topic(1, 0, 300)]} isGuest={false} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Play clip' }));
    expect(new URL(document.querySelector('iframe')!.src).searchParams.get('autoplay')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Close clip' }));
    await user.click(screen.getByRole('button', { name: 'Play Full Topic' }));
    const full = new URL((await screen.findByTitle('Topic 1')).getAttribute('src')!).searchParams;
    expect([full.get('start'), full.get('end'), full.get('autoplay')]).toEqual(['0', '300', '1']);
  });
});

describe('a clip in a browser that cannot say what is in view', () => {
  it('loads at once rather than never', () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    render(
      <LazyMount placeholder={<p>waiting</p>}>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />
      </LazyMount>,
    );
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
    expect(screen.getByTitle('A clip').tagName).toBe('IFRAME');
  });
});

describe('a guest who played the clips a video allows', () => {
  it('is told so on the next quote, which offers no Play clip', async () => {
    const user = userEvent.setup();
    const five = { ...topic(1, 0, 300), quotes: [10, 60, 110, 160, 210].map((at, i) => quote(`q${i}`, `Quote ${i}.`, at)) };
    renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={[five]} isGuest />, { user: null });
    for (let played = 0; played < 4; played++) {
      await user.click(screen.getAllByRole('button', { name: 'Play clip' })[played]!);
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ event: 'onStateChange', info: 1 }),
            origin: 'https://www.youtube-nocookie.com',
            source: document.querySelector('iframe')!.contentWindow,
          }),
        );
      });
      await user.click(screen.getByRole('button', { name: 'Close clip' }));
    }
    expect(screen.getByRole('status')).toHaveTextContent('as a guest: 0 of 4');
    // The four played may be played again; the fifth is locked.
    expect(screen.getAllByRole('button', { name: 'Play clip' })).toHaveLength(4);
    const last = screen.getByText('“Quote 4.”').closest('li')!;
    expect(within(last).getByText('Guests can play 4 clips per video.')).toBeInTheDocument();
    expect(within(last).getByRole('link', { name: 'Sign up for unlimited access' })).toBeInTheDocument();
  });
});

describe('captions brought for a video', () => {
  it('are not sent when the pasted text is blank, and the field says why', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({});
    renderWithApp(<CaptionsUpload videoId="dQw4w9WgXcQ" onQueued={() => undefined} />, { user: null });
    await user.type(screen.getByLabelText('Or paste timed text'), '   ');
    await user.click(screen.getByRole('button', { name: 'Analyse these captions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(captionsMessages.textRequired);
    expect(screen.getByLabelText('Or paste timed text')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });
});

describe('an analysis waiting in line', () => {
  it('says how many wait before it, one as one, and nothing of the line once done', () => {
    const { rerender } = render(<AnalysisProgress running done={false} videoId="FCdemoTalk1" ahead={1} />);
    expect(screen.getByText(/^Waiting in line/)).toHaveTextContent(
      'Waiting in line: 1 analysis ahead of yours. It starts as soon as a place frees.',
    );
    rerender(<AnalysisProgress running done={false} videoId="FCdemoTalk1" ahead={2} />);
    expect(screen.getByText(/^Waiting in line/)).toHaveTextContent('Waiting in line: 2 analyses ahead of yours.');
    rerender(<AnalysisProgress running={false} done videoId="FCdemoTalk1" ahead={2} />);
    expect(screen.getByText('Done! Your clips are ready.')).toBeInTheDocument();
    expect(screen.queryByText(/in line/)).not.toBeInTheDocument();
  });
});

describe('a view swapped in place', () => {
  it('takes no focus when it first shows, only when it is swapped', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPanel />, { user: null });
    const forgot = screen.getByRole('button', { name: 'Forgot password?' });
    expect(document.activeElement).toBe(document.body);
    await user.click(forgot);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });
});

describe('Watch mode', () => {
  it("plays each topic whole, under the anchor Edit mode gives it ('#topic-1')", () => {
    renderWithApp(<TopicsWatch youtubeId="FCdemoTalk1" topics={[topic(1, 0, 300), topic(2, 300, 720)]} />, { user: null });
    const second = document.getElementById('topic-2')!;
    expect(second).toHaveAccessibleName('2. Topic 2');
    const src = new URL(within(second).getByTitle('Topic 2').getAttribute('src')!).searchParams;
    expect([src.get('start'), src.get('end')]).toEqual(['300', '720']);
  });
});

describe('a Viral Cut card', () => {
  it('shows the whole seconds its clip plays, and says which quote its Play clip plays', async () => {
    const user = userEvent.setup();
    const cut = { id: 'q1', content: 'Buses carry most riders.', startTime: 10.4, endTime: 30.2 };
    renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={[{ ...topic(1, 0, 300), quotes: [cut] }]} isGuest={false} />, {
      user: null,
    });
    const card = screen.getByText('Viral Cut').closest('li')!;
    // From 0:10 to 0:31: the seconds 10.4 s to 30.2 s take in.
    expect(within(card).getByText('21s')).toBeInTheDocument();
    expect(within(card).getByText('0:10 - 0:31')).toBeInTheDocument();
    const play = within(card).getByRole('button', { name: 'Play clip' });
    expect(play).toHaveAccessibleDescription('“Buses carry most riders.”');
    await user.click(play);
    const src = new URL(within(card).getByTitle('Buses carry most riders.').getAttribute('src')!).searchParams;
    expect([src.get('start'), src.get('end')]).toEqual(['10', '31']);
  });
});

describe("a loading clip's caption", () => {
  it('keeps a quote of exactly 80 characters whole', () => {
    const eighty = 'Buses carry most riders in the city, and the lanes pay for themselves in a year.';
    expect(Array.from(eighty)).toHaveLength(80);
    expect(opening(eighty)).toBe(eighty);
  });
});

describe('two clips opened to play at once', () => {
  it('leave the one opened last playing when it starts', () => {
    render(
      <PlaybackProvider>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={30} end={50} title="Viral Cut" autoplay />
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={600} title="Full topic" autoplay />
      </PlaybackProvider>,
    );
    const topic = screen.getByTitle('Full topic') as HTMLIFrameElement;
    const sent = jest.spyOn(topic.contentWindow!, 'postMessage');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://www.youtube-nocookie.com',
          source: topic.contentWindow,
          data: JSON.stringify({ event: 'onStateChange', info: 1 }),
        }),
      );
    });
    expect(sent.mock.calls.filter(([message]) => String(message).includes('"pauseVideo"'))).toHaveLength(0);
  });
});

describe('the line being said', () => {
  // jsdom lays nothing out: the transcript's box and lines have the sizes a browser gives them.
  const sizes = { clientWidth: 800, clientHeight: 448, offsetHeight: 32 };
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes))
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const name of Object.keys(sizes)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });
  /** Three hours of captions, a line every 3.6 s. */
  const segments = Array.from({ length: 3_000 }, (_, i) => ({ text: `Line number ${i}`, start: i * 3.6, end: i * 3.6 + 3.6 }));
  /** The transcript of a video of two topics, with `beside` on the page after it; opened, its panel. */
  async function openTranscript(beside: ReactNode = null) {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
    renderWithApp(
      <PlaybackProvider>
        <TranscriptSection
          youtubeId="dQw4w9WgXcQ"
          topics={[topic(1, 0, 3_600), topic(2, 3_600, 10_800)]}
          origin={transcriptOrigin('dQw4w9WgXcQ', null)}
        />
        {beside}
      </PlaybackProvider>,
      { user: null },
    );
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    return { user, panel: await screen.findByRole('grid', { name: 'Transcript, 3000 lines' }) };
  }

  it('is the line of the very second the clip reports, and none once the clip is closed', async () => {
    const { user, panel } = await openTranscript(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={9} end={30} title="A Viral Cut" />);
    const marked = () => [...panel.querySelectorAll('[aria-current="true"]')].map((line) => line.textContent);
    await user.click(within(panel).getByRole('button', { name: /Line number 2$/ }));
    const frame = within(panel.parentElement!).getByTitle('From 0:07') as HTMLIFrameElement;
    // 14.3 s is still line 3's (10.8 s to 14.4 s), not the next one's.
    embedReports(frame, 14.3);
    expect(marked()).toEqual(['0:10Line number 3']);
    embedReports(frame, 14.4);
    expect(marked()).toEqual(['0:14Line number 4']);
    // Closed, it plays nothing: no line is said any more.
    await user.click(within(panel.parentElement!).getByRole('button', { name: 'Close clip' }));
    expect(marked()).toEqual([]);
  });

  it('moves a page of lines with Page Down and Page Up, and leaves Ctrl+Arrow to the browser', async () => {
    const { user } = await openTranscript();
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Line number 0');
    // A box 448 px high shows 14 lines of 32 px: a page is 13 lines, one kept in sight.
    await user.keyboard('{PageDown}');
    expect(document.activeElement).toHaveTextContent(/Line number 13$/);
    await user.keyboard('{PageDown}{PageUp}');
    expect(document.activeElement).toHaveTextContent(/Line number 13$/);
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toHaveTextContent(/Line number 0$/);
    await user.keyboard('{Control>}{ArrowDown}{/Control}');
    expect(document.activeElement).toHaveTextContent(/Line number 0$/);
  });

  it('makes a line clicked the stop Tab comes back to, and leaves the list where the keyboard is while a clip plays', async () => {
    // jsdom scrolls nothing: scrolling a box sets its offset, as a browser does.
    const jsdomScrollTo = Element.prototype.scrollTo;
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      this.scrollTop = typeof options === 'number' ? options : (options?.top ?? this.scrollTop);
    };
    try {
      const { user, panel } = await openTranscript(<button type="button">After the transcript</button>);
      // All its rows' height, which jsdom leaves at 0.
      Object.defineProperty(panel, 'scrollHeight', { configurable: true, get: () => 3_000 * 32 + 2 * 48 });
      await user.click(within(panel).getByRole('button', { name: /Line number 2$/ }));
      await user.tab();
      expect(document.activeElement).toHaveTextContent('After the transcript');
      await user.tab({ shift: true });
      expect(document.activeElement).toHaveTextContent(/Line number 2$/);
      // The clip plays on, far from the line the keyboard is on: the list stays where the reader is.
      const frame = within(panel.parentElement!).getByTitle('From 0:07') as HTMLIFrameElement;
      embedReports(frame, 2_000);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(panel.scrollTop).toBe(0);
      expect(document.activeElement).toHaveTextContent(/Line number 2$/);
      // Once the keyboard is elsewhere, the line being said is brought into view.
      await user.tab();
      embedReports(frame, 2_100);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(panel.scrollTop).toBeGreaterThan(0);
    } finally {
      Element.prototype.scrollTo = jsdomScrollTo;
    }
  });
});
