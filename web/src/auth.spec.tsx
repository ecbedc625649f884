import { authMessages, type Topic } from '@findclips/contracts';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from './app';
import { fakeApi, HistoryButtons, json, member, renderWithApp } from './test/render';
import { writeStored } from './lib/storage';

const neverCalled = jest.fn(() => Promise.reject(new Error('no request expected')));
beforeEach(() => {
  neverCalled.mockClear();
  globalThis.fetch = neverCalled as unknown as typeof fetch;
});

async function openRegister() {
  const user = userEvent.setup();
  renderWithApp(<App />, { route: '/auth', user: null });
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  return user;
}

describe('sign-in screen', () => {
  it('says at once that logging in failed when the browser is offline, and sends nothing later by itself', async () => {
    onlineManager.setOnline(false);
    try {
      const offline = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      globalThis.fetch = offline as unknown as typeof fetch;
      const user = userEvent.setup();
      renderWithApp(<App />, { route: '/auth', user: null });
      await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'Analytical1');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      const shown = within(await screen.findByRole('region', { name: /Notifications/ }));
      expect(await shown.findByText('Login failed')).toBeInTheDocument();
      expect(shown.getByText('Could not reach Find Clips. Check your connection and try again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
      // Said under the form too, tied to both fields, until either changes: the toast leaves after its seconds.
      const said = 'Login failed: Could not reach Find Clips. Check your connection and try again.';
      for (const label of ['Email', 'Password']) {
        expect(screen.getByLabelText(label)).toBeInvalid();
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(said);
      }
      await user.type(screen.getByLabelText('Password'), '!');
      expect(screen.getByLabelText('Email')).toBeValid();
      expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
      onlineManager.setOnline(true);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(offline).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('keeps the focus on Login while it waits, and sends one request however often it is pressed', async () => {
    const pending = jest.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => undefined));
    globalThis.fetch = pending as unknown as typeof fetch;
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/auth', user: null });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    screen.getByRole('button', { name: 'Login' }).focus();
    await user.keyboard('{Enter}');
    const waiting = await screen.findByRole('button', { name: 'Logging in...' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    // Disabled, it dropped the focus to the page: the next Tab went to the footer.
    expect(waiting).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(pending.mock.calls.filter(([url]) => String(url) === '/api/login')).toHaveLength(1);
  });

  it('goes to / in place of the sign-in screen: Back returns to the page before it, not to / again', async () => {
    fakeApi({ 'POST /api/login': json(200, member), 'GET /api/user': json(200, member) });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <App />
        <HistoryButtons />
      </>,
      { route: '/auth', user: null, before: ['/privacy'] },
    );
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privacy'));
  });

  it('has the header with the beta badge, both tabs, Google links and the divider', async () => {
    renderWithApp(<App />, { route: '/auth', user: null });
    expect(await screen.findByText('beta')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/auth/google');
    expect(screen.getByText('OR LOGIN WITH EMAIL')).toBeInTheDocument();
    for (const blurb of ['YouTube Video', 'Video Analysis', 'Share Highlights']) {
      expect(screen.getByRole('heading', { name: blurb })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/auth', user: null });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    // A toggle with one name, its state said by 'pressed' (not a name that flips as well).
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password', pressed: true })).toBe(toggle);
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('resets a password with a toast only, no request, and returns to the login view', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/auth', user: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const form = screen.getByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Reset link sent')).toBeInTheDocument();
    expect(
      screen.getByText('If an account exists with this email, you will receive a password reset link shortly.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(neverCalled).not.toHaveBeenCalled();
  });

  it('moves focus into the reset view, and back to Forgot password? once the link is sent', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/auth', user: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('ada@example.com{Enter}');
    expect(await screen.findByText('Reset link sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });

  it('goes back to login from the reset view', async () => {
    const user = userEvent.setup();
    renderWithApp(<App />, { route: '/auth', user: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows a failed Google sign-in as a toast', async () => {
    renderWithApp(<App />, { route: '/auth?error=cancelled', user: null });
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(screen.getByText('Google sign-in was cancelled')).toBeInTheDocument();
  });

  it("never shows a link's own ?error= text, only one of its messages", async () => {
    renderWithApp(<App />, { route: '/auth?error=Your%20account%20is%20locked,%20call%20%2B1-555-0100', user: null });
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(screen.getByText('Google sign-in failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/call \+1-555/)).not.toBeInTheDocument();
  });
  it('comes back from a refused Google sign-in to the tab it left, with the email typed there', async () => {
    const user = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    // jsdom does not navigate: the browser would leave for /auth/google here.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    await user.click(screen.getByRole('link', { name: 'Sign up with Google' }));
    document.removeEventListener('click', stay);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Analytical1');
    cleanup();

    // The gateway has no Google client: it sends the browser back, a new page.
    renderWithApp(<App />, { route: '/auth?error=not_configured', user: null });
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    cleanup();

    // Used once: the next sign-in page opens as any does.
    renderWithApp(<App />, { route: '/auth?error=cancelled', user: null });
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});

describe('registration validation: on submit, then on change', () => {
  it('says nothing before the first submit', async () => {
    const user = await openRegister();
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByText('Sign up to start scheduling posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toHaveAttribute('href', '/auth/google');
    expect(screen.getByText('OR REGISTER WITH EMAIL')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows every rule on submit and updates the messages as the person types', async () => {
    const user = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Register with Email' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(neverCalled).not.toHaveBeenCalled();
    // The focus goes to the first field refused, its message said with it.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(authMessages.invalidEmail);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'alllowercase');
    expect(
      screen.getByText('Password must contain at least one lowercase letter and one uppercase letter or number'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.queryByText(authMessages.invalidEmail)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Analytical1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows both password fields in clear text with the checkbox', async () => {
    const user = await openRegister();
    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
  });

  it('goes on with the video a guest was on once they have created an account', async () => {
    const VIDEO = 'dQw4w9WgXcQ';
    const topics: Topic[] = [{ id: 't1', title: 'Why small teams ship faster', startTime: 30, endTime: 250, quotes: [] }];
    document.cookie = 'gid=theGuest000000000000a; path=/';
    writeStored('guestVideoCache', { gid: 'theGuest000000000000a', lastVideoId: VIDEO, analysed: [VIDEO] });
    fakeApi({
      // The account takes the guest's videos, and the browser gets a new guest id.
      'POST /api/register': () => {
        document.cookie = 'gid=nextGuest00000000000b; path=/';
        return json(201, member);
      },
      [`GET /api/user-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: false, ahead: null }),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, {
        videoId: VIDEO,
        youtubeId: VIDEO,
        title: 'An interview about small teams',
        thumbnailUrl: null,
        channelTitle: 'Builders',
        durationSeconds: 600,
        analyzedTopics: topics,
        hasEmptyTopics: false,
        isUserSpecific: false,
        createdAt: '2026-01-01T09:00:00.000Z',
        updatedAt: '2026-01-01T09:00:00.000Z',
        userAnalysisUpdatedAt: null,
      }),
      [`GET /api/videos/metadata/${VIDEO}`]: json(200, {
        videoId: VIDEO,
        title: 'An interview about small teams',
        thumbnailUrl: null,
        channelTitle: 'Builders',
        durationSeconds: 600,
      }),
    });
    const user = await openRegister();
    await user.type(screen.getByLabelText('Email'), member.email);
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Register with Email' }));
    expect(await screen.findByText('Why small teams ship faster', {}, { timeout: 3_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`));
    expect(screen.getByText('Your Private Analysis')).toBeInTheDocument();
    // The next guest of this browser starts afresh.
    expect(localStorage.getItem('guestVideoCache')).toBeNull();
    document.cookie = 'gid=; path=/; max-age=0';
  });

  it('shows the pending label while registering, keeping the focus on the button, and drops confirmPassword from the payload', async () => {
    let release: (response: Response) => void = () => undefined;
    const pending = jest.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (release = resolve)));
    globalThis.fetch = pending as unknown as typeof fetch;
    const user = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Analytical1');
    // From the keyboard: the button keeps the focus while it waits (disabled, it dropped it to the
    // page), and another press sends nothing more.
    screen.getByRole('button', { name: 'Register with Email' }).focus();
    await user.keyboard('{Enter}');
    const waiting = await screen.findByRole('button', { name: 'Creating account...' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    expect(waiting).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(pending).toHaveBeenCalledTimes(1);
    const [url, init] = pending.mock.calls[0]!;
    expect(url).toBe('/api/register');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'Analytical1' });
    await act(async () =>
      release(
        new Response(JSON.stringify({ message: 'An account with this email already exists' }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register with Email' })).toBeEnabled();
  });
});
