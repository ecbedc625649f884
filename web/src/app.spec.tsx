import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { VideoAnalysisResponse } from '@findclips/contracts';
import { App, withoutTrailingSlashes } from './app';
import { UNREACHABLE } from './lib/api';
import { LOGGED_OUT, SERVER_FAILED, setLoggedOutHere, USER_KEY } from './lib/auth';
import { fakeApi, HistoryButtons, json, member, renderWithApp } from './test/render';

/** Requests that should never be made fail the test loudly; pending ones never settle. */
const pendingFetch = jest.fn(() => new Promise<Response>(() => undefined));
beforeEach(() => {
  pendingFetch.mockClear();
  globalThis.fetch = pendingFetch as unknown as typeof fetch;
});
// Whether the member logged out in this tab lasts as long as the page: each test is a page of its own.
afterEach(() => setLoggedOutHere(false));

/** A member's own analysis of a video. */
const analysis: VideoAnalysisResponse = {
  videoId: 'dQw4w9WgXcQ',
  youtubeId: 'dQw4w9WgXcQ',
  title: 'What the member watched',
  thumbnailUrl: null,
  channelTitle: 'A channel',
  durationSeconds: 600,
  analyzedTopics: [{ id: 't1', title: 'A private topic', startTime: 0, endTime: 600, quotes: [] }],
  hasEmptyTopics: false,
  isUserSpecific: true,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
  userAnalysisUpdatedAt: null,
};

describe('routes and guards', () => {
  it('shows a spinner on a login-required route while the user loads', async () => {
    renderWithApp(<App />, { route: '/history' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(pendingFetch).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }));
  });

  it.each([
    ['/history', { name: 'Your Processed Videos' }],
    ['/', { name: 'Find Clips' }],
  ])(
    'shows %s as unavailable while the server cannot say who is signed in (503), never /auth, until asked again',
    async (route, heading) => {
      let down = true;
      const calls = fakeApi({
        'GET /api/user': () =>
          down ? json(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }) : json(200, member),
        'GET /api/videos': json(200, []),
        'GET /api/analysis/shares-map': json(200, []),
      });
      renderWithApp(<App />, { route });
      const panel = (await screen.findByText('Find Clips is not available right now')).closest('[role=status]')!;
      expect(panel).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${route}$`));
      // Nobody is shown signed out meanwhile, and the page does not ask again and again (it asked
      // 20-30 times a second), nor by itself (nothing but the video fetches is retried by itself).
      expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
      expect(calls.filter((call) => call.path === '/api/user')).toHaveLength(1);
      down = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', heading)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${route}$`));
    },
  );

  it("says a proxy's failure in words, not its HTML page", async () => {
    fakeApi({
      'GET /api/user': () =>
        new Response('<html><head><title>502 Bad Gateway</title></head></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    });
    renderWithApp(<App />, { route: '/settings' });
    const panel = (await screen.findByText('Find Clips is not available right now')).closest('[role=status]')!;
    expect(panel).toHaveTextContent(SERVER_FAILED);
    expect(panel).not.toHaveTextContent('<html>');
  });

  it('waits for the network when opened offline, rather than send a member to /auth', async () => {
    onlineManager.setOnline(false);
    try {
      const calls = fakeApi({
        'GET /api/user': json(200, member),
        'GET /api/videos': json(200, []),
        'GET /api/analysis/shares-map': json(200, []),
      });
      renderWithApp(<App />, { route: '/history' });
      expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/history$/);
      expect(calls).toHaveLength(0);
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('heading', { name: 'Your Processed Videos' })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it.each(['/history', '/settings'])('sends a signed-out visitor from %s to /auth', async (route) => {
    renderWithApp(<App />, { route, user: null });
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
  });

  it('renders /history for a signed-in user', async () => {
    renderWithApp(<App />, { route: '/history', user: member });
    expect(await screen.findByRole('heading', { name: 'Your Processed Videos' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });

  it.each([
    // Signed out in another tab (or the session ended): the page still shows the member.
    ["goes to /auth when a member's call is refused as signed out and the server says nobody is signed in", false],
    // Logged out here, then Back before /auth showed: the page shows the member again.
    ['goes to /auth from elsewhere after logging out here, once a call is refused (Back before /auth showed)', true],
  ])('%s', async (_, loggedOutHere) => {
    setLoggedOutHere(loggedOutHere);
    fakeApi({
      'GET /api/videos': json(401, { message: 'You are not signed in' }),
      'GET /api/analysis/shares-map': json(401, { message: 'You are not signed in' }),
      'GET /api/user': json(401, { message: 'You are not signed in' }),
    });
    renderWithApp(<App />, { route: '/history', user: member });
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    // Signed out by nobody here (a password changed on another device), the member is told why;
    // having logged out here, nothing expired.
    const told = screen.queryByText('Your session has expired. Please refresh the page to log in again.');
    if (loggedOutHere) expect(told).not.toBeInTheDocument();
    else expect(told).toBeInTheDocument();
  });

  it('stays when a call is refused as signed out but the server still knows the member', async () => {
    const calls = fakeApi({
      'GET /api/videos': json(401, { message: 'You are not signed in' }),
      'GET /api/analysis/shares-map': json(200, []),
      'GET /api/user': json(200, member),
    });
    renderWithApp(<App />, { route: '/history', user: member });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));
    // Its answer handled (a moment later), the page stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await screen.findByText('You are not signed in')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/history$/);
  });

  it('sends a signed-in user from /auth to /', async () => {
    renderWithApp(<App />, { route: '/auth', user: member });
    expect(await screen.findByRole('heading', { name: 'Find Clips', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(['/history', '/settings'])('sends a guest from %s, which is for members only, to /auth', async (route) => {
    document.cookie = 'gid=guest-1234; path=/';
    try {
      renderWithApp(<App />, { route, user: null });
      expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    } finally {
      document.cookie = 'gid=; path=/; max-age=0';
    }
  });

  it('takes a member whose session ended meanwhile from / to /auth, not on as a guest', async () => {
    const calls = fakeApi({ 'GET /api/user': json(401, { message: 'You are not signed in' }) });
    window.history.replaceState(null, '', '/');
    renderWithApp(<App />, { route: '/', user: member });
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // Back into view after a sign-out on another device: the tab asks who is here.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
  });

  it("keeps a shared page open when the member's session has ended meanwhile: anyone may read it", async () => {
    const calls = fakeApi({
      'GET /api/user': json(401, { message: 'You are not signed in' }),
      'GET /api/shared/abcdefghijklmnop': json(200, {
        shareId: 'abcdefghijklmnop',
        youtubeId: 'dQw4w9WgXcQ',
        title: null,
        description: null,
        viewCount: 1,
        isOwner: false,
        sharedTopics: [{ id: 't1', title: 'A shared topic', startTime: 60, endTime: 120, quotes: [] }],
        createdAt: '2026-01-01T09:00:00.000Z',
        video: { title: 'The big interview', thumbnailUrl: null, channelTitle: 'Channel Five', durationSeconds: 600 },
      }),
    });
    // The session check reads the browser's own address.
    window.history.replaceState(null, '', '/shared/abcdefghijklmnop');
    try {
      renderWithApp(<App />, { route: '/shared/abcdefghijklmnop', user: member });
      expect(await screen.findByRole('heading', { name: /A shared topic/ })).toBeInTheDocument();
      // Back into view after a sign-out on another device: the tab asks who is here.
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));
      expect(await screen.findByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/shared\/abcdefghijklmnop$/);
      expect(screen.getByRole('heading', { name: /A shared topic/ })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('lets guests and anonymous visitors use / with the demo', async () => {
    renderWithApp(<App />, { route: '/', user: null });
    expect(await screen.findByText('Find the best moments of any long video')).toBeInTheDocument();
    expect(screen.getByText('Watch clips grouped by topic')).toBeInTheDocument();
    expect(screen.getByText('Share the highlights with anyone')).toBeInTheDocument();
    expect(screen.getByText(/Credits:/)).toHaveTextContent('of 2');
    expect(screen.getByRole('link', { name: 'Sign up for unlimited access' })).toHaveAttribute('href', '/auth');
  });

  it.each(['/no/such/page', '/shared/abcdefghijklmnop/extra'])('shows the 404 page for any other path: %s', async (route) => {
    renderWithApp(<App />, { route, user: null });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(document.title).toBe('404 Page Not Found · Find Clips');
  });

  // The server answers these 404 (its routes are lower case): the page says so too, rather than show
  // the sign-in page with the navigation bar, or a member's page, under a tab titled '404 Page Not Found'.
  it.each([
    ['/AUTH', null],
    ['/History', member],
    ['/Settings', member],
    ['/Privacy', null],
  ] as const)('shows the 404 page for a route in other letter case: %s', async (route, user) => {
    renderWithApp(<App />, { route, user });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(route);
    expect(document.title).toBe('404 Page Not Found · Find Clips');
  });

  it.each([
    ['/auth', null, 'Sign in · Find Clips'],
    ['/history', member, 'Video History · Find Clips'],
    ['/settings', member, 'Settings · Find Clips'],
    ['/history/', member, 'Video History · Find Clips'],
    ['/', null, 'Find Clips'],
  ] as const)('names %s in the browser tab', async (route, user, title) => {
    document.title = 'stale';
    renderWithApp(<App />, { route, user });
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('navigation bar and footer', () => {
  it.each(['/auth', '/auth/'])('is hidden on %s', async (route) => {
    renderWithApp(<App />, { route, user: null });
    await screen.findByText('Login and get access to all features.');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('offers signed-out visitors only Find Clips and Sign up', async () => {
    renderWithApp(<App />, { route: '/no-such', user: null });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Find Clips');
    expect(within(nav).getByText('beta')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Video History' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('gives members Video History, settings and logout', async () => {
    renderWithApp(<App />, { route: '/no-such', user: member });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Video History' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  /** The video's details, as GET /api/videos/metadata answers them. */
  const metadata = {
    videoId: 'dQw4w9WgXcQ',
    title: analysis.title,
    thumbnailUrl: null,
    channelTitle: null,
    durationSeconds: 600,
  };

  it('names the tab by the video on the dashboard, also when it is come back to from another page', async () => {
    fakeApi({
      'GET /api/user-videos/dQw4w9WgXcQ': json(200, analysis),
      'GET /api/videos/metadata/dQw4w9WgXcQ': json(200, metadata),
      'GET /api/videos': json(200, []),
      'GET /api/analysis/shares-map': json(200, []),
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <App />
        <HistoryButtons />
      </>,
      { route: '/?video=dQw4w9WgXcQ', user: member },
    );
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('What the member watched · Find Clips'));
    await user.click(screen.getByRole('link', { name: 'Video History' }));
    await waitFor(() => expect(document.title).toBe('Video History · Find Clips'));
    // Back on the dashboard (its code loaded by now), the page's own name is not written over.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.title).toBe('What the member watched · Find Clips');
  });

  it('gives the focus to the main region when the control that led to another screen goes with it (it fell to the page)', async () => {
    fakeApi({
      'GET /api/user-videos/dQw4w9WgXcQ': json(200, analysis),
      'GET /api/videos/metadata/dQw4w9WgXcQ': json(200, metadata),
      'GET /api/videos': json(200, [
        {
          id: 1,
          videoId: 'dQw4w9WgXcQ',
          youtubeId: 'dQw4w9WgXcQ',
          title: analysis.title,
          thumbnailUrl: null,
          durationSeconds: 600,
          topicCount: 1,
          createdAt: '2026-01-01T09:00:00.000Z',
          processedAt: '2026-01-01T09:00:00.000Z',
        },
      ]),
      'GET /api/analysis/shares-map': json(200, []),
    });
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/history', user: member });
    await user.click(await screen.findByRole('button', { name: analysis.title! }));
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });

  it("logs out to /auth, never back to / as a guest with the member's video in the field", async () => {
    fakeApi({
      'POST /api/logout': json(200, { message: 'Logged out' }),
      'GET /api/user-videos/dQw4w9WgXcQ': json(200, analysis),
      'GET /api/cached-videos/dQw4w9WgXcQ': json(200, { ...analysis, isUserSpecific: false }),
      'GET /api/guest/credits': json(200, { left: 2 }),
    });
    const user = userEvent.setup();
    const { client } = renderWithApp(<App />, { route: '/?video=dQw4w9WgXcQ', user: member });
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    expect(screen.queryByText('Press Find Clips to open it')).not.toBeInTheDocument();
    // Signed in anew (here, in another tab), the entry no longer holds a member on /auth.
    act(() => client.setQueryData(USER_KEY, member));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("logs out when the logout's answer was lost on its way back, once the server says nobody is signed in", async () => {
    let signedOut = false;
    fakeApi({
      'POST /api/logout': () => {
        signedOut = true;
        throw new TypeError('Failed to fetch');
      },
      'GET /api/user': () => (signedOut ? json(401, { message: 'Not authenticated' }) : json(200, member)),
      'GET /api/user-videos/dQw4w9WgXcQ': json(200, analysis),
      'GET /api/guest/credits': json(200, { left: 2 }),
    });
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/?video=dQw4w9WgXcQ', user: member });
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    expect(screen.queryByText('Logout failed')).not.toBeInTheDocument();
  });

  it('says the logout failed when no answer came and the member is still signed in', async () => {
    fakeApi({
      'POST /api/logout': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /api/user': json(200, member),
      'GET /api/user-videos/dQw4w9WgXcQ': json(200, analysis),
    });
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/?video=dQw4w9WgXcQ', user: member });
    expect(await screen.findByText('A private topic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?video=dQw4w9WgXcQ');
  });

  it('keeps on /auth a member who has just logged out, while the page may still see them signed in', async () => {
    setLoggedOutHere(true);
    renderWithApp(<App />, { route: '/auth', user: member, state: LOGGED_OUT });
    expect(await screen.findByText('Login and get access to all features.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    // Any other way there, a member goes on to /.
    renderWithApp(<App />, { route: '/auth', user: member });
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/));
  });

  it('sends on to / a member signed in again (in another tab) before the page their logout went to showed', async () => {
    // The logout's entry, but someone signed in since: this tab's logout is behind it.
    setLoggedOutHere(false);
    renderWithApp(<App />, { route: '/auth', user: member, state: LOGGED_OUT });
    expect(await screen.findByRole('heading', { name: 'Find Clips', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("opens /auth on its Register tab from a 'Sign up' link, on Login otherwise", async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/no-such', user: null });
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    renderWithApp(<App />, { route: '/auth', user: null });
    const tabs = await screen.findAllByRole('tab', { name: 'Login' });
    expect(tabs.at(-1)).toHaveAttribute('aria-selected', 'true');
  });

  it('offers the keyboard a way past the navigation: the first Tab reaches Skip to content', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/no-such', user: member });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')!.tagName).toBe('MAIN');
  });

  it('marks the settings icon as the page the member is on, as it marks the tabs', async () => {
    renderWithApp(<App />, { route: '/settings', user: member });
    const settings = await screen.findByRole('link', { name: 'Settings' });
    await waitFor(() => expect(settings).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByRole('link', { name: 'Video History' })).not.toHaveAttribute('aria-current');
  });

  it('has the footer links and year 2025', async () => {
    renderWithApp(<App />, { route: '/no-such', user: null });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025');
  });

  it('leads from the footer to the privacy policy and the terms', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/no-such', user: null });
    await user.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/password only as a salted hash/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    expect(pendingFetch).not.toHaveBeenCalled();
  });
});

describe('paths', () => {
  it("reads '/history/' as '/history' and '/' as itself, and a path of 400,000 slashes at once (a pattern took a quarter of a second a render)", () => {
    expect(withoutTrailingSlashes('/history//')).toBe('/history');
    expect(withoutTrailingSlashes('/')).toBe('/');
    expect(withoutTrailingSlashes('///')).toBe('/');
    expect(withoutTrailingSlashes(`${'//'.repeat(200_000)}x/`)).toBe(`${'//'.repeat(200_000)}x`);
  });
});
