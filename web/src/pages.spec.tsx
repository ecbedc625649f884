import { onlineManager } from '@tanstack/react-query';
import type { HistoryVideo, SharedAnalysisResponse, Topic } from '@findclips/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HistoryPage, { HISTORY_PAGE_CARDS, HISTORY_SKELETON_CARDS } from './pages/history-page';
import SharedPage, { topicAtTime } from './pages/shared-page';
import DashboardPage from './dashboard/dashboard-page';
import { rememberUser } from './lib/storage';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { type Answer, fakeApi, json, member, renderWithApp, savedFiles } from './test/render';
import { UNREACHABLE } from './lib/api';

const video = (id: number, youtubeId: string, title: string | null, processedAt: string): HistoryVideo => ({
  id,
  videoId: youtubeId,
  youtubeId,
  title,
  thumbnailUrl: null,
  processedAt,
  createdAt: '2026-01-01T09:00:00.000Z',
  durationSeconds: 5_100,
  topicCount: 12,
});

const history = [
  video(1, 'aaaaaaaaaaa', 'banana talk', '2026-03-01T10:00:00.000Z'),
  video(2, 'bbbbbbbbbbb', 'Apple interview', '2026-01-01T10:00:00.000Z'),
  video(3, 'ccccccccccc', 'cherry podcast', '2026-05-01T10:00:00.000Z'),
];

/** `count` videos 'Talk 1', 'Talk 2'…, the first processed last. */
const talks = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    video(
      i + 1,
      `v${String(i).padStart(10, '0')}`,
      `Talk ${i + 1}`,
      new Date(Date.UTC(2026, 0, 1, 0, 0, count - i)).toISOString(),
    ),
  );

/** The card titles in the order shown. */
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('history', () => {
  // 130 cards, asked for by role several times: 5-6 s of CPU in jsdom, which a CI run's three
  // workers on two cores stretched past Jest's 30 s (40 s measured beside the rest of the suite).
  const LONG_HISTORY_MS = 90_000;

  it('shows 6 skeleton cards while loading', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    expect(screen.getByLabelText('Loading videos')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(HISTORY_SKELETON_CARDS);
    expect(HISTORY_SKELETON_CARDS).toBe(6);
  });

  it('sorts by Recently Processed, or by Video Title', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos': json(200, history), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    await screen.findByText('banana talk');
    expect(cardTitles()).toEqual(['cherry podcast', 'banana talk', 'Apple interview']);
    expect(screen.getAllByText('Your Analysis')).toHaveLength(3);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Video Title');
    expect(cardTitles()).toEqual(['Apple interview', 'banana talk', 'cherry podcast']);
    // The order is in the address: Back from a video, or a reload, keeps it.
    expect(screen.getByTestId('location')).toHaveTextContent('/history?sort=title');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Recently Processed');
    expect(cardTitles()).toEqual(['cherry podcast', 'banana talk', 'Apple interview']);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/history$/);
  });

  it(
    'shows a long history 60 cards at a time, the keyboard going on to the first card each Show more videos brings',
    async () => {
      const user = userEvent.setup();
      const many = talks(130);
      fakeApi({ 'GET /api/videos': json(200, many), 'GET /api/analysis/shares-map': json(200, []) });
      renderWithApp(<HistoryPage />, { route: '/history', user: member });
      await screen.findByText('Talk 1');
      expect(HISTORY_PAGE_CARDS).toBe(60);
      expect(cardTitles()).toHaveLength(60);
      // Thumbnails load as they near the screen, not 130 at once.
      expect(screen.getByRole('img', { name: 'Talk 1' })).toHaveAttribute('loading', 'lazy');

      await user.click(screen.getByRole('button', { name: 'Show more videos (70 more)' }));
      expect(cardTitles()).toHaveLength(120);
      expect(screen.getByRole('button', { name: 'Talk 61' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Show more videos (10 more)' }));
      expect(cardTitles()).toEqual(many.map((v) => v.title));
      expect(screen.getByRole('button', { name: 'Talk 121' })).toHaveFocus();
      expect(screen.queryByRole('button', { name: /Show more videos/ })).not.toBeInTheDocument();

      // Another order starts again from its first 60 cards.
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Video Title');
      expect(cardTitles()).toHaveLength(60);
      expect(screen.getByRole('button', { name: 'Show more videos (70 more)' })).toBeInTheDocument();
    },
    LONG_HISTORY_MS,
  );

  it(
    'comes back from a video opened far down with as many cards as then, the keyboard on its card',
    async () => {
      const user = userEvent.setup();
      const many = talks(130);
      fakeApi({ 'GET /api/videos': json(200, many), 'GET /api/analysis/shares-map': json(200, []) });
      const BackFromVideo = () => {
        const navigate = useNavigate();
        return <button onClick={() => navigate(-1)}>Back</button>;
      };
      renderWithApp(
        <Routes>
          <Route
            path="/history"
            element={
              <>
                <HistoryPage />
                <Link to="/settings">Settings</Link>
              </>
            }
          />
          <Route path="/" element={<BackFromVideo />} />
          <Route path="/settings" element={<BackFromVideo />} />
        </Routes>,
        { route: '/history?sort=title', user: member },
      );
      await screen.findByText('Talk 1');
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Recently Processed');
      await user.click(screen.getByRole('button', { name: 'Show more videos (70 more)' }));
      expect(cardTitles()).toHaveLength(120);
      await user.click(screen.getByRole('button', { name: 'Talk 100' }));
      expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${many[99]!.youtubeId}`);

      // jsdom lays nothing out and cannot scroll: record where the page asks to scroll to.
      const scrolledTo: [string | null, ScrollIntoViewOptions | boolean | undefined][] = [];
      Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
        scrolledTo.push([this.getAttribute('data-video'), options]);
      };
      try {
        await user.click(screen.getByRole('button', { name: 'Back' }));
        await screen.findByText('Talk 100');
      } finally {
        delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      }
      expect(cardTitles()).toHaveLength(120);
      expect(screen.getByRole('button', { name: 'Talk 100' })).toHaveFocus();
      // Its card in the middle of the screen, whatever the cards around it turn out to measure.
      expect(scrolledTo).toEqual([[many[99]!.youtubeId, { block: 'center' }]]);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/history$/);
      // That return is spent: Back from another page later is no return from that video.
      await user.click(screen.getByRole('link', { name: 'Settings' }));
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await screen.findByText('Talk 1');
      expect(cardTitles()).toHaveLength(HISTORY_PAGE_CARDS);
      expect(document.activeElement).toBe(document.body);
      // A new order starts from its top: the page does not move hundreds of cards.
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Video Title');
      expect(cardTitles()).toHaveLength(HISTORY_PAGE_CARDS);
    },
    LONG_HISTORY_MS,
  );

  it('opens at its first 60 cards when reached afresh, not from a video', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      video(i + 1, `w${String(i).padStart(10, '0')}`, `Talk ${i + 1}`, history[0]!.processedAt),
    );
    fakeApi({ 'GET /api/videos': json(200, many), 'GET /api/analysis/shares-map': json(200, []) });
    // A state no card wrote (another page's, or a hand-made one) is not a place to return to.
    for (const state of [
      { shown: 'all', opened: many[80]!.youtubeId },
      { shown: 90, opened: 'not a video' },
    ]) {
      const { unmount } = renderWithApp(<HistoryPage />, { route: '/history', user: member, state });
      await screen.findByText('Talk 1');
      expect(cardTitles()).toHaveLength(HISTORY_PAGE_CARDS);
      expect(document.activeElement).toBe(document.body);
      unmount();
    }
  });

  it('opens in the order its address says', async () => {
    fakeApi({ 'GET /api/videos': json(200, history), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history?sort=title', user: member });
    await screen.findByText('banana talk');
    expect(cardTitles()).toEqual(['Apple interview', 'banana talk', 'cherry podcast']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
  });

  it('puts a video whose title is not known yet after the titled ones by Video Title, as the API does', async () => {
    // A stranger's history audit: sorted as an empty title, 'YouTube video …' came before 'Apple interview'.
    const untitled = video(4, 'ddddddddddd', null, '2026-02-01T10:00:00.000Z');
    fakeApi({ 'GET /api/videos': json(200, [untitled, ...history]), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history?sort=title', user: member });
    await screen.findByText('banana talk');
    expect(cardTitles()).toEqual(['Apple interview', 'banana talk', 'cherry podcast', 'YouTube video ddddddddddd']);
  });

  it("tells each video's length and topics, and its date once unless a later re-analysis adds another", async () => {
    const sameDay = { ...video(4, 'ddddddddddd', 'Same day', '2026-01-01T18:00:00.000Z'), durationSeconds: 754, topicCount: 1 };
    const pending = { ...video(5, 'eeeeeeeeeee', 'Still running', '2026-01-01T09:00:00.000Z'), topicCount: null };
    fakeApi({ 'GET /api/videos': json(200, [history[0], sameDay, pending]), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    const card = (title: string) => within(screen.getByRole('button', { name: title }).closest('li')!);
    await screen.findByText('banana talk');
    expect(card('banana talk').getByText('1 h 25 min')).toBeInTheDocument();
    expect(card('banana talk').getByText('12 topics')).toBeInTheDocument();
    expect(card('banana talk').getByText('Analyzed on Jan 1, 2026 · Processed on Mar 1, 2026')).toBeInTheDocument();
    expect(card('Same day').getByText('13 min')).toBeInTheDocument();
    expect(card('Same day').getByText('1 topic')).toBeInTheDocument();
    expect(card('Same day').getByText('Analyzed on Jan 1, 2026')).toBeInTheDocument();
    expect(card('Same day').queryByText(/Processed on/)).not.toBeInTheDocument();
    expect(card('Still running').queryByText(/topic/)).not.toBeInTheDocument();
  });

  it('opens a video as the current one on /', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({ 'GET /api/videos': json(200, history), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    await user.click(await screen.findByRole('button', { name: 'banana talk' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?video=aaaaaaaaaaa');
    expect(localStorage.getItem(`${member.id}lastProcessedVideoId`)).toBe('"aaaaaaaaaaa"');
  });

  it('offers Process Your First Video when there is none, which puts the keyboard in the link field', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/videos': json(200, []), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/" element={<DashboardPage />} />
      </Routes>,
      { route: '/history', user: member },
    );
    await user.click(await screen.findByRole('button', { name: 'Process Your First Video' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveFocus());
  });

  it('reads the history afresh each time it opens: a video processed or shared since is on it', async () => {
    const user = userEvent.setup();
    let list = history.slice(0, 1);
    let shares: { shareId: string; youtubeId: string }[] = [];
    fakeApi({ 'GET /api/videos': () => json(200, list), 'GET /api/analysis/shares-map': () => json(200, shares) });
    renderWithApp(
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/" element={<Link to="/history">Video History</Link>} />
      </Routes>,
      { route: '/history', user: member },
    );
    await user.click(await screen.findByRole('button', { name: 'banana talk' }));
    list = history.slice(0, 2);
    shares = [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'bbbbbbbbbbb' }];
    await user.click(screen.getByRole('link', { name: 'Video History' }));
    const card = (await screen.findByRole('heading', { name: 'Apple interview' })).closest('li')!;
    expect(await within(card).findByRole('button', { name: 'Remove share' })).toBeInTheDocument();
  });

  it('offers to try again when the history could not be read, and shows it once it can', async () => {
    const user = userEvent.setup();
    let reachable = false;
    fakeApi({
      'GET /api/videos': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json(200, history.slice(0, 1));
      },
      'GET /api/analysis/shares-map': json(200, []),
    });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'banana talk' })).toBeInTheDocument();
  });

  it.each([0, 1])('has nothing to sort with %i videos', async (count) => {
    fakeApi({ 'GET /api/videos': json(200, history.slice(0, count)), 'GET /api/analysis/shares-map': json(200, []) });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    await screen.findByRole(count ? 'heading' : 'button', { name: count ? 'banana talk' : 'Process Your First Video' });
    expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
  });

  it('removes a share only after confirmation', async () => {
    const user = userEvent.setup();
    let shares = [{ shareId: 'share-of-banana-1234', youtubeId: 'aaaaaaaaaaa' }];
    let removed: (response: Response) => void = () => undefined;
    const removal = new Promise<Response>((resolve) => (removed = resolve));
    const calls = fakeApi({
      'GET /api/videos': json(200, history),
      'GET /api/analysis/shares-map': () => json(200, shares),
      'DELETE /api/analysis/shared/share-of-banana-1234': () => {
        shares = [];
        return removal;
      },
    });
    // As in the app: a main region the dialogs fall back to when their button is gone or disabled.
    renderWithApp(
      <main id="main" tabIndex={-1}>
        <HistoryPage />
      </main>,
      { route: '/history', user: member },
    );
    // Only the shared video's card has the share buttons, which say whose video they act on.
    expect(await screen.findAllByRole('button', { name: 'Copy link' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveAccessibleDescription(/banana/i);
    expect(screen.getByRole('button', { name: 'Remove share' })).toHaveAccessibleDescription(/banana/i);
    await user.click(screen.getByRole('button', { name: 'Remove share' }));

    let dialog = screen.getByRole('alertdialog', { name: 'Remove this share?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove share' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove this share?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove share' }));
    // While it is removed, Remove share keeps the focus the dialog gives back, and a press sends nothing.
    const button = screen.getByRole('button', { name: 'Remove share' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await act(async () => removed(json(200, { success: true })));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/analysis/shared/share-of-banana-1234']);
    // Focus, on the button that went away, moves to the card's title rather than the page, and it is said.
    await waitFor(() => expect(screen.getByRole('button', { name: 'banana talk' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Share removed: banana talk');
  });

  /** The banana talk's share removed from the history page, the server answering the removal with `removal`. */
  async function removeBananaShare(
    removal: Answer,
    shares: Answer = json(200, [{ shareId: 'share-of-banana-1234', youtubeId: 'aaaaaaaaaaa' }]),
  ) {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/videos': json(200, history),
      'GET /api/analysis/shares-map': shares,
      'DELETE /api/analysis/shared/share-of-banana-1234': removal,
    });
    renderWithApp(<HistoryPage />, { route: '/history', user: member });
    await user.click(await screen.findByRole('button', { name: 'Remove share' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove share' }));
  }

  it("says 'Copied' for 2 s after the share link is copied, then 'Copy link' again", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      fakeApi({
        'GET /api/videos': json(200, history),
        'GET /api/analysis/shares-map': json(200, [{ shareId: 'share-of-banana-1234', youtubeId: 'aaaaaaaaaaa' }]),
      });
      renderWithApp(<HistoryPage />, { route: '/history', user: member });
      await user.click(await screen.findByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe('http://localhost/shared/share-of-banana-1234');
      expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_900));
      expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says why a share could not be removed, and keeps its buttons', async () => {
    await removeBananaShare(json(503, { message: 'Service temporarily unavailable' }));
    expect(await screen.findByText('Failed to remove share')).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('takes a share already removed elsewhere (404) for removed: the card loses its share buttons, without an error', async () => {
    let shares = [{ shareId: 'share-of-banana-1234', youtubeId: 'aaaaaaaaaaa' }];
    await removeBananaShare(
      () => {
        shares = [];
        return json(404, { message: 'Shared analysis not found' });
      },
      () => json(200, shares),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Share removed: banana talk');
    expect(screen.queryByText('Failed to remove share')).not.toBeInTheDocument();
  });

  it('says the session expired when the removal comes from nobody signed in (401)', async () => {
    await removeBananaShare(json(401, { message: 'You are not signed in' }));
    expect(await screen.findByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to remove share')).not.toBeInTheDocument();
    expect(screen.queryByText('You are not signed in')).not.toBeInTheDocument();
  });
});

const topic = (n: number): Topic => ({
  id: `t${n}`,
  title: `Topic number ${n}`,
  startTime: n * 60,
  endTime: n * 60 + 45,
  quotes: [],
});

const share = (over: Partial<SharedAnalysisResponse> = {}): SharedAnalysisResponse => ({
  shareId: 'abcdefghijklmnop',
  youtubeId: 'dQw4w9WgXcQ',
  title: null,
  description: 'Watch the highlights',
  viewCount: 1,
  isOwner: false,
  sharedTopics: [1, 2, 3, 4, 5, 6].map(topic),
  createdAt: '2026-01-01T09:00:00.000Z',
  video: { title: 'The big interview', thumbnailUrl: null, channelTitle: 'Channel Five', durationSeconds: 3_725 },
  ...over,
});

function renderShared(user: typeof member | null = null) {
  return renderWithApp(
    <Routes>
      <Route path="/shared/:shareId" element={<SharedPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/shared/abcdefghijklmnop', user },
  );
}

describe('shared page', () => {
  it('shows a skeleton while loading', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderShared();
    expect(screen.getByLabelText('Loading the shared analysis')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Powered by')).not.toBeInTheDocument();
  });

  it('says Analysis Not Found for a removed share, with a way home', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(404, { message: 'Shared analysis not found' }) });
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Analysis Not Found' })).toBeInTheDocument();
    expect(screen.getByText("This shared analysis may have been removed or doesn't exist.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Analysis Not Found · Find Clips'));
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('says why a share did not load when the server failed or could not be reached, and tries again when asked', async () => {
    const user = userEvent.setup();
    const answers: (() => Response | Promise<Response>)[] = [
      () => json(503, { message: 'Service unavailable' }),
      // Too many requests from this network: busy for now, not gone.
      () => json(429, { message: 'Too many requests. Please try again later.', errorType: 'RATE_LIMITED' }),
      () => json(502, { message: 'Bad gateway' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, share({ title: 'Back again' })),
    ];
    const calls = fakeApi({ 'GET /api/shared/abcdefghijklmnop': () => answers.shift()!() });
    renderShared();
    // No automatic retry (nothing but the video fetches is retried): the reason at once, not 'removed or doesn't exist'.
    expect(await screen.findByRole('heading', { name: 'Analysis Not Found' })).toBeInTheDocument();
    const unavailable = 'Find Clips could not load this shared analysis just now. Try again in a moment.';
    expect(screen.getByText(unavailable)).toBeInTheDocument();
    expect(screen.queryByText("This shared analysis may have been removed or doesn't exist.")).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    for (const answer of [2, 3]) {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(calls).toHaveLength(answer));
      expect(await screen.findByText(unavailable)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Could not reach Find Clips. Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
    expect(calls).toHaveLength(5);
  });

  it('says a share opened offline cannot be reached yet, and shows it once the network is back', async () => {
    onlineManager.setOnline(false);
    try {
      fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ title: 'Read once online' })) });
      renderShared();
      expect(await screen.findByText('Could not reach Find Clips. Check your connection and try again.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      onlineManager.setOnline(true);
      expect(await screen.findByRole('heading', { name: 'Read once online' })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("shows the description's lines as the sharer wrote them", async () => {
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ description: 'First line\n\nSecond line' })) });
    renderShared();
    const description = await screen.findByText(/First line/);
    expect(description.textContent).toBe('First line\n\nSecond line');
    // White space kept as line breaks (runs of spaces still fold into one).
    expect(description).toHaveClass('whitespace-pre-line');
  });

  it('opens with a malformed moment link (#%E0%A4%A) as without one', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share()) });
    window.location.hash = '#%E0%A4%A';
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Topics in this video' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be loaded')).not.toBeInTheDocument();
    window.location.hash = '';
  });

  it("finds the topic playing at ?t= (a search engine's key moment, or YouTube's way): whole seconds, before the first topic none", () => {
    // Topics start at 1:00, 2:00 ... 6:00.
    for (const [t, at] of [
      ['320', 'topic-5'],
      ['60s', 'topic-1'],
      ['99999', 'topic-6'],
      // As YouTube's links write a time.
      ['5m', 'topic-5'],
      ['1m59s', 'topic-1'],
      ['0h2m0s', 'topic-2'],
      ['1h', 'topic-6'],
      ['10', null],
      ['abc', null],
      ['-5', null],
      ['m', null],
      ['5m1h', null],
      ['1:00', null],
      ['', null],
    ] as const) {
      expect(topicAtTime(share().sharedTopics, `?t=${t}`)).toBe(at);
    }
    // Two topics starting within one second: the first of them, whose key moment it is first.
    const close = [topic(1), { ...topic(2), startTime: 60.6 }];
    expect(topicAtTime(close, '?t=60')).toBe('topic-1');
  });

  it('lists the first 4 topics with anchors, and all of them on request', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share()) });
    renderShared();
    expect(await screen.findByRole('heading', { name: 'The big interview - Find & Watch The Best Clips' })).toBeInTheDocument();
    // The tab says it too, also when the page was reached from inside the app.
    expect(document.title).toBe('The big interview - Find & Watch The Best Clips');
    expect(screen.getByText('1 view')).toBeInTheDocument();
    expect(screen.getByText('from Channel Five')).toBeInTheDocument();
    expect(screen.getByText('Shared video clips containing 6 topics')).toBeInTheDocument();
    expect(screen.getByTestId('transcript-source')).toHaveTextContent("Transcript: the video's captions on YouTube");
    expect(screen.getByAltText('The big interview')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in Find Clips' })).not.toBeInTheDocument();

    const list = () => within(screen.getByRole('heading', { name: 'Topics in this video' }).parentElement!);
    const anchors = () =>
      list()
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    expect(anchors()).toEqual(['#topic-1', '#topic-2', '#topic-3', '#topic-4']);
    await user.click(screen.getByRole('button', { name: 'Show all 6 topics' }));
    expect(anchors()).toEqual(['#topic-1', '#topic-2', '#topic-3', '#topic-4', '#topic-5', '#topic-6']);
    // The keyboard goes on to the first topic added (above the button, Tab had passed them by).
    expect(document.activeElement).toHaveAttribute('href', '#topic-5');
    await user.click(screen.getByRole('button', { name: 'Show fewer topics' }));
    expect(anchors()).toHaveLength(4);
    // Every topic has its clip section, whatever the list shows.
    expect(document.querySelectorAll('section[id^="topic-"]')).toHaveLength(6);
  });

  it('says where the transcript came from: YouTube, or captions the member who shared it uploaded', async () => {
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ transcriptSource: 'upload' })) });
    renderShared();
    expect(await screen.findByTestId('transcript-source')).toHaveTextContent(
      'Transcript: captions uploaded by the member who shared this video',
    );
  });

  it("exports chapters by the video's length, as the CLI does: an hour-long video's times as H:MM:SS", async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share()) });
    renderShared();
    await user.click(await screen.findByText('Export'));
    await user.click(screen.getByRole('button', { name: 'YouTube chapters' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('the-big-interview.txt');
    expect((await saved[0]!.text()).split('\n')[0]).toMatch(/^0:00:00 /);
  });

  it('gives the owner a way back, and says when no topics were shared', async () => {
    fakeApi({
      'GET /api/shared/abcdefghijklmnop': json(200, share({ isOwner: true, title: 'My picks', viewCount: 3, sharedTopics: [] })),
    });
    renderShared(member);
    expect(await screen.findByRole('heading', { name: 'My picks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Find Clips' })).toHaveAttribute('href', '/?video=dQw4w9WgXcQ');
    expect(screen.getByText('3 views')).toBeInTheDocument();
    expect(screen.getByText('No topics available in this shared analysis.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it("keeps a right-to-left video title to itself in the heading and the tab, the product's words after it", async () => {
    fakeApi({
      'GET /api/shared/abcdefghijklmnop': json(200, share({ video: { ...share().video, title: 'ראיון 2' } })),
    });
    renderShared();
    // Isolated, its direction is its own: the line still reads left to right, our words last.
    const said = '\u2068ראיון 2\u2069 - Find & Watch The Best Clips';
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(said, { normalizeWhitespace: false });
    expect(document.title).toBe(said);
  });

  it("shows a Viral Cut's times and length as the whole seconds it plays", async () => {
    const user = userEvent.setup();
    const cut = { id: 'q1', content: 'Fares pay for a third of the service.', startTime: 430.296, endTime: 449.98 };
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ sharedTopics: [{ ...topic(1), quotes: [cut] }] })) });
    renderShared();
    const quotes = within(await screen.findByRole('list', { name: 'Quotes of Topic number 1' }));
    // Played from 7:10 to 7:30, shown so, and 20 s long.
    expect(quotes.getByText('7:10 - 7:30')).toBeInTheDocument();
    expect(quotes.getByText('20s')).toBeInTheDocument();
    await user.click(quotes.getByRole('button', { name: 'Play clip' }));
    const frame = new URL([...document.querySelectorAll('iframe')].find((f) => f.src.includes('autoplay=1'))!.src);
    expect([frame.searchParams.get('start'), frame.searchParams.get('end')]).toEqual(['430', '450']);
  });

  it("shows each topic's quotes to read, with their time, and plays one Viral Cut at a time on demand", async () => {
    const user = userEvent.setup();
    const quote = (id: string, content: string, startTime: number) => ({ id, content, startTime, endTime: startTime + 25 });
    const withQuotes = {
      ...topic(1),
      quotes: [
        quote('q1', 'Fares pay for a third of the service.', 70),
        quote('q2', 'Every bus carries sixty people. [laughter] Sixty!', 95),
      ],
    };
    fakeApi({
      'GET /api/shared/abcdefghijklmnop': json(200, share({ title: 'The big interview', sharedTopics: [withQuotes, topic(2)] })),
    });
    renderShared();
    const quotes = within(await screen.findByRole('list', { name: 'Quotes of Topic number 1' }));
    expect(quotes.getByText('“Fares pay for a third of the service.”')).toBeInTheDocument();
    expect(quotes.getByText('1:10 - 1:35')).toBeInTheDocument();
    // The words as said, without the captions' tags.
    expect(quotes.getByText('“Every bus carries sixty people. Sixty!”')).toBeInTheDocument();
    expect(quotes.getAllByText('Viral Cut')).toHaveLength(2);
    // The share is called as the video is: its title shows once, not again on the video card.
    expect(screen.getAllByText('The big interview')).toHaveLength(1);

    const frames = () => [...document.querySelectorAll('iframe')].filter((f) => f.src.includes('autoplay=1'));
    await user.click(quotes.getAllByRole('button', { name: 'Play clip' })[0]!);
    expect(frames()).toHaveLength(1);
    await user.click(quotes.getByRole('button', { name: 'Play clip' }));
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.src).toContain('start=95');
    await user.click(quotes.getByRole('button', { name: 'Close clip' }));
    expect(frames()).toHaveLength(0);
  });

  it('links to any moment: copy a permalink, open YouTube at its second, and a link to a quote cues its clip', async () => {
    const quote = (id: string, content: string, startTime: number) => ({ id, content, startTime, endTime: startTime + 25 });
    const withQuotes = {
      ...topic(1),
      quotes: [quote('q1', 'Fares pay for a third of the service.', 70), quote('q2', 'Every bus carries sixty people.', 754)],
    };
    // jsdom lays nothing out and cannot scroll: record where the page asks to scroll to.
    const scrolledTo: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    window.history.replaceState(null, '', '/shared/abcdefghijklmnop#quote-1-2');
    try {
      fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ sharedTopics: [withQuotes, topic(2)] })) });
      renderShared();
      const second = await screen.findByText('“Every bus carries sixty people.”');
      const card = within(second.closest('li')!);
      await waitFor(() => expect(scrolledTo).toEqual(['quote-1-2']));
      expect(second.closest('li')).toHaveAttribute('id', 'quote-1-2');
      // The keyboard goes on from the moment, not from the top of the page.
      expect(second.closest('li')).toHaveFocus();
      expect(card.getByTitle('Every bus carries sixty people.')).toHaveAttribute('src', expect.stringContaining('start=754'));
      expect(card.getByRole('link', { name: 'Open on YouTube at 12:34' })).toHaveAttribute(
        'href',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=754s',
      );
      const topicSection = within(document.getElementById('topic-2')!);
      expect(topicSection.getByRole('link', { name: 'Open on YouTube at 2:00' })).toHaveAttribute(
        'href',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=120s',
      );

      // Every moment has a 'Copy link': a screen reader also hears which moment.
      expect(topicSection.getByRole('button', { name: 'Copy link' })).toHaveAccessibleDescription('2. Topic number 2');
      expect(card.getByRole('button', { name: 'Copy link' })).toHaveAccessibleDescription('“Every bus carries sixty people.”');
      // user-event stands in for the browser's clipboard.
      const announcer = document.querySelector('[data-announcer]');
      expect(announcer).toHaveAttribute('aria-live', 'polite');
      // In the page before the click (an export of an earlier test may have said something in it).
      expect(announcer).not.toHaveTextContent('Link copied');
      await userEvent.setup().click(topicSection.getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe('http://localhost/shared/abcdefghijklmnop#topic-2');
      expect(topicSection.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      // The button's name changed with its text, which a screen reader does not read out: it hears this.
      await waitFor(() => expect(announcer).toHaveTextContent('Link copied'));

      // A link to another moment followed on the page (the address's #… changes): it goes there too.
      act(() => void (window.location.hash = '#topic-2'));
      await waitFor(() => expect(scrolledTo).toEqual(['quote-1-2', 'topic-2']));
      expect(document.getElementById('topic-2')).toHaveFocus();
    } finally {
      window.history.replaceState(null, '', '/');
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('has no toggle for 4 topics or fewer', async () => {
    fakeApi({ 'GET /api/shared/abcdefghijklmnop': json(200, share({ sharedTopics: [1, 2, 3, 4].map(topic) })) });
    renderShared();
    expect(await screen.findByText('Shared video clips containing 4 topics')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });
});
