import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { ErrorBoundary } from './components/error-boundary';
import { ScreenFailed } from './app';
import userEvent from '@testing-library/user-event';
import { CLIP_ERROR_MESSAGE, CLIP_LOADING_LABEL, ClipPlayer, EMBED_SILENCE_MS } from './components/clip-player';
import { Thumbnail } from './components/thumbnail';
import { opening } from './components/quote-card';
import { Badge, Button } from './components/ui';
import { LazyMount } from './components/lazy-clip';
import { PlaybackProvider } from './components/playback';
import { AnalysisProgress } from './dashboard/analysis-progress';
import { LinkForm } from './dashboard/link-form';
import { TopicsEdit } from './dashboard/topics-edit';
import { TopicsWatch } from './dashboard/topics-watch';
import { STATUS_TEXTS, useForgetEndedAnalyses } from './dashboard/use-progress';
import { useToast } from './lib/toast';
import { UNREACHABLE } from './lib/api';
import { ShareDialog } from './dashboard/share-dialog';
import { ConfirmDialog } from './components/confirm-dialog';
import { fakeApi, json, member, renderWithApp } from './test/render';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'First toast', description: 'one' })}>first</button>
      <button onClick={() => toast({ title: 'Second toast', description: 'two', duration: 7_000 })}>second</button>
    </>
  );
}

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the previous', async () => {
    const user = userEvent.setup();
    renderWithApp(<ToastButtons />, { user: null });
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First toast')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Second toast')).toBeInTheDocument();
    expect(screen.queryByText('First toast')).not.toBeInTheDocument();
  });

  it('closes after its duration', async () => {
    jest.useFakeTimers();
    try {
      renderWithApp(<ToastButtons />, { user: null });
      // The toast's widgets may still be loading (their code comes with the first toast).
      await act(async () => screen.getByRole('button', { name: 'second' }).click());
      expect(screen.getByText('Second toast')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(6_500));
      expect(screen.getByText('Second toast')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.queryByText('Second toast')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('a dialog closing', () => {
  it("returns the focus to the button that opened it, or to the page's main region when that is gone or disabled", async () => {
    const view = (open: boolean, opener: 'shown' | 'disabled' | 'gone') => (
      <main id="main" tabIndex={-1}>
        {opener !== 'gone' && <button disabled={opener === 'disabled'}>Re-analyze</button>}
        <ConfirmDialog
          open={open}
          onOpenChange={() => undefined}
          title="Sure?"
          description="It is."
          confirmLabel="Yes"
          onConfirm={() => undefined}
        />
      </main>
    );
    // Closed as another video came on screen: its opener is disabled there (the demo), or gone.
    for (const [opener, focused] of [
      ['shown', 'BUTTON'],
      ['disabled', 'MAIN'],
      ['gone', 'MAIN'],
    ] as const) {
      const { rerender, unmount } = render(view(false, 'shown'));
      screen.getByRole('button', { name: 'Re-analyze' }).focus();
      rerender(view(true, 'shown'));
      await screen.findByRole('alertdialog');
      rerender(view(false, opener));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect({ opener, focused: document.activeElement?.tagName }).toEqual({ opener, focused });
      unmount();
    }
  });
});

describe('link form', () => {
  it.each([
    ['https://vimeo.com/12345', 'Invalid URL ⚠️', 'Please enter a valid YouTube URL'],
    ['https://www.youtube.com/watch?v=short', 'Invalid YouTube URL ⚠️', 'Could not extract video ID from the URL'],
  ])('refuses %s with the toast %s', async (link, title, description) => {
    const user = userEvent.setup();
    const onVideo = jest.fn();
    renderWithApp(<LinkForm busy={false} blank={false} current={null} onVideo={onVideo} />, { user: null });
    await user.type(screen.getByPlaceholderText('Paste a YouTube video link...'), link);
    await user.click(screen.getByRole('button', { name: 'Find Clips' }));
    const shown = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await shown.findByText(title)).toBeInTheDocument();
    // Its ⚠️ is seen, not read out as 'warning sign'.
    expect(shown.getByText(title)).toHaveAttribute('aria-hidden', 'true');
    expect(shown.getByText(title.replace(' ⚠️', ''))).toHaveClass('sr-only');
    // Announced as two sentences, not 'Invalid URLPlease enter…' run together.
    await waitFor(() =>
      expect([...document.querySelectorAll('[role="status"]')].map((region) => region.textContent)).toContain(
        `Notification ${title.replace(' ⚠️', '')}. ${description}`,
      ),
    );
    expect(shown.getByText(description)).toBeInTheDocument();
    expect(onVideo).not.toHaveBeenCalled();
  });

  it('shows a suggested link with what went wrong with it, in StrictMode too (its effects run twice)', async () => {
    const problem = { title: 'Analysis Error', description: 'YouTube is down.', variant: 'destructive' as const };
    renderWithApp(
      <StrictMode>
        <LinkForm busy={false} blank current={null} onVideo={jest.fn()} suggested={{ videoId: 'dQw4w9WgXcQ', problem }} />
      </StrictMode>,
      { user: null },
    );
    const field = screen.getByPlaceholderText('Paste a YouTube video link...');
    await waitFor(() => expect(field).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
    expect(field).toHaveAccessibleDescription('Analysis Error: YouTube is down.');
  });

  it('passes the id of a valid link on', async () => {
    const user = userEvent.setup();
    const onVideo = jest.fn();
    renderWithApp(<LinkForm busy={false} blank={false} current={null} onVideo={onVideo} />, { user: null });
    await user.type(screen.getByPlaceholderText('Paste a YouTube video link...'), 'youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Find Clips' }));
    expect(onVideo).toHaveBeenCalledWith('dQw4w9WgXcQ', 'youtu.be/dQw4w9WgXcQ');
  });
});

describe('analysis progress', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rotates the seven status texts every 3 s and never passes 85% before the end', () => {
    const { rerender } = render(<AnalysisProgress running done={false} videoId="FCdemoTalk1" />);
    const bar = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    for (let step = 0; step < STATUS_TEXTS.length + 1; step++) {
      expect(screen.getByText(STATUS_TEXTS[step % STATUS_TEXTS.length]!)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2_999));
      expect(screen.getByText(STATUS_TEXTS[step % STATUS_TEXTS.length]!)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
    }
    const early = bar();
    act(() => jest.advanceTimersByTime(10 * 60_000));
    expect(bar()).toBeGreaterThan(early);
    expect(bar()).toBeLessThanOrEqual(85);
    expect(bar()).toBeGreaterThanOrEqual(80);

    expect(screen.getByText(/Long videos take a little longer/)).toBeInTheDocument();
    rerender(<AnalysisProgress running={false} done videoId="FCdemoTalk1" />);
    expect(bar()).toBe(100);
    // Done: no more hint to wait.
    expect(screen.getByText('Done! Your clips are ready.')).toBeInTheDocument();
    expect(screen.queryByText(/Long videos take a little longer/)).not.toBeInTheDocument();
  });

  it('says so while the browser is offline: the analysis goes on, and its clips show once back', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<AnalysisProgress running done={false} videoId="FCdemoTalk1" />);
    const offline = /You are offline\. The analysis goes on without you; its clips show here once you are back online\./;
    expect(screen.queryByText(offline)).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(offline);
    expect(screen.queryByText(/Long videos take a little longer/)).not.toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(offline)).not.toBeInTheDocument();
    expect(screen.getByText(/Long videos take a little longer/)).toBeInTheDocument();
    onLine.mockRestore();
  });

  it('goes on where it was after a reload, and starts afresh for the next analysis', () => {
    const bar = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    const first = render(<AnalysisProgress running done={false} videoId="FCdemoPod01" />);
    act(() => jest.advanceTimersByTime(13_000));
    const before = bar();
    expect(screen.getByText(STATUS_TEXTS[4])).toBeInTheDocument();
    first.unmount();

    // The page reloads while the analysis runs.
    const again = render(<AnalysisProgress running done={false} videoId="FCdemoPod01" />);
    expect(bar()).toBe(before);
    expect(screen.getByText(STATUS_TEXTS[4])).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(bar()).toBeGreaterThan(before);

    again.unmount();
  });

  it('starts afresh when the start this tab kept is over an hour old (an analysis long over)', () => {
    const bar = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    const first = render(<AnalysisProgress running done={false} videoId="FCdemoPod02" />);
    act(() => jest.advanceTimersByTime(13_000));
    first.unmount();
    // The tab comes back to the video 61 minutes later, its analysis never seen to stop.
    act(() => jest.advanceTimersByTime(61 * 60_000));
    render(<AnalysisProgress running done={false} videoId="FCdemoPod02" />);
    expect(bar()).toBe(5);
    expect(screen.getByText(STATUS_TEXTS[0])).toBeInTheDocument();
  });

  it('starts afresh for the next analysis, whichever way the last one stopped', () => {
    const bar = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    // The dashboard: the bar shows only while an analysis runs; a cached answer takes it away at once.
    function Dashboard({ running }: { running: boolean }) {
      useForgetEndedAnalyses(running, 'FCdemoTalk1');
      return running ? <AnalysisProgress running done={false} videoId="FCdemoTalk1" /> : <p>Topics</p>;
    }
    const page = render(<Dashboard running />);
    act(() => jest.advanceTimersByTime(600_000));
    expect(bar()).toBeGreaterThan(80);
    page.rerender(<Dashboard running={false} />);
    act(() => jest.advanceTimersByTime(600_000));
    // Re-analyze, ten minutes later.
    page.rerender(<Dashboard running />);
    expect(bar()).toBe(5);
    expect(screen.getByText(STATUS_TEXTS[0])).toBeInTheDocument();
  });
});

describe('lazy clips (within 150 px)', () => {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  beforeEach(() => {
    observers.length = 0;
    // jsdom has no layout, so no IntersectionObserver: this one reports what the test says.
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });

  it('mounts the clip only once it comes within 150 px of the viewport, then keeps it', () => {
    render(
      <LazyMount placeholder={<p>waiting</p>}>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={12.4} end={40.2} title="A clip" />
      </LazyMount>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(observers[0]!.options?.rootMargin).toBe('150px 0px');

    const entry = (isIntersecting: boolean) => [{ isIntersecting } as IntersectionObserverEntry];
    act(() => observers[0]!.callback(entry(false), {} as IntersectionObserver));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => observers[0]!.callback(entry(true), {} as IntersectionObserver));
    const frame = screen.getByTitle('A clip');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('start')).toBe('12');
    expect(src.searchParams.get('end')).toBe('41');
  });
});

describe('clip player', () => {
  it("shows the clip message when the embed reports an error, and ignores other windows' messages", () => {
    render(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />);
    const frame = screen.getByTitle('A clip') as HTMLIFrameElement;
    const error = JSON.stringify({ event: 'onError', info: 150 });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: error, origin: 'https://evil.example', source: frame.contentWindow }),
      );
    });
    expect(screen.queryByText(CLIP_ERROR_MESSAGE)).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: error, origin: 'https://www.youtube-nocookie.com', source: frame.contentWindow }),
      );
    });
    // The error catalogue's words, as written there.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to load this video clip. The video may have embedding disabled or be unavailable in your region.',
    );
  });
});

describe('players on one page', () => {
  const pauses = (frame: HTMLIFrameElement) => {
    const sent = jest.spyOn(frame.contentWindow!, 'postMessage');
    return () => sent.mock.calls.filter(([message]) => String(message).includes('"pauseVideo"')).length;
  };

  it('play one at a time: a clip opened to play, or one that starts playing, pauses the others', () => {
    const { rerender } = render(
      <PlaybackProvider>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={600} title="Full topic" />
      </PlaybackProvider>,
    );
    const topic = screen.getByTitle('Full topic') as HTMLIFrameElement;
    const topicPauses = pauses(topic);
    // A Viral Cut opens and plays at once: the topic's player is told to pause.
    rerender(
      <PlaybackProvider>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={600} title="Full topic" />
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={30} end={50} title="Viral Cut" autoplay />
      </PlaybackProvider>,
    );
    expect(topicPauses()).toBe(1);
    // The topic's player is started again: the Viral Cut is told to pause, the topic is not.
    const cutPauses = pauses(screen.getByTitle('Viral Cut') as HTMLIFrameElement);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'onStateChange', info: 1 }),
          origin: 'https://www.youtube-nocookie.com',
          source: topic.contentWindow,
        }),
      );
    });
    expect(cutPauses()).toBe(1);
    expect(topicPauses()).toBe(1);
  });

  it('leaves the clip opened last playing when one opened before it starts late', () => {
    const playing = (frame: HTMLIFrameElement) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            // What the embed sends once told we listen: its state among the changes it delivers.
            data: JSON.stringify({ event: 'infoDelivery', info: { playerState: 1, currentTime: 31 } }),
            origin: 'https://www.youtube-nocookie.com',
            source: frame.contentWindow,
          }),
        );
      });
    render(
      <PlaybackProvider>
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={30} end={50} title="Viral Cut" autoplay />
        <ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={600} title="Full topic" autoplay />
      </PlaybackProvider>,
    );
    const cut = screen.getByTitle('Viral Cut') as HTMLIFrameElement;
    const topic = screen.getByTitle('Full topic') as HTMLIFrameElement;
    const cutPauses = pauses(cut);
    const topicPauses = pauses(topic);
    // The Viral Cut's frame was still loading when the topic opened; it starts now: it pauses itself.
    playing(cut);
    expect(cutPauses()).toBe(1);
    expect(topicPauses()).toBe(0);
    // Started again by hand, it is the visitor's choice: the topic pauses.
    playing(cut);
    expect(topicPauses()).toBe(1);
  });
});

describe('when YouTube is unreachable', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the clip message when the embed never answers after loading', () => {
    jest.useFakeTimers();
    render(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />);
    fireEvent.load(screen.getByTitle('A clip'));
    act(() => jest.advanceTimersByTime(EMBED_SILENCE_MS - 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('alert')).toHaveTextContent(CLIP_ERROR_MESSAGE);
  });

  it('covers the frame with a local placeholder until the embed answers, then keeps the player', () => {
    jest.useFakeTimers();
    render(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />);
    const frame = screen.getByTitle('A clip') as HTMLIFrameElement;
    expect(screen.getByRole('status')).toHaveTextContent(CLIP_LOADING_LABEL);
    expect(frame).toHaveClass('invisible');
    fireEvent.load(frame);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'onReady' }),
          origin: 'https://www.youtube-nocookie.com',
          source: frame.contentWindow,
        }),
      );
      jest.advanceTimersByTime(EMBED_SILENCE_MS * 2);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(frame).not.toHaveClass('invisible');
  });

  it('shows the clip message when the browser goes offline, and loads the clip again once back online', () => {
    render(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CLIP_ERROR_MESSAGE);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(CLIP_LOADING_LABEL);
    expect(screen.getByTitle('A clip').tagName).toBe('IFRAME');
  });

  it('keeps the clip message once back online when the embed itself refused the clip', () => {
    render(<ClipPlayer youtubeId="dQw4w9WgXcQ" start={0} end={10} title="A clip" />);
    const frame = screen.getByTitle('A clip') as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'onError', info: 150 }),
          origin: 'https://www.youtube-nocookie.com',
          source: frame.contentWindow,
        }),
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CLIP_ERROR_MESSAGE);
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CLIP_ERROR_MESSAGE);
  });

  it('replaces a thumbnail that does not load with a placeholder naming the video', () => {
    render(<Thumbnail src="https://i.ytimg.com/vi/x/hqdefault.jpg" title="Bus lanes, explained" />);
    fireEvent.error(screen.getByRole('img', { name: 'Bus lanes, explained' }));
    const placeholder = screen.getByRole('img', { name: 'Bus lanes, explained' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('Bus lanes, explained');
  });
});

describe('components that take a className', () => {
  it("let the caller's utilities replace their own defaults of the same kind (the amber Viral Cut badge)", () => {
    render(
      <>
        <Badge className="bg-amber-100 text-amber-800">Viral Cut</Badge>
        <Button variant="outline" className="bg-red-50 px-2">
          Remove
        </Button>
      </>,
    );
    const badge = screen.getByText('Viral Cut');
    expect(badge).toHaveClass('bg-amber-100', 'text-amber-800', 'rounded-full');
    expect(badge).not.toHaveClass('bg-brand-50');
    expect(badge).not.toHaveClass('text-brand-700');
    const button = screen.getByRole('button', { name: 'Remove' });
    expect(button).toHaveClass('bg-red-50', 'px-2', 'border');
    expect(button).not.toHaveClass('bg-surface');
    expect(button).not.toHaveClass('px-4');
  });
});

describe('Viral Cut players in Edit mode', () => {
  const quote = (id: string, content: string, startTime: number) => ({ id, content, startTime, endTime: startTime + 20 });
  const topics = [
    {
      id: 't1',
      title: 'Bus lanes',
      startTime: 0,
      endTime: 300,
      quotes: [quote('q1', 'Buses carry most riders.', 10), quote('q2', 'Lanes pay for themselves.', 120)],
    },
  ];

  it("writes Watch mode's topic headings as Edit mode does: '1. Title'", () => {
    renderWithApp(<TopicsWatch youtubeId="FCdemoTalk1" topics={topics} />, { user: null });
    // Its text, as a screen reader or a copy reads it (the number's margin is only drawn).
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(/^1\. Bus lanes$/, { normalizeWhitespace: false });
  });

  it('plays one clip at a time, each in a compact player with a close control', async () => {
    const user = userEvent.setup();
    renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={topics} isGuest={false} />, { user: null });
    const [first, second] = screen.getAllByRole('button', { name: 'Play clip' });
    await user.click(first!);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(document.querySelector('iframe')!.src).toContain('start=10');
    // The keyboard's place follows the clip: to its 'Close clip' (the player just before it).
    expect(screen.getByRole('button', { name: 'Close clip' })).toHaveFocus();
    await user.click(second!);
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.src).toContain('start=120');
    expect(frames[0]!.closest('.max-w-md')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Play clip' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close clip' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Play clip' })).toHaveLength(2);
    // Closed from the keyboard, back to the quote's 'Play clip'.
    expect(screen.getAllByRole('button', { name: 'Play clip' })[1]).toHaveFocus();
  });

  it("captions a loading clip with the quote's opening cut after a whole word", async () => {
    const user = userEvent.setup();
    const long = 'Lucia opened the first Brandt Street Bakery in a former laundromat, with two ovens and a borrowed mixer.';
    renderWithApp(
      <TopicsEdit youtubeId="FCdemoTalk1" topics={[{ ...topics[0]!, quotes: [quote('q3', long, 10)] }]} isGuest={false} />,
      { user: null },
    );
    await user.click(screen.getByRole('button', { name: 'Play clip' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Lucia opened the first Brandt Street Bakery in a former laundromat, with two…',
    );
    expect(document.querySelector('iframe')).toHaveAttribute(
      'title',
      'Lucia opened the first Brandt Street Bakery in a former laundromat, with two…',
    );
  });

  it('cuts a caption without spaces at 80 characters, none in half', () => {
    expect(opening('安土城は織田信長が建てた城です。'.repeat(8))).toBe(`${'安土城は織田信長が建てた城です。'.repeat(5)}…`);
    expect(opening('𠮷'.repeat(100))).toBe(`${'𠮷'.repeat(80)}…`);
    expect(opening('A short quote.')).toBe('A short quote.');
  });

  it("tells a guest how many of the video's clips they can still play, counting the clips that play", async () => {
    const user = userEvent.setup();
    renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={topics} isGuest />, { user: null });
    const left = screen.getByRole('status');
    expect(left).toHaveTextContent('Quote clips you can still play on this video as a guest: 4 of 4');
    /** What the opened clip's embed says: it plays, or it cannot play (removed, embedding disabled). */
    const embedSays = (data: object) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify(data),
            origin: 'https://www.youtube-nocookie.com',
            source: document.querySelector('iframe')!.contentWindow,
          }),
        );
      });
    // A clip that cannot load costs nothing.
    await user.click(screen.getAllByRole('button', { name: 'Play clip' })[1]!);
    embedSays({ event: 'onError', info: 150 });
    expect(await screen.findByText(/Unable to load this video clip/)).toBeInTheDocument();
    expect(left).toHaveTextContent('as a guest: 4 of 4');
    await user.click(screen.getByRole('button', { name: 'Close clip' }));
    // Opened, a clip costs one once it plays.
    await user.click(screen.getAllByRole('button', { name: 'Play clip' })[0]!);
    expect(left).toHaveTextContent('as a guest: 4 of 4');
    embedSays({ event: 'onStateChange', info: 1 });
    expect(left).toHaveTextContent('as a guest: 3 of 4');
    // The same clip again costs nothing.
    await user.click(screen.getByRole('button', { name: 'Close clip' }));
    await user.click(screen.getAllByRole('button', { name: 'Play clip' })[0]!);
    embedSays({ event: 'onStateChange', info: 1 });
    expect(left).toHaveTextContent('as a guest: 3 of 4');
  });
});

describe('a part of the page whose code fails to load', () => {
  // What the browser throws for a chunk the server did not deliver (it was down, say).
  const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));

  it('shows its fallback and leaves the rest of the page, not a blank page; it is tried again when the page moves on', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = (resetKey: string, loaded: boolean) => (
      <>
        <h1>Dashboard</h1>
        <ErrorBoundary fallback={<p role="alert">This page could not be loaded</p>} resetKey={resetKey}>
          <Suspense fallback={<p>Loading</p>}>{loaded ? <p>Loaded screen</p> : <Unloadable />}</Suspense>
        </ErrorBoundary>
      </>
    );
    const { rerender } = render(page('/', false));
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    rerender(page('/history', true));
    expect(await screen.findByText('Loaded screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a new version is the likely cause when the browser is online, the connection when it is not', () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { unmount } = render(<ScreenFailed />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Find Clips may have been updated since this tab opened. Reload the page to get the latest version.',
    );
    unmount();
    online.mockReturnValue(false);
    render(<ScreenFailed />);
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection, then reload the page.');
  });
});

describe('the share dialog', () => {
  const topic = { id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] };
  const dialog = () => (
    <ShareDialog open onOpenChange={() => undefined} youtubeId="FCdemoTalk1" videoTitle="Bus lanes" topics={[topic]} />
  );

  it('says the session expired when it ended in another tab, not "try again later" (the request arrived as a guest: 403)', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/analysis/share': json(403, { message: 'Sign in, or analyse this video as a guest, to share it' }),
      'GET /api/user': json(401, { message: 'You are not signed in' }),
      'GET /api/analysis/shares-map': json(200, []),
    });
    renderWithApp(dialog(), { user: member });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
  });

  it('sends one share for a double click on Create Share Link', async () => {
    const calls = fakeApi({
      'POST /api/analysis/share': json(201, { shareId: 'share-1', youtubeId: 'FCdemoTalk1', url: '/shared/share-1' }),
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, []),
    });
    renderWithApp(dialog(), { user: member });
    const form = screen.getByRole('button', { name: 'Create Share Link' }).closest('form')!;
    // Both submits land before React renders the pending state (a fast double click).
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByDisplayValue(/shared\/share-1/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // The form and its button are gone: the keyboard goes on to what comes next, copying the link.
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
  });

  it('opens on its form again once closed, so that edited topics can be shared anew, not on the last link', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/analysis/share': json(201, { shareId: 'share-1', youtubeId: 'FCdemoTalk1', url: '/shared/share-1' }),
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, []),
    });
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Share</Button>
          <ShareDialog open={open} onOpenChange={setOpen} youtubeId="FCdemoTalk1" videoTitle="Bus lanes" topics={[topic]} />
        </>
      );
    }
    renderWithApp(<Page />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const create = await screen.findByRole('button', { name: 'Create Share Link' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByDisplayValue(/shared\/share-1/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Create Share Link' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(/shared\/share-1/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  /** The member's shared page of the video, as it reads now. */
  const sharedBefore = {
    shareId: 'sh4reIdAbcdEfgh1234',
    youtubeId: 'FCdemoTalk1',
    title: 'Bus lanes, explained',
    description: 'The best bits for the council',
    viewCount: 3,
    isOwner: true,
    sharedTopics: [topic],
    createdAt: '2026-11-30T10:00:00.000Z',
    video: { title: 'Bus lanes', thumbnailUrl: null, channelTitle: null, durationSeconds: null },
  };

  it("keeps what the member typed before their shared page's texts arrived", async () => {
    const user = userEvent.setup();
    let release: (answer: Response) => void = () => undefined;
    fakeApi({
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'FCdemoTalk1' }]),
      'GET /api/shared/sh4reIdAbcdEfgh1234': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderWithApp(dialog(), { user: member });
    await screen.findByTestId('shared-before');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'For the neighbours');
    release(json(200, sharedBefore));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
    expect(screen.getByLabelText('Description')).toHaveValue('For the neighbours');
  });

  it('lets the member share when their shared page is gone meanwhile (404), with no error said', async () => {
    fakeApi({
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'FCdemoTalk1' }]),
      'GET /api/shared/sh4reIdAbcdEfgh1234': json(404, { message: 'Shared analysis not found', errorType: 'NOT_FOUND' }),
    });
    renderWithApp(dialog(), { user: member });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
    expect(screen.queryByText(/Could not read the title and description/)).not.toBeInTheDocument();
  });

  it("says when the member's video has a shared page already, which sharing again updates, keeping its texts", async () => {
    const user = userEvent.setup();
    // The shared page's texts answer when the test says.
    let release: (answer: Response) => void = () => undefined;
    const page = new Promise<Response>((resolve) => (release = resolve));
    const calls = fakeApi({
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'FCdemoTalk1' }]),
      'POST /api/analysis/share': json(201, {
        shareId: 'sh4reIdAbcdEfgh1234',
        youtubeId: 'FCdemoTalk1',
        url: '/shared/sh4reIdAbcdEfgh1234',
      }),
      'GET /api/shared/sh4reIdAbcdEfgh1234': () => page,
    });
    const sharedPage = json(200, sharedBefore);
    renderWithApp(dialog(), { user: member });
    const note = await screen.findByTestId('shared-before');
    expect(note).toHaveTextContent('This video already has a shared page. Creating the link again updates that page');
    expect(within(note).getByRole('link', { name: 'shared page' })).toHaveAttribute('href', '/shared/sh4reIdAbcdEfgh1234');
    // The form starts from the page's title and description, not the defaults, so sharing the
    // edited topics again does not undo them; until they are read, nothing can be sent.
    expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeDisabled();
    release(sharedPage);
    expect(await screen.findByDisplayValue('Bus lanes, explained')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('The best bits for the council');
    await user.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(await screen.findByDisplayValue(/shared\/sh4reIdAbcdEfgh1234/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'Bus lanes, explained',
      description: 'The best bits for the council',
    });
  });

  it('says "try again later" when the member is still signed in', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/analysis/share': json(500, { message: 'Internal error' }),
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, []),
    });
    renderWithApp(dialog(), { user: member });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create Share Link' }));
    expect(await screen.findByText('Error creating share link')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
  });

  it("says why Create waits when the member's shared pages cannot be read offline, and enables it once online", async () => {
    onlineManager.setOnline(false);
    try {
      fakeApi({ 'GET /api/user': json(200, member), 'GET /api/analysis/shares-map': json(200, []) });
      renderWithApp(dialog(), { user: member });
      expect(await screen.findByRole('status')).toHaveTextContent(UNREACHABLE);
      expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeDisabled();
      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
      expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says when whether the video was shared before could not be checked, and checks again on request', async () => {
    const user = userEvent.setup();
    let answer = json(500, { message: 'Internal error' });
    fakeApi({ 'GET /api/user': json(200, member), 'GET /api/analysis/shares-map': () => answer });
    renderWithApp(dialog(), { user: member });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Could not check whether this video's clips were shared before. Try again",
    );
    // Sharing now could reset the texts of a page shared before.
    expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeDisabled();
    answer = json(200, []);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("says when the texts of the video's shared page could not be read, and reads them again on request", async () => {
    const user = userEvent.setup();
    let answer = json(500, { message: 'Internal error' });
    fakeApi({
      'GET /api/user': json(200, member),
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'FCdemoTalk1' }]),
      'GET /api/shared/sh4reIdAbcdEfgh1234': () => answer,
    });
    renderWithApp(dialog(), { user: member });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Could not read the title and description of this video's shared page. Try again",
    );
    expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeDisabled();
    answer = json(200, {
      shareId: 'sh4reIdAbcdEfgh1234',
      youtubeId: 'FCdemoTalk1',
      title: 'Bus lanes, explained',
      description: 'The best bits',
      viewCount: 3,
      isOwner: true,
      sharedTopics: [topic],
      createdAt: '2026-11-30T10:00:00.000Z',
      video: { title: 'Bus lanes', thumbnailUrl: null, channelTitle: null, durationSeconds: null },
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Bus lanes, explained')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Share Link' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
