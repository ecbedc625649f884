import {
  editMessages,
  quotaMessages,
  videoMessages,
  type CheckStatusResponse,
  type Topic,
  type VideoAnalysisResponse,
} from '@findclips/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { App } from './app';
import DashboardPage from './dashboard/dashboard-page';
import { recordGuestAnalysis } from './dashboard/guest-videos';
import { UNREADABLE_TOPICS } from './dashboard/video-data';
import { ErrorScreen } from './dashboard/error-screen';
import { ExpandableQuote } from './components/expandable-quote';
import { rememberUser, storageKeys } from './lib/storage';
import { historyEntry } from './dashboard/use-submit-video';
import { setLoggedOutHere, USER_KEY } from './lib/auth';
import { beyondContract, fakeApi, HistoryButtons, json, member, renderWithApp, savedFiles } from './test/render';

const VIDEO = 'dQw4w9WgXcQ';
const LINK = `https://www.youtube.com/watch?v=${VIDEO}`;

const topics: Topic[] = [
  {
    id: 't1',
    title: 'Why small teams ship faster',
    startTime: 30,
    endTime: 250,
    quotes: [{ id: 'q1', content: 'We shipped every day because nobody had to ask permission.', startTime: 40, endTime: 52 }],
  },
  { id: 't2', title: 'Hiring the first ten people', startTime: 250, endTime: 600, quotes: [] },
];

const analysis: VideoAnalysisResponse = {
  videoId: VIDEO,
  youtubeId: VIDEO,
  title: 'An interview about small teams',
  thumbnailUrl: null,
  channelTitle: 'Builders',
  durationSeconds: 3_600,
  analyzedTopics: topics,
  hasEmptyTopics: false,
  isUserSpecific: true,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
  userAnalysisUpdatedAt: null,
};

const memberVideo = {
  [`GET /api/user-videos/${VIDEO}`]: json(200, analysis),
  [`GET /api/videos/metadata/${VIDEO}`]: json(200, {
    videoId: VIDEO,
    title: analysis.title,
    thumbnailUrl: null,
    channelTitle: 'Builders',
    durationSeconds: 3_600,
  }),
};

/** The dashboard as a member who last opened VIDEO. */
async function openMemberVideo(routes: Parameters<typeof fakeApi>[0] = {}) {
  rememberUser(member);
  const calls = fakeApi({ ...memberVideo, ...routes });
  const view = renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
  expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
  return { calls, ...view };
}

/** The answer to a guest's submission of VIDEO: its topics at once, `left` credits after it. */
const guestAnswer = (left: number) =>
  json(200, {
    videoId: VIDEO,
    analyzedTopics: topics,
    status: 'complete',
    duration: 600,
    title: 'Small teams',
    thumbnailUrl: null,
    error: null,
    left,
  });

/** GET /api/videos/check-status's answer: no failure recorded and nothing waiting, unless said. */
const statusAnswer = (
  fields: Pick<CheckStatusResponse, 'videoId' | 'exists' | 'status' | 'createdAt'> & Partial<CheckStatusResponse>,
) => json(200, { errorType: null, errorMessage: null, errorCategories: null, ahead: null, ...fields });

/** Pastes the link into the field, as the field asks (typed key by key, the suite took 15% more CPU), and sends it. */
async function paste(user: ReturnType<typeof userEvent.setup>, link = LINK) {
  await user.click(screen.getByPlaceholderText('Paste a YouTube video link...'));
  await user.paste(link);
  await user.click(screen.getByRole('button', { name: 'Find Clips' }));
}

/** Where toasts show (Radix's notifications region). */
const toast = () => screen.findByRole('region', { name: /Notifications/ });
/**
 * Closes the toast shown as a person would, once its region takes the pointer: Radix counts a new
 * toast in an effect, and until then the region has `pointer-events: none` (a busy CI run clicked
 * first, and user-event refused the click).
 */
const closeToast = async (user: ReturnType<typeof userEvent.setup>) => {
  const region = await toast();
  await waitFor(() => expect(region).not.toHaveStyle({ pointerEvents: 'none' }));
  await user.click(within(region).getByRole('button', { name: 'Close' }));
};

// The live channel finds no realtime server in jsdom; the dashboard works without it and only logs.
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'gid=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('dashboard: Back and Forward', () => {
  const OTHER = 'aBcDeFgHiJk';
  const otherTopics: Topic[] = [{ ...topics[0]!, id: 'o1', title: 'Pricing a bakery app' }];
  /** The answer to a submission of OTHER: its topics at once. */
  const submitted = (extra: { left?: number } = {}) =>
    json(200, {
      videoId: OTHER,
      analyzedTopics: otherTopics,
      status: 'complete',
      duration: 600,
      title: 'A bakery app',
      thumbnailUrl: null,
      error: null,
      ...extra,
    });
  /** Pastes the other video, sees it, then goes Back to VIDEO and sees it again. */
  const pasteOtherThenBack = async (user: ReturnType<typeof userEvent.setup>) => {
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByText('Pricing a bakery app')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${OTHER}`));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`);
  };
  /** A member with VIDEO analysed, and OTHER ('A bakery app') analysed once pasted. */
  const twoVideos = (routes: Parameters<typeof fakeApi>[0] = {}) => {
    rememberUser(member);
    return fakeApi({
      ...memberVideo,
      [`POST /api/videos/transcript`]: submitted(),
      [`GET /api/user-videos/${OTHER}`]: json(200, {
        ...analysis,
        title: 'A bakery app',
        videoId: OTHER,
        youtubeId: OTHER,
        analyzedTopics: otherTopics,
      }),
      ...routes,
    });
  };
  /** The dashboard with the browser's Back and Forward buttons. */
  const withHistory = (options: Parameters<typeof renderWithApp>[1]) =>
    renderWithApp(
      <>
        <DashboardPage />
        <HistoryButtons />
      </>,
      options,
    );

  it('returns to each video opened before, and forward again, without asking for them anew, the tab named by each', async () => {
    const user = userEvent.setup();
    const calls = twoVideos();
    withHistory({ route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    // The tab is named by the video on screen, so that the browser's history tells them apart.
    await waitFor(() => expect(document.title).toBe('An interview about small teams · Find Clips'));
    await pasteOtherThenBack(user);
    await waitFor(() => expect(document.title).toBe('An interview about small teams · Find Clips'));
    // The field no longer links to the video on screen: it empties.
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await screen.findByText('Pricing a bakery app')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${OTHER}`);
    await waitFor(() => expect(document.title).toBe('A bakery app · Find Clips'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it.each([
    ['a refusal with a screen of its own', json(422, { message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' })],
    [
      'a failure on the way',
      json(503, {
        message: 'The service is temporarily unavailable. Please try again shortly.',
        errorType: 'SERVICE_UNAVAILABLE',
      }),
    ],
  ])('leaves the video Back went to as it is when the link sent before fails (%s): its toast only', async (_case, failure) => {
    const user = userEvent.setup();
    const THIRD = 'tHiRdViDeO1';
    let answer: (response: Response) => void = () => undefined;
    twoVideos({
      [`POST /api/videos/transcript`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`GET /api/user-videos/${THIRD}`]: json(200, {
        ...analysis,
        title: 'A third talk',
        videoId: THIRD,
        youtubeId: THIRD,
        analyzedTopics: [{ ...topics[0]!, id: 't1', title: 'Kneading by hand' }],
      }),
    });
    withHistory({ route: `/?video=${VIDEO}`, before: [`/?video=${THIRD}`], user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${OTHER}`);
    // While the link is asked about, the person goes Back to the video before.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Kneading by hand')).toBeInTheDocument();
    const message = ((await failure.clone().json()) as { message: string }).message;
    act(() => answer(failure));
    expect(await within(await toast()).findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Kneading by hand')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Video Too Long' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${THIRD}`);
    // Nor is the link put back in the field, over the video now on screen.
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue('');
  });

  it('closes a dialog opened on a video when Back shows another, so it cannot act on that one', async () => {
    const user = userEvent.setup();
    const calls = twoVideos({ 'GET /api/analysis/shares-map': json(200, []) });
    withHistory({ route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByText('Pricing a bakery app')).toBeInTheDocument();
    // Back while a dialog is open (as a phone's back gesture does): it goes with its video.
    // (The dialog makes the rest of the page inert to the pointer: Back is pressed as the browser would.)
    for (const [button, role] of [
      ['Share Clips', 'dialog'],
      ['Re-analyze', 'alertdialog'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole(role)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Browser back', hidden: true }));
      expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
      expect(screen.queryByRole(role)).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Browser forward' }));
      expect(await screen.findByText('Pricing a bakery app')).toBeInTheDocument();
      expect(screen.queryByRole(role)).not.toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/videos/transcript`]);
  });

  it("returns to the video cleared by 'Clear video', even when it was the first page", async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi(memberVideo);
    withHistory({ route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Video options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clear video' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`);
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('never stops Back on a video that failed (a link nobody analysed, a paste), and keeps the video on screen', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`POST /api/videos/transcript`]: json(404, { message: 'This video is unavailable.', errorType: 'VIDEO_UNAVAILABLE' }),
      'GET /api/videos/check-status': statusAnswer({ videoId: OTHER, exists: false, status: null, createdAt: null }),
    });
    // Landed on a shared link to a video nobody analysed: the demo, and Back leaves at once.
    const first = withHistory({ route: `/?video=${OTHER}`, user: member, before: ['/elsewhere'] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // It says so, and leaves the video's link in the field, one click from analysing it.
    expect(await screen.findByText('Not analysed yet')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(`https://www.youtube.com/watch?v=${OTHER}`);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
    first.unmount();

    // A paste that fails: the video on screen stays (it used to give way to the demo), and Back
    // never stops on the video that failed.
    withHistory({ route: `/?video=${VIDEO}`, user: member, before: ['/elsewhere'] });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await within(await toast()).findByText('This video is unavailable.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`));
    expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
    // The link stays in the field as typed, to fix or try again.
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(`https://youtu.be/${OTHER}`);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
  });

  it('never stops Back, a reload or the next visit on a video refused as too long', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`POST /api/videos/transcript`]: json(422, { message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' }),
    });
    withHistory({ route: `/?video=${VIDEO}`, user: member, before: ['/elsewhere'] });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    // The screen has an entry of its own, without the video; the video remembered for the next
    // visit stays the one before, and Back returns to it.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem(`${member.id}lastProcessedVideoId`)).toBe(JSON.stringify(VIDEO));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`);
  });

  it("shows a guest's video refused for its content before its screen and its categories, as the refusal did", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`POST /api/guest/videos/transcript`]: json(422, {
        message: 'Refused',
        errorType: 'CONTENT_POLICY',
        errorCategories: ['violence', 'harassment'],
      }),
    });
    withHistory({ user: null, before: ['/elsewhere'] });
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByRole('heading', { name: 'Content Policy Violation' })).toBeInTheDocument();
    expect(screen.getByText('Categories: violence, harassment')).toBeInTheDocument();
    expect(await screen.findByText('Video blocked due to content policy')).toBeInTheDocument();
  });

  it("gives the refused screen's entry to the video pasted next, so Back from it returns to the video before", async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const LONG = 'LongVideo01';
    fakeApi({
      ...memberVideo,
      [`POST /api/videos/transcript`]: (call) =>
        call.query.get('videoId') === LONG
          ? json(422, { message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' })
          : submitted(),
    });
    withHistory({ route: `/?video=${VIDEO}`, user: member, before: ['/elsewhere'] });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${LONG}`);
    expect(await screen.findByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Paste a YouTube video link...'));
    // Back: the video before the refused one, not an entry without a video (which showed the demo).
    await pasteOtherThenBack(user);
  });

  it('gives a video refused as too long, pasted on the demo, an entry of its own: Back returns to the demo', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`POST /api/guest/videos/transcript`]: json(422, { message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' }),
    });
    withHistory({ user: null, before: ['/elsewhere'] });
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Video Too Long' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    // Back once more leaves the app, as from the demo.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
  });

  it('returns to the screen of a video refused as too long from another page without stopping twice on the video before', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`POST /api/videos/transcript`]: json(422, { message: videoMessages.tooLong, errorType: 'VIDEO_TOO_LONG' }),
      'GET /api/videos': json(200, []),
      'GET /api/analysis/shares-map': json(200, []),
    });
    renderWithApp(
      <>
        <App />
        <HistoryButtons />
      </>,
      { route: `/?video=${VIDEO}`, user: member, before: ['/elsewhere'] },
    );
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Video History' }));
    expect(await screen.findByRole('heading', { name: 'Your Processed Videos' })).toBeInTheDocument();
    // Back: the refused screen's entry, which held no video, holds none again (the video
    // remembered for the next visit would have made it a second entry of the video before).
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(`/?video=${VIDEO}`);
  });

  it("goes back from a guest's first video to the page they pasted it on", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`POST /api/guest/videos/transcript`]: submitted({ left: 1 }),
      [`GET /api/cached-videos/${OTHER}`]: json(200, {
        ...analysis,
        videoId: OTHER,
        youtubeId: OTHER,
        analyzedTopics: otherTopics,
      }),
    });
    withHistory({ user: null });
    await paste(user, `https://youtu.be/${OTHER}`);
    expect(await screen.findByText('Pricing a bakery app')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(/Find Clips demo/)).toBeInTheDocument();
  });
});

describe('dashboard: clear menu and Re-analyze', () => {
  it('clears the video from the menu, back to the demo, where the action is disabled', async () => {
    const user = userEvent.setup();
    await openMemberVideo();
    expect(screen.getByText('Your Private Analysis')).toBeInTheDocument();
    expect(localStorage.getItem(`${member.id}lastProcessedVideoId`)).toBe(JSON.stringify(VIDEO));

    await user.click(screen.getByRole('button', { name: 'Video options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clear video' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(`${member.id}lastProcessedVideoId`)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Video options' }));
    expect(await screen.findByRole('menuitem', { name: 'Clear video' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeDisabled();
  });

  it('asks before re-analyzing; Cancel sends nothing, confirming starts the analysis', async () => {
    const user = userEvent.setup();
    const { calls } = await openMemberVideo({ 'POST /api/videos/analyze': json(202, { status: 'pending', videoId: VIDEO }) });
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Re-analyze this video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument();
    // Re-analyze waits for the analysis, keeping the focus the confirmation gave back to it.
    const reanalyze = screen.getByRole('button', { name: 'Re-analyze' });
    expect(reanalyze).toHaveAttribute('aria-disabled', 'true');
    expect(reanalyze).toHaveFocus();
    await user.click(reanalyze);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Video options' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/videos/analyze', { videoId: VIDEO, forceReanalyze: true }],
    ]);
  });

  it('shows the edits made on another device when a re-analysis is refused for them, and then offers to discard them', async () => {
    // The member edited the analysis on their phone: this tab still shows it unedited, so its
    // confirmation does not offer to discard edits, and the gateway refuses the re-analysis.
    const user = userEvent.setup();
    let editedElsewhere = false;
    const { calls } = await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: () =>
        json(
          200,
          editedElsewhere
            ? {
                ...analysis,
                analyzedTopics: [{ ...topics[0]!, title: 'Renamed on the phone' }, topics[1]!],
                editedAt: '2026-01-02T10:00:00.000Z',
              }
            : analysis,
        ),
      'POST /api/videos/analyze': (call) =>
        (call.body as { discardEdits?: boolean }).discardEdits
          ? json(202, { status: 'pending', videoId: VIDEO })
          : json(409, { message: videoMessages.editsWouldBeLost, errorType: 'CONFLICT' }),
    });
    editedElsewhere = true;
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
    expect(await screen.findByText(videoMessages.editsWouldBeLost)).toBeInTheDocument();
    // The edits the refusal speaks of show, and the next confirmation is the one that discards them.
    expect(await screen.findByText('Renamed on the phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard edits and re-analyze' }));
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { videoId: VIDEO, forceReanalyze: true },
      { videoId: VIDEO, forceReanalyze: true, discardEdits: true },
    ]);
  });

  it('says nothing of a re-analysis found ended once the member has logged out in this tab', async () => {
    let running = true;
    rememberUser(member);
    const calls = fakeApi({
      [`GET /api/user-videos/${VIDEO}`]: () =>
        json(200, { ...analysis, userAnalysisUpdatedAt: running ? '2026-01-01T09:00:00.000Z' : '2026-01-02T09:00:00.000Z' }),
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/user-videos/${VIDEO}/status`]: () => json(200, { videoId: VIDEO, reanalyzing: running, ahead: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    try {
      // Logged out (the page goes on showing a moment, until the sign-in page replaces it); it ends meanwhile.
      setLoggedOutHere(true);
      running = false;
      const read = () => calls.filter((c) => c.path === `/api/user-videos/${VIDEO}`).length;
      const before = read();
      act(() => void window.dispatchEvent(new Event('focus')));
      await waitFor(() => expect(read()).toBe(before + 1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(screen.queryByText('Re-analysis complete')).not.toBeInTheDocument();
    } finally {
      setLoggedOutHere(false);
    }
  });

  it('goes on following the re-analysis when a video is opened while it still runs (a reload)', async () => {
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: true, ahead: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toHaveAttribute('aria-disabled', 'true');
  });

  it.each([
    ['newer topics: complete', '2026-01-02T09:00:00.000Z', 'Re-analysis complete', true],
    ['the same topics: it failed', '2026-01-01T09:00:00.000Z', 'Re-analysis failed', false],
  ])('says how a followed re-analysis ended when no event did, by its result (%s)', async (_what, updated, title, done) => {
    let running = true;
    rememberUser(member);
    const calls = fakeApi({
      [`GET /api/user-videos/${VIDEO}`]: () =>
        json(200, { ...analysis, userAnalysisUpdatedAt: running ? '2026-01-01T09:00:00.000Z' : updated }),
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/user-videos/${VIDEO}/status`]: () => json(200, { videoId: VIDEO, reanalyzing: running, ahead: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    const asked = () => calls.filter((c) => c.path === `/api/user-videos/${VIDEO}/status`).length;
    // Back in front while it still runs: still followed.
    const before = asked();
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    // It ended while no event could say so (the tab slept, the connection dropped).
    running = false;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText(title)).toBeInTheDocument();
    // The topics follow 'Done! Your clips are ready.'; a failure brings the topics before it back at once.
    const announcement = document.getElementById('analysis-announcement');
    if (done) {
      expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toHaveAttribute('aria-valuenow', '100');
      expect(announcement).toHaveTextContent('Done! Your clips are ready.');
    } else {
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
      expect(announcement).toBeEmptyDOMElement();
    }
    expect(await screen.findByText('Why small teams ship faster', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeEnabled();
  });

  it('follows the analysis of captions the member brought for a video with no analysis yet, after a reload', async () => {
    rememberUser(member);
    fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      'GET /api/videos/check-status': statusAnswer({ videoId: VIDEO, exists: false, status: null, createdAt: null }),
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: true, ahead: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('shows the topics of a video whose analysis ended between asking for them and asking how it stands', async () => {
    rememberUser(member);
    let ended = false;
    const calls = fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/user-videos/${VIDEO}`]: () => (ended ? json(200, analysis) : json(404, { message: 'Not found' })),
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: false, ahead: null }),
      // It ends now: asked next, the video's status is complete.
      'GET /api/videos/check-status': () => {
        ended = true;
        return statusAnswer({ videoId: VIDEO, exists: true, status: 'complete', createdAt: analysis.createdAt });
      },
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.queryByText('Not analysed yet')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/user-videos/${VIDEO}`)).toHaveLength(2);
  });

  /** VIDEO without an analysis of the member's, its shared analysis standing as `status` says. */
  const withoutOwnAnalysis = (status: 'complete' | 'failed') => {
    rememberUser(member);
    return fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/user-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: false, ahead: null }),
      'GET /api/videos/check-status': statusAnswer({ videoId: VIDEO, exists: true, status, createdAt: analysis.createdAt }),
    });
  };

  it('says how many analyses wait before the one it follows while it waits in line, and nothing once it runs', async () => {
    rememberUser(member);
    let ahead: number | null = 3;
    fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/user-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: false, ahead: null }),
      'GET /api/videos/check-status': () =>
        statusAnswer({ videoId: VIDEO, exists: false, status: 'pending', createdAt: null, ahead }),
    });
    const { client } = renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(
      await screen.findByText('Waiting in line: 3 analyses ahead of yours. It starts as soon as a place frees.'),
    ).toBeInTheDocument();
    // The bar goes on rising with time, as it does for any analysis.
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    ahead = 0;
    await client.refetchQueries({ queryKey: ['queue-place'] });
    expect(await screen.findByText('Next in line: your analysis starts as soon as one running ends.')).toBeInTheDocument();
    ahead = null;
    await client.refetchQueries({ queryKey: ['queue-place'] });
    await waitFor(() => expect(screen.queryByText(/in line/)).not.toBeInTheDocument());
    // An attempt failed: once its backoff is over, the job waits in line again, and the page says so.
    ahead = 40;
    expect(
      await screen.findByText(
        'Waiting in line: 40 analyses ahead of yours. It starts as soon as a place frees.',
        {},
        { timeout: 12_000 },
      ),
    ).toBeInTheDocument();
  }, 20_000);

  it('says the last analysis failed when a link or a reload opens a video whose analysis failed', async () => {
    withoutOwnAnalysis('failed');
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Analysis Failed')).toBeInTheDocument();
    expect(
      screen.getByText('The last analysis of this video failed. Its link is in the field: press Find Clips to try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not analysed yet')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(LINK);
  });

  it('says a video nobody analysed for the member is not analysed, asking for its topics again once only', async () => {
    const calls = withoutOwnAnalysis('complete');
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Not analysed yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/user-videos/${VIDEO}`)).toHaveLength(2);
  });

  /** The answer to a member's submission of VIDEO, new: queued, its topics to come. */
  const queued = () =>
    json(202, {
      videoId: VIDEO,
      analyzedTopics: null,
      status: 'pending',
      duration: 3_600,
      title: analysis.title,
      thumbnailUrl: null,
      error: null,
    });

  it('shows the topics of a first analysis whose end no event could announce (the live channel is away), saying its start and end once each', async () => {
    const user = userEvent.setup();
    let done = false;
    rememberUser(member);
    fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`POST /api/videos/transcript`]: queued(),
      [`GET /api/user-videos/${VIDEO}`]: () => (done ? json(200, analysis) : json(404, { message: 'Not found' })),
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
    });
    renderWithApp(<DashboardPage />, { user: member });
    // A screen reader hears the start and the end from one region, in the page before either.
    const announcement = await waitFor(() => document.getElementById('analysis-announcement')!);
    expect(announcement).toHaveAttribute('role', 'status');
    expect(announcement).toBeEmptyDOMElement();
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(announcement).toHaveTextContent('Analyzing the entire video...');
    // The status texts turning on screen are no live region of their own.
    const live = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')];
    expect(live.filter((region) => region.textContent?.includes('Analyzing'))).toEqual([announcement]);
    // It ends on the server; the page, back in front, asks for it.
    done = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(announcement).toHaveTextContent('Done! Your clips are ready.'), { timeout: 3_000 });
    expect(document.getElementById('analysis-announcement')).toBe(announcement);
    expect(await screen.findByText('Why small teams ship faster', {}, { timeout: 3_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it.each([
    ['a guest', null, { 'GET /api/guest/credits': json(200, { left: 2 }), 'POST /api/guest/videos/transcript': guestAnswer(1) }],
    [
      'a member',
      member,
      {
        ...memberVideo,
        [`POST /api/videos/transcript`]: json(200, {
          videoId: VIDEO,
          analyzedTopics: topics,
          status: 'complete',
          duration: 3_600,
          title: analysis.title,
          thumbnailUrl: null,
          error: null,
        }),
      },
    ],
  ] as const)(
    'says the clips are ready when %s gets a finished analysis at once, as it said the analysis started',
    async (_who, user, routes) => {
      const typist = userEvent.setup();
      if (user) rememberUser(user);
      else document.cookie = 'gid=guest-1234';
      fakeApi(routes);
      renderWithApp(<DashboardPage />, { user });
      const announcement = await waitFor(() => document.getElementById('analysis-announcement')!);
      const said: string[] = [];
      new MutationObserver(() => said.push(announcement.textContent ?? '')).observe(announcement, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      await paste(typist);
      expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
      // No bar to watch reach 100%: the region that was told 'Analyzing the entire video...' (or
      // nothing yet) ends on the clips being ready, not on silence.
      await waitFor(() => expect(said.filter(Boolean).at(-1)).toBe('Done! Your clips are ready.'));
      expect(said.filter((text) => text === 'Done! Your clips are ready.')).toHaveLength(1);
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    },
  );

  /** A member's first analysis of VIDEO, queued, whose end no event will say: `checkStatus` answers how it stands. */
  const firstAnalysisWithoutChannel = (checkStatus: () => Response) => {
    rememberUser(member);
    return fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`POST /api/videos/transcript`]: queued(),
      [`GET /api/user-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      'GET /api/videos/check-status': checkStatus,
    });
  };

  it('says a first analysis failed when no event could (the live channel is away)', async () => {
    const user = userEvent.setup();
    let failed = false;
    const calls = firstAnalysisWithoutChannel(() =>
      statusAnswer({ videoId: VIDEO, exists: true, status: failed ? 'failed' : 'analyzing', createdAt: analysis.createdAt }),
    );
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    // Still running when asked: still followed.
    const asked = () => calls.filter((c) => c.path === '/api/videos/check-status').length;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(asked()).toBe(1));
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    failed = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('stops following a first analysis whose job Redis lost (nothing stored, waiting or failed): it said Analyzing for good', async () => {
    const user = userEvent.setup();
    let lost = false;
    firstAnalysisWithoutChannel(() =>
      statusAnswer({ videoId: VIDEO, exists: false, status: lost ? null : 'pending', createdAt: null }),
    );
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    // Redis restarted without persistence (or flushed): the job is gone, and no event will come.
    lost = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a first analysis failed when no event could: a content-policy refusal with its categories', async () => {
    const user = userEvent.setup();
    let failed = false;
    firstAnalysisWithoutChannel(() =>
      statusAnswer({
        videoId: VIDEO,
        exists: true,
        status: failed ? 'failed' : 'analyzing',
        createdAt: analysis.createdAt,
        ...(failed
          ? { errorType: 'CONTENT_POLICY', errorMessage: 'Refused', errorCategories: ['violence', 'harassment'] }
          : { errorType: null, errorMessage: null, errorCategories: null }),
      }),
    );
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    failed = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Content Policy Violation' })).toBeInTheDocument();
    expect(screen.getByText('Categories: violence, harassment')).toBeInTheDocument();
    expect(await screen.findByText('Video blocked due to content policy')).toBeInTheDocument();
  });

  it("exports chapters by the video's length, as the CLI does: an hour-long video's times as H:MM:SS", async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    await openMemberVideo();
    await user.click(screen.getByText('Export'));
    await user.click(screen.getByRole('button', { name: 'YouTube chapters' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((await saved[0]!.text()).split('\n')).toEqual([
      '0:00:00 Why small teams ship faster',
      '0:04:10 Hiring the first ten people',
      '',
    ]);
  });

  it('shows the topics and offers Re-analyze when no re-analysis runs', async () => {
    const { calls } = await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}/status`]: json(200, { videoId: VIDEO, reanalyzing: false, ahead: null }),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeEnabled());
    expect(calls.filter((c) => c.path === `/api/user-videos/${VIDEO}/status`)).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The play buttons say the same on every topic and quote: a screen reader also hears which one.
    expect(screen.getAllByRole('button', { name: 'Play Full Topic' })[1]).toHaveAccessibleDescription(
      '2. Hiring the first ten people',
    );
    expect(screen.getByRole('button', { name: 'Play clip' })).toHaveAccessibleDescription(
      '“We shipped every day because nobody had to ask permission.”',
    );
  });

  it("says 'Re-analysis failed' with the reason and keeps the topics", async () => {
    const user = userEvent.setup();
    await openMemberVideo({ 'POST /api/videos/analyze': json(503, { message: 'The analysis queue is unavailable' }) });
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
    expect(await screen.findByText('Re-analysis failed')).toBeInTheDocument();
    expect(within(await toast()).getByText('The analysis queue is unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeEnabled();
  });

  it('says the session expired when re-analysis is refused with 401', async () => {
    const user = userEvent.setup();
    await openMemberVideo({ 'POST /api/videos/analyze': json(401, { message: 'Not authenticated' }) });
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
  });

  it('says no session expired when a press is refused as the page of a logout here still shows', async () => {
    const user = userEvent.setup();
    const { calls } = await openMemberVideo({
      [`PATCH /api/user-videos/${VIDEO}`]: json(401, { message: 'Not authenticated' }),
      'POST /api/videos/analyze': json(401, { message: 'Not authenticated' }),
    });
    // Expired (not logged out here): it says so.
    await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
    expect(await within(await toast()).findByText('Authentication Error')).toBeInTheDocument();
    act(() => screen.getAllByRole('button', { name: 'Close' }).forEach((close) => close.click()));
    await waitFor(() => expect(screen.queryByText('Authentication Error')).not.toBeInTheDocument());
    try {
      // Logged out here: the page goes on showing a moment, and a press there is refused.
      setLoggedOutHere(true);
      await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
      await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
      await waitFor(() => expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(3));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(screen.queryByText('Authentication Error')).not.toBeInTheDocument();
    } finally {
      setLoggedOutHere(false);
    }
  });

  it('keeps the focus on Re-analyze when the re-analysis is refused, as the topics come back', async () => {
    const user = userEvent.setup();
    await openMemberVideo({ 'POST /api/videos/analyze': json(503, { message: 'Analysis is unavailable right now.' }) });
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-analyze' }));
    expect(await within(await toast()).findByText('Re-analysis failed')).toBeInTheDocument();
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    const reanalyze = screen.getByRole('button', { name: 'Re-analyze' });
    expect(reanalyze).toBeEnabled();
    expect(reanalyze).not.toHaveAttribute('aria-disabled');
    expect(reanalyze).toHaveFocus();
  });
});

describe('dashboard: a member edits their analysis before sharing it', () => {
  const second = { id: 'q2', content: 'Every decision was made by the people doing the work.', startTime: 90, endTime: 101 };
  const third = { id: 'q3', content: 'We hired people who liked to finish things.', startTime: 180, endTime: 195 };
  /** The analysis with a second quote in the first topic (a topic's only quote has no Remove). */
  const twoQuotes = { ...analysis, analyzedTopics: [{ ...topics[0]!, quotes: [topics[0]!.quotes[0]!, second] }, topics[1]!] };
  const edited = (changes: Partial<Topic>[], editedAt: string | null = '2026-01-02T10:00:00.000Z'): VideoAnalysisResponse => ({
    ...twoQuotes,
    analyzedTopics: twoQuotes.analyzedTopics.map((topic, i) => ({ ...topic, ...changes[i] })),
    editedAt,
  });

  it('says nothing of a shared page in the edited note when the video has none', async () => {
    rememberUser(member);
    const calls = fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}`]: json(200, edited([{ title: 'Small teams ship faster' }])),
      // Another video is shared; this one is not.
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: 'aBcDeFgHiJk' }]),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Small teams ship faster')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/analysis/shares-map')).toBe(true));
    const note = await screen.findByText(/^You edited these topics\./);
    await waitFor(() => expect(note).toHaveTextContent(/^You edited these topics\.$/));
    expect(screen.getByRole('button', { name: 'Undo all edits' })).toBeInTheDocument();
  });

  it('renames a topic, removes a quote, moves a start and undoes it all; each edit is saved at once', async () => {
    const user = userEvent.setup();
    const answers = [
      edited([{ title: 'Small teams ship faster' }]),
      edited([{ title: 'Small teams ship faster', quotes: [second] }]),
      edited([{ title: 'Small teams ship faster', quotes: [second], endTime: 244 }, { startTime: 244 }]),
    ];
    const { calls } = await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, twoQuotes),
      [`PATCH /api/user-videos/${VIDEO}`]: () => json(200, answers.shift()),
      [`DELETE /api/user-videos/${VIDEO}/edits`]: json(200, { ...analysis, editedAt: null }),
      // The video has a shared page: the note says what the edits mean for it.
      'GET /api/analysis/shares-map': json(200, [{ shareId: 'sh4reIdAbcdEfgh1234', youtubeId: VIDEO }]),
    });
    // A title saved as it was is no edit: nothing is sent (nor would 'Undo all edits' appear).
    await user.click(screen.getByRole('button', { name: 'Rename topic 2' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename topic 2' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Rename topic 1' }));
    const field = screen.getByRole('textbox', { name: 'Title of topic 1' });
    expect(field).toHaveFocus();
    // The topic keeps its number beside the field.
    expect(field.closest('form')).toHaveTextContent(/^1\./);
    await user.clear(field);
    // Enter on an empty title says why nothing is saved.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A title cannot be empty.');
    expect(field).toHaveAccessibleDescription('A title cannot be empty.');
    await user.type(field, 'Small teams ship faster{Enter}');
    expect(await screen.findByRole('heading', { name: '1. Small teams ship faster' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You edited these topics. A shared page keeps them as they were when you shared them: share again after an edit to update it.',
      ),
    ).toBeInTheDocument();
    // Focus goes back to where the keyboard was, never to the page, and a screen reader hears the save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename topic 1' })).toHaveFocus());
    await waitFor(() => expect(document.querySelector('[data-announcer]')).toHaveTextContent('Title saved'));

    await user.click(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' }));
    await screen.findByRole('button', { name: 'Rename topic 1' });
    expect(await screen.findByText('0:30 - 4:10')).toBeInTheDocument();
    expect(screen.queryByText(/nobody had to ask permission/)).not.toBeInTheDocument();
    // One quote is left, which the topic keeps (it has no Remove): focus is on the topic's title.
    expect(screen.queryByRole('button', { name: /^Remove quote/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: '1. Small teams ship faster' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 2' }));
    expect(await screen.findByText('4:04 - 10:00')).toBeInTheDocument();
    // Said too, as a start moved within one second shows the same time.
    expect(await within(await toast()).findByText('Topic 2 now starts one sentence earlier, at 4:04.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 2' })).toHaveFocus());
    // One topic cannot be removed from a one-topic analysis; here each has its Remove.
    expect(screen.getAllByRole('button', { name: /^Remove topic \d$/ })).toHaveLength(2);

    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { action: 'rename', topicId: 't1', title: 'Small teams ship faster' },
      { action: 'removeQuote', topicId: 't1', quoteId: 'q1' },
      { action: 'moveStart', topicId: 't2', direction: 'earlier' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Undo all edits' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Undo all edits?' })).getByRole('button', { name: 'Undo all edits' }),
    );
    expect(await screen.findByRole('heading', { name: '1. Why small teams ship faster' })).toBeInTheDocument();
    expect(await within(await toast()).findByText('The topics are back as the analysis made them.')).toBeInTheDocument();
    expect(screen.queryByText(/You edited these topics/)).not.toBeInTheDocument();
    // The button that was used went with the edits: the keyboard is on the topics, not lost.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Topics' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/user-videos/${VIDEO}/edits`]);
  });

  it('offers no earlier start to a first topic that starts with the video', async () => {
    const fromStart = { ...analysis, analyzedTopics: [{ ...topics[0]!, startTime: 0 }, topics[1]!] };
    await openMemberVideo({ [`GET /api/user-videos/${VIDEO}`]: json(200, fromStart) });
    expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 2' })).toBeEnabled();
  });

  it('says why an edit was refused, and Esc leaves a title as it was', async () => {
    const user = userEvent.setup();
    await openMemberVideo({
      [`PATCH /api/user-videos/${VIDEO}`]: json(409, {
        errorType: 'CONFLICT',
        message: 'This topic cannot start earlier: the previous topic (or the video) starts right before it.',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 1' }));
    expect(await within(await toast()).findByText('The edit was not saved')).toBeInTheDocument();
    expect(within(await toast()).getByText(/cannot start earlier/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 1' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Rename topic 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Title of topic 2' }), ' and more{Escape}');
    expect(screen.getByRole('heading', { name: '2. Hiring the first ten people' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename topic 2' })).toHaveFocus());
  });

  it.each([
    [404, { errorType: 'NOT_FOUND', message: editMessages.topicNotFound }],
    [409, { errorType: 'CONFLICT', message: 'The analysis changed: reload it.' }],
  ] as const)('shows the analysis as it is now when an edit is refused %s (another tab edited it)', async (status, body) => {
    const user = userEvent.setup();
    const now = [analysis, { ...analysis, analyzedTopics: [topics[1]!], editedAt: '2026-01-02T10:00:00.000Z' }];
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: () => json(200, now.length > 1 ? now.shift()! : now[0]!),
      [`PATCH /api/user-videos/${VIDEO}`]: json(status, body),
    });
    await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
    expect(await within(await toast()).findByText(body.message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: '1. Hiring the first ten people' })).toBeInTheDocument();
  });

  it('moves focus to the next topic when one is removed, and back to Remove when a removal is refused', async () => {
    const user = userEvent.setup();
    const answers = [
      () => json(409, { errorType: 'CONFLICT', message: 'The analysis changed: reload it.' }),
      () => json(200, { ...edited([]), analyzedTopics: [topics[1]!] }),
    ];
    const { calls } = await openMemberVideo({ [`PATCH /api/user-videos/${VIDEO}`]: () => answers.shift()!() });
    await user.click(screen.getByRole('button', { name: 'Remove topic 2' }));
    expect(await within(await toast()).findByText('The edit was not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove topic 2' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
    const next = await screen.findByRole('heading', { name: '1. Hiring the first ten people' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { action: 'removeTopic', topicId: 't2' },
      { action: 'removeTopic', topicId: 't1' },
    ]);
  });

  it('moves focus to the topic after a removed one in the middle, not the one before', async () => {
    const user = userEvent.setup();
    const three = [
      topics[0]!,
      { ...topics[1]!, endTime: 400 },
      { id: 't3', title: 'Paying for the tools people ask for', startTime: 400, endTime: 600, quotes: [] },
    ];
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, { ...analysis, analyzedTopics: three }),
      [`PATCH /api/user-videos/${VIDEO}`]: json(200, { ...edited([]), analyzedTopics: [three[0], three[2]] }),
    });
    await user.click(screen.getByRole('button', { name: 'Remove topic 2' }));
    const next = await screen.findByRole('heading', { name: '2. Paying for the tools people ask for' });
    await waitFor(() => expect(next).toHaveFocus());
  });

  it("brings a removed topic back from its toast's Undo, title and all, and focus goes to it", async () => {
    const user = userEvent.setup();
    const answers = [
      () => json(200, { ...edited([]), analyzedTopics: [topics[1]!] }),
      () => json(200, { ...edited([]), analyzedTopics: topics }),
    ];
    const { calls } = await openMemberVideo({ [`PATCH /api/user-videos/${VIDEO}`]: () => answers.shift()!() });
    await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
    const removed = await toast();
    expect(await within(removed).findByText('Topic removed')).toBeInTheDocument();
    expect(within(removed).getByText('“Why small teams ship faster” is no longer in your analysis.')).toBeInTheDocument();
    // Screen readers hear the way back once the toast is gone, and what else it undoes.
    expect(within(removed).getByRole('button', { name: 'Undo' }).closest('[data-radix-toast-announce-alt]')).toHaveAttribute(
      'data-radix-toast-announce-alt',
      "'Undo all edits', above the topics, brings it back, and undoes your other edits too",
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Why small teams ship faster/ })).not.toBeInTheDocument());
    await user.click(within(removed).getByRole('button', { name: 'Undo' }));
    expect(await within(await toast()).findByText('“Why small teams ship faster” is back in your analysis.')).toBeInTheDocument();
    const back = await screen.findByRole('heading', { name: '1. Why small teams ship faster' });
    await waitFor(() => expect(back).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { action: 'removeTopic', topicId: 't1' },
      {
        action: 'restoreTopic',
        topicId: 't1',
        title: 'Why small teams ship faster',
        startTime: topics[0]!.startTime,
        endTime: topics[0]!.endTime,
        quoteIds: topics[0]!.quotes.map((quote) => quote.id),
      },
    ]);
  });
  it('keeps a right-to-left title to itself in the tab and in the toasts that name it', async () => {
    const user = userEvent.setup();
    const hebrew = { ...analysis, title: 'ראיון 2', analyzedTopics: [{ ...topics[0]!, title: 'צוותים קטנים!' }, topics[1]!] };
    rememberUser(member);
    fakeApi({
      [`GET /api/user-videos/${VIDEO}`]: json(200, hebrew),
      [`GET /api/videos/metadata/${VIDEO}`]: json(200, {
        videoId: VIDEO,
        title: hebrew.title,
        thumbnailUrl: null,
        channelTitle: null,
        durationSeconds: null,
      }),
      [`PATCH /api/user-videos/${VIDEO}`]: json(200, { ...edited([]), analyzedTopics: [topics[1]!] }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    // Isolated, the title's direction is its own: the tab still reads left to right, our name last.
    await waitFor(() => expect(document.title).toBe('\u2068ראיון 2\u2069 · Find Clips'));
    await user.click(await screen.findByRole('button', { name: 'Remove topic 1' }));
    expect(
      await within(await toast()).findByText('“\u2068צוותים קטנים!\u2069” is no longer in your analysis.'),
    ).toBeInTheDocument();
  });

  it("brings a removed quote back from its toast's Undo, into its place, and focus goes to its Remove", async () => {
    const user = userEvent.setup();
    const answers = [() => json(200, edited([{ quotes: [second] }])), () => json(200, edited([]))];
    const { calls } = await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, twoQuotes),
      [`PATCH /api/user-videos/${VIDEO}`]: () => answers.shift()!(),
    });
    await user.click(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' }));
    const removed = await toast();
    expect(await within(removed).findByText('Quote removed')).toBeInTheDocument();
    expect(
      within(removed).getByText('Quote 1 of “Why small teams ship faster” is no longer in your analysis.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/nobody had to ask permission/)).not.toBeInTheDocument());
    await user.click(within(removed).getByRole('button', { name: 'Undo' }));
    expect(
      await within(await toast()).findByText('Quote 1 of “Why small teams ship faster” is back in your analysis.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/nobody had to ask permission/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { action: 'removeQuote', topicId: 't1', quoteId: 'q1' },
      { action: 'restoreQuote', topicId: 't1', quoteId: 'q1' },
    ]);
  });

  it('puts the focus on a restored quote once an edit saving meanwhile is saved (its Remove waits for it)', async () => {
    const user = userEvent.setup();
    let renamed: (response: Response) => void = () => undefined;
    const answers: Record<string, () => Response | Promise<Response>> = {
      removeQuote: () => json(200, edited([{ quotes: [second] }], '2026-01-02T10:00:01.000Z')),
      rename: () => new Promise<Response>((resolve) => (renamed = resolve)),
      restoreQuote: () => json(200, edited([], '2026-01-02T10:00:03.000Z')),
    };
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, twoQuotes),
      [`PATCH /api/user-videos/${VIDEO}`]: (call) => answers[(call.body as { action: string }).action]!(),
    });
    await user.click(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' }));
    const removed = await toast();
    await within(removed).findByText('Quote removed');
    await user.click(screen.getByRole('button', { name: 'Rename topic 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Title of topic 2' }), ' now{Enter}');
    await user.click(within(removed).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/nobody had to ask permission/)).toBeInTheDocument();
    // The rename is still saving: the quote's Remove waits, and so does the focus.
    expect(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' })).toBeDisabled();
    renamed(json(200, edited([{}, { title: 'Hiring the first ten people now' }], '2026-01-02T10:00:02.000Z')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' })).toHaveFocus());
  });

  it('disables a move that can never apply, saying why: past an only quote, into the only quote before', async () => {
    // Topic 1's only quote ends where topic 2 starts; topic 2's only quote starts with it.
    const tight = {
      ...analysis,
      analyzedTopics: [
        { ...topics[0]!, quotes: [{ ...topics[0]!.quotes[0]!, startTime: 230, endTime: 250 }] },
        { ...topics[1]!, quotes: [{ ...second, id: 'q9', startTime: 250, endTime: 262 }] },
      ],
    };
    await openMemberVideo({ [`GET /api/user-videos/${VIDEO}`]: json(200, tight) });
    const earlier = screen.getByRole('button', { name: 'Start earlier by one sentence, topic 2' });
    expect(earlier).toBeDisabled();
    expect(earlier).toHaveAccessibleDescription(editMessages.onlyQuoteOfTopicBefore);
    const later = screen.getByRole('button', { name: 'Start later by one sentence, topic 2' });
    expect(later).toBeDisabled();
    expect(later).toHaveAccessibleDescription(editMessages.pastOnlyQuote);
    // Topic 1 can still start later (its quote is further on), and earlier (the video's start is before it).
    expect(screen.getByRole('button', { name: 'Start later by one sentence, topic 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 1' })).toBeEnabled();
  });

  it('offers an earlier start when the topic before keeps another quote, and saves a title without its spaces', async () => {
    const user = userEvent.setup();
    // Topic 1's last quote ends where topic 2 starts, but it has another to keep.
    const roomy = {
      ...analysis,
      analyzedTopics: [
        { ...topics[0]!, quotes: [topics[0]!.quotes[0]!, { ...second, startTime: 230, endTime: 250 }] },
        { ...topics[1]!, quotes: [{ ...third, startTime: 300, endTime: 312 }] },
      ],
    };
    const { calls } = await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, roomy),
      [`PATCH /api/user-videos/${VIDEO}`]: json(200, {
        ...roomy,
        analyzedTopics: [{ ...roomy.analyzedTopics[0]!, title: 'Small teams' }, roomy.analyzedTopics[1]!],
        editedAt: '2026-01-02T10:00:00.000Z',
      }),
    });
    expect(screen.getByRole('button', { name: 'Start earlier by one sentence, topic 2' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Rename topic 1' }));
    const field = screen.getByRole('textbox', { name: 'Title of topic 1' });
    await user.clear(field);
    await user.type(field, '  Small teams  {Enter}');
    expect(await screen.findByRole('heading', { name: '1. Small teams' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { action: 'rename', topicId: 't1', title: 'Small teams' },
    ]);
  });

  it('says why a removed quote cannot come back, and the quote stays out', async () => {
    const user = userEvent.setup();
    const answers = [
      () => json(200, edited([{ quotes: [second] }])),
      () => json(409, { errorType: 'CONFLICT', message: editMessages.quoteOutsideTopic }),
    ];
    // Refused, the page reads the analysis again: the quote is still out.
    const now = [twoQuotes, edited([{ quotes: [second] }])];
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: () => json(200, now.length > 1 ? now.shift()! : now[0]!),
      [`PATCH /api/user-videos/${VIDEO}`]: () => answers.shift()!(),
    });
    await user.click(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' }));
    const removed = await toast();
    await user.click(await within(removed).findByRole('button', { name: 'Undo' }));
    expect(await within(await toast()).findByText(editMessages.quoteOutsideTopic)).toBeInTheDocument();
    expect(screen.queryByText(/nobody had to ask permission/)).not.toBeInTheDocument();
  });

  it('answers an edit saved while Undo brings a topic back, and shows the later of the two', async () => {
    const user = userEvent.setup();
    const later = (time: string) => `2026-01-02T10:00:0${time}.000Z`;
    const answers: ((response: Response) => void)[] = [];
    await openMemberVideo({
      [`PATCH /api/user-videos/${VIDEO}`]: (call) =>
        (call.body as { action: string }).action === 'removeTopic'
          ? json(200, { ...edited([], later('1')), analyzedTopics: [topics[1]!] })
          : new Promise<Response>((resolve) => answers.push(resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'Remove topic 1' }));
    const removed = await toast();
    expect(await within(removed).findByText('Topic removed')).toBeInTheDocument();
    // Topic 2 is topic 1 now: its start moves while the removal is undone.
    await user.click(await screen.findByRole('button', { name: 'Start later by one sentence, topic 1' }));
    await user.click(within(removed).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    const [moved, restored] = answers as [(response: Response) => void, (response: Response) => void];
    // The server saved the move first, then the restore; the restore's answer comes back first.
    restored(json(200, { ...edited([], later('3')), analyzedTopics: [topics[0]!, { ...topics[1]!, startTime: 262 }] }));
    expect(await within(await toast()).findByText('“Why small teams ship faster” is back in your analysis.')).toBeInTheDocument();
    // The move is still saving: its controls wait for it.
    expect(screen.getByRole('button', { name: 'Start later by one sentence, topic 2' })).toBeDisabled();
    moved(json(200, { ...edited([], later('2')), analyzedTopics: [{ ...topics[1]!, startTime: 262 }] }));
    expect(await within(await toast()).findByText('Topic 1 now starts one sentence later, at 4:22.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start later by one sentence, topic 2' })).toBeEnabled());
    // The move's older answer does not take the restored topic off the page.
    expect(screen.getByRole('heading', { name: '1. Why small teams ship faster' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2. Hiring the first ten people' })).toBeInTheDocument();
  });

  it("keeps 'Undo all edits' when the answer of an edit saved before it comes back after it", async () => {
    const user = userEvent.setup();
    const held: ((response: Response) => void)[] = [];
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, edited([], '2026-01-02T10:00:01.000Z')),
      [`PATCH /api/user-videos/${VIDEO}`]: () => new Promise<Response>((resolve) => held.push(resolve)),
      [`DELETE /api/user-videos/${VIDEO}/edits`]: json(200, {
        ...twoQuotes,
        editedAt: null,
        editsUndoneAt: '2026-01-02T10:00:03.000Z',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove topic 2' }));
    await waitFor(() => expect(held).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Undo all edits' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Undo all edits?' })).getByRole('button', { name: 'Undo all edits' }),
    );
    expect(await screen.findByRole('heading', { name: '1. Why small teams ship faster' })).toBeInTheDocument();
    expect(await within(await toast()).findByText('Edits undone')).toBeInTheDocument();
    // The server saved the removal first, then undid every edit; the removal's answer comes last.
    held[0]!(json(200, { ...edited([], '2026-01-02T10:00:02.000Z'), analyzedTopics: [twoQuotes.analyzedTopics[0]!] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove topic 2' })).toBeEnabled());
    expect(screen.getByRole('heading', { name: '1. Why small teams ship faster' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2. Hiring the first ten people' })).toBeInTheDocument();
    // Nor does its toast offer to undo a removal that is no longer there.
    expect(screen.queryByText('Topic removed')).not.toBeInTheDocument();
    expect(screen.getByText('Edits undone')).toBeInTheDocument();
  });

  it('after removing a quote, focus is on the next quote’s Remove; a refused rename keeps its field', async () => {
    const user = userEvent.setup();
    const threeQuotes = {
      ...analysis,
      analyzedTopics: [{ ...topics[0]!, quotes: [topics[0]!.quotes[0]!, second, third] }, topics[1]!],
    };
    const answers = [
      () =>
        json(200, {
          ...threeQuotes,
          analyzedTopics: [{ ...topics[0]!, quotes: [second, third] }, topics[1]!],
          editedAt: '2026-01-02T10:00:00.000Z',
        }),
      () => json(400, { errorType: 'VALIDATION_ERROR', message: 'A title has at most 120 characters.' }),
    ];
    await openMemberVideo({
      [`GET /api/user-videos/${VIDEO}`]: json(200, threeQuotes),
      [`PATCH /api/user-videos/${VIDEO}`]: () => answers.shift()!(),
    });
    await user.click(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' }));
    await waitFor(() => expect(screen.queryByText(/nobody had to ask permission/)).not.toBeInTheDocument());
    // The quote that was second is now the first, and its Remove has the keyboard.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove quote 1 of topic 1' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Rename topic 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Title of topic 2' }), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await toast()).findByText('The edit was not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title of topic 2' })).toHaveFocus());
  });

  it('leaves focus where the person went while an edit was saving', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    await openMemberVideo({ [`PATCH /api/user-videos/${VIDEO}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await user.click(screen.getByRole('button', { name: 'Start later by one sentence, topic 1' }));
    const link = screen.getByPlaceholderText('Paste a YouTube video link...');
    await user.click(link);
    answer(json(200, { ...analysis, editedAt: '2026-01-02T10:00:00.000Z' }));
    expect(await screen.findByText(/You edited these topics/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start later by one sentence, topic 1' })).toBeEnabled());
    expect(link).toHaveFocus();
  });

  it('asks before a re-analysis discards the edits, and says so to the server', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const calls = fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}`]: json(200, edited([{ title: 'Mine' }])),
      'POST /api/videos/analyze': json(202, { status: 'pending', videoId: VIDEO }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByRole('heading', { name: '1. Mine' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-analyze' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Re-analyze this video?' });
    expect(dialog).toHaveTextContent('your edits (titles, removed topics and quotes, moved starts) will be replaced');
    await user.click(within(dialog).getByRole('button', { name: 'Discard edits and re-analyze' }));
    await screen.findByRole('progressbar', { name: 'Analysis progress' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { videoId: VIDEO, forceReanalyze: true, discardEdits: true },
    ]);
  });
});

describe('dashboard: submit failures', () => {
  it('keeps the focus on Find Clips while a link is on its way, and sends it once however often it is pressed', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const calls = fakeApi({ [`POST /api/videos/transcript`]: () => new Promise<Response>(() => undefined) });
    renderWithApp(<DashboardPage />, { user: member });
    await user.type(screen.getByPlaceholderText('Paste a YouTube video link...'), LINK);
    screen.getByRole('button', { name: 'Find Clips' }).focus();
    await user.keyboard('{Enter}');
    const button = screen.getByRole('button', { name: 'Find Clips' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    // Disabled, it dropped the focus to the page.
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('sends the video’s plain link, not the kilobytes of parameters a pasted link may carry', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const calls = fakeApi({ [`POST /api/videos/transcript`]: () => new Promise<Response>(() => undefined) });
    renderWithApp(<DashboardPage />, { user: member });
    const pasted = `${LINK}&pp=${'x'.repeat(2_100)}`;
    await user.click(screen.getByPlaceholderText('Paste a YouTube video link...'));
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Find Clips' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ youtubeUrl: `https://www.youtube.com/watch?v=${VIDEO}` });
  });

  it('says the session expired when a member’s submit gets 401, and stays on the demo', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({ [`POST /api/videos/transcript`]: json(401, { message: 'Not authenticated' }) });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    const shown = within(await toast());
    expect(await shown.findByText('Authentication Error')).toBeInTheDocument();
    expect(shown.getByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
    expect(await screen.findByText('Demo')).toBeInTheDocument();
  });

  it('says the server could not be reached when no answer comes, not the browser’s words', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    fakeApi({ [`POST /api/videos/transcript`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    const shown = await toast();
    expect(await within(shown).findByText('Analysis Error')).toBeInTheDocument();
    expect(within(shown).getByText('Could not reach Find Clips. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('offers a member a video without captions to bring their own: a bad file names its line, a good one is analysed', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const message = 'This video has no captions to analyse.';
    let answer = json(400, { errorType: 'VALIDATION_ERROR', field: 'text', message: 'Line 2: this cue ends before it starts' });
    const calls = fakeApi({
      [`POST /api/videos/transcript`]: json(422, { message, errorType: 'NO_TRANSCRIPT' }),
      [`POST /api/user-videos/${VIDEO}/transcript`]: () => answer,
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`],
    });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    const screenCard = await screen.findByRole('alert');
    expect(within(screenCard).getByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    // Its toast says what happened, not what a guest is told (to sign up to bring captions).
    const notice = within(await toast());
    expect(await notice.findByText(message)).toBeInTheDocument();
    expect(notice.queryByText(/Members can bring/)).not.toBeInTheDocument();
    expect(notice.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    // The form sits beside the alert, not inside it.
    expect(within(screenCard).queryByRole('form')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Bring your own captions' });
    const file = new File(['1\n00:00:09,000 --> 00:00:04,000\nBackwards.\n'], 'talk.srt', { type: 'application/x-subrip' });
    await user.upload(within(form).getByLabelText('Caption file (.srt or .vtt)'), file);
    expect(within(form).getByLabelText('Or paste timed text')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove talk.srt to paste text instead' }));
    // The button went with the file: the focus is on the field it freed, not lost to the page.
    expect(within(form).getByLabelText('Or paste timed text')).toBeEnabled();
    expect(within(form).getByLabelText('Or paste timed text')).toHaveFocus();
    await user.upload(within(form).getByLabelText('Caption file (.srt or .vtt)'), file);
    await user.click(within(form).getByRole('button', { name: 'Analyse these captions' }));
    expect(await within(form).findByText('Line 2: this cue ends before it starts')).toBeInTheDocument();
    // The message describes the file field it is about.
    expect(within(form).getByLabelText('Caption file (.srt or .vtt)')).toHaveAccessibleDescription(
      'Line 2: this cue ends before it starts',
    );
    expect(within(form).getByLabelText('Caption file (.srt or .vtt)')).toBeInvalid();

    answer = json(202, { videoId: VIDEO, status: 'pending' });
    await user.click(within(form).getByRole('button', { name: 'Analyse these captions' }));
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    // The form went with the error screen: the focus is on the video being analysed.
    await waitFor(() => expect(screen.getByRole('heading', { name: analysis.title! })).toHaveFocus());
    expect(
      calls.filter((c) => c.path.endsWith('/transcript') && c.path.startsWith('/api/user-videos')).map((c) => c.body),
    ).toEqual([
      { text: '1\n00:00:09,000 --> 00:00:04,000\nBackwards.\n', name: 'talk.srt' },
      { text: '1\n00:00:09,000 --> 00:00:04,000\nBackwards.\n', name: 'talk.srt' },
    ]);
  });

  it('reads a caption file saved as UTF-16 (Notepad\'s "Unicode"), and refuses one in another encoding before sending it', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const calls = fakeApi({
      [`POST /api/videos/transcript`]: json(422, {
        message: 'This video has no captions to analyse.',
        errorType: 'NO_TRANSCRIPT',
      }),
      [`POST /api/user-videos/${VIDEO}/transcript`]: json(202, { videoId: VIDEO, status: 'pending' }),
    });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    const form = await screen.findByRole('form', { name: 'Bring your own captions' });
    const picker = within(form).getByLabelText('Caption file (.srt or .vtt)');
    // 'Café' in Latin-1: its é is no UTF-8.
    const latin1 = new File([new Uint8Array([0x30, 0x3a, 0x30, 0x30, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a])], 'cafe.txt');
    await user.upload(picker, latin1);
    await user.click(within(form).getByRole('button', { name: 'Analyse these captions' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'cafe.txt: Line 1 is not UTF-8 text (another encoding, or not text at all): save it as UTF-8',
    );
    await user.click(within(form).getByRole('button', { name: 'Remove cafe.txt to paste text instead' }));
    const text = '1\n00:00:01,000 --> 00:00:04,000\nCafé crème, 2 €\n';
    const utf16 = new Uint16Array([0xfeff, ...[...text].map((c) => c.charCodeAt(0))]);
    await user.upload(picker, new File([utf16], 'talk.srt'));
    await user.click(within(form).getByRole('button', { name: 'Analyse these captions' }));
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/user-videos')).map((c) => c.body)).toEqual([
      { text, name: 'talk.srt' },
    ]);
  });

  it('tells a guest in a toast, with no upload: captions are for members, which signing up gives', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`POST /api/guest/videos/transcript`]: json(422, {
        message: 'This video has no captions to analyse.',
        errorType: 'NO_TRANSCRIPT',
      }),
    });
    renderWithApp(<DashboardPage />, { user: null });
    await paste(user);
    const notice = within(await toast());
    expect(
      await notice.findByText('This video has no captions to analyse. Members can bring their own captions.'),
    ).toBeInTheDocument();
    expect(notice.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('form', { name: 'Bring your own captions' })).not.toBeInTheDocument();
    // A toast alone: no error screen takes the dashboard, and the link stays in the field to try another time.
    expect(screen.queryByRole('heading', { name: 'Analysis Failed' })).not.toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(LINK);
  });

  it('shows a member the Video Too Long screen (2 hours max) with its toast, and empties the link field', async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const message = videoMessages.tooLong;
    fakeApi({ [`POST /api/videos/transcript`]: json(422, { message, errorType: 'VIDEO_TOO_LONG' }) });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await within(await toast()).findByText(message)).toBeInTheDocument();
    expect(within(await toast()).getByText('Video Too Long')).toBeInTheDocument();
    const screenCard = await screen.findByRole('alert');
    expect(within(screenCard).getByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    // The screen and the toast say the same words.
    expect(within(screenCard).getByText(message)).toHaveTextContent(/2 hours max/);
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue('');
    // The page's status region stays through the error screen, so a next analysis's start is heard.
    expect(document.getElementById('analysis-announcement')).toBeEmptyDOMElement();
    await user.click(within(screenCard).getByRole('button', { name: 'Try Another Video' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    // Ready for the next link: the field has the focus.
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveFocus();
  });

  it('shows a guest the Video Too Long screen and an 8 s toast with a sign-up link, spending no credit', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      document.cookie = 'gid=guest-1234';
      const message = 'Guests can analyse videos of up to 60 minutes. Sign up to analyse videos of up to 2 hours.';
      fakeApi({
        'GET /api/guest/credits': json(200, { left: 2 }),
        'POST /api/guest/videos/transcript': json(422, { message, errorType: 'GUEST_VIDEO_TOO_LONG' }),
      });
      renderWithApp(<DashboardPage />, { user: null });
      expect(await within(screen.getByTestId('guest-credits')).findByText('2')).toBeInTheDocument();
      await paste(user);

      expect(await screen.findByText('Video Too Long for Guests')).toBeInTheDocument();
      expect(within(await toast()).getByText(message)).toBeInTheDocument();
      expect(within(await toast()).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
      const screenCard = screen.getByRole('alert');
      expect(within(screenCard).getByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
      expect(within(screenCard).getByText(message)).toBeInTheDocument();
      // One message, not three: no 'unlimited access' or 'longer videos' beside it.
      expect(within(screenCard).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
      expect(screen.queryByText(/unlimited access|longer videos/)).not.toBeInTheDocument();
      expect(within(screen.getByTestId('guest-credits')).getByText('2')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(7_500));
      expect(screen.getByText('Video Too Long for Guests')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.queryByText('Video Too Long for Guests')).not.toBeInTheDocument();

      await user.click(within(screenCard).getByRole('button', { name: 'Try Another Video' }));
      expect(screen.getByText('Demo')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  const refused = (message: string) => json(429, { message, errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });

  it('takes down the screen of a video refused as too long when a guest with no credit left is refused the next one', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    const message = 'Guests can analyse videos of up to 60 minutes. Sign up to analyse videos of up to 2 hours.';
    let answer = json(422, { message, errorType: 'GUEST_VIDEO_TOO_LONG' });
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      'POST /api/guest/videos/transcript': () => answer,
    });
    renderWithApp(<DashboardPage />, { user: null });
    await paste(user);
    const screenCard = await screen.findByRole('alert');
    expect(within(screenCard).getByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    answer = refused(videoMessages.guestQuota);
    await user.clear(screen.getByPlaceholderText('Paste a YouTube video link...'));
    await paste(user, 'https://youtu.be/aBcDeFgHiJk');
    expect(await screen.findByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).toBeInTheDocument();
    // The refusal said so; the screen of the video before, with the new link in the field, would not hold.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Video Too Long' })).not.toBeInTheDocument());
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('says Credit Limit Reached when a guest with no credit left asks for a new video, the video on screen staying', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    recordGuestAnalysis(VIDEO);
    const calls = fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
      'POST /api/guest/videos/transcript': refused(videoMessages.guestQuota),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, 'https://youtu.be/aBcDeFgHiJk');
    const shown = within(await toast());
    expect(await shown.findByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).toBeInTheDocument();
    expect(shown.getByText(videoMessages.guestQuota)).toBeInTheDocument();
    // It asks them to sign up, and links there.
    expect(within(await toast()).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
    // The server judged it; the video on screen stayed.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/?video=${VIDEO}`);
  });

  it("keeps the guest's video on screen while a link is asked about with no credit left", async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    recordGuestAnalysis(VIDEO);
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
      'POST /api/guest/videos/transcript': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    await paste(user, 'https://youtu.be/aBcDeFgHiJk');
    // Asked quietly: the server may still open it (a video they analysed elsewhere), and the video stays meanwhile.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find Clips' })).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
    answer(refused(videoMessages.guestQuota));
    expect(await within(await toast()).findByText(videoMessages.guestQuota)).toBeInTheDocument();
  });

  /** A guest's link this tab sent, whose answer a reload cut short just now, on this history entry. */
  const leaveGuestLinkUnanswered = () =>
    sessionStorage.setItem(
      storageKeys.pendingLink,
      JSON.stringify({
        videoId: 'aBcDeFgHiJk',
        url: 'https://youtu.be/aBcDeFgHiJk',
        who: 'guest',
        at: Date.now(),
        entry: historyEntry(),
      }),
    );

  it("sends the link a reload left unanswered again once a guest's credits are known: with none left, quietly, the video staying", async () => {
    document.cookie = 'gid=guest-1234';
    recordGuestAnalysis(VIDEO);
    leaveGuestLinkUnanswered();
    let credits: (response: Response) => void = () => undefined;
    const calls = fakeApi({
      'GET /api/guest/credits': () => new Promise<Response>((resolve) => (credits = resolve)),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
      'POST /api/guest/videos/transcript': () => new Promise<Response>(() => undefined),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    const sent = () => calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(sent()).toEqual([]);
    credits(json(200, { left: 0 }));
    await waitFor(() => expect(sent()).toEqual(['/api/guest/videos/transcript']));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
  });

  it("does not send a guest's link left unanswered by a reload as the member they became meanwhile (signed in in another tab)", async () => {
    document.cookie = 'gid=guest-1234';
    leaveGuestLinkUnanswered();
    const calls = fakeApi({
      'GET /api/guest/credits': () => new Promise<Response>(() => undefined),
      'GET /api/history': json(200, []),
      'POST /api/videos/transcript': () => new Promise<Response>(() => undefined),
      'POST /api/guest/videos/transcript': () => new Promise<Response>(() => undefined),
    });
    const { client } = renderWithApp(<DashboardPage />, { user: null });
    expect(await screen.findByTestId('guest-credits')).toBeInTheDocument();
    act(() => client.setQueryData(USER_KEY, member));
    await waitFor(() => expect(screen.queryByTestId('guest-credits')).not.toBeInTheDocument());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("takes a guest's refusal away from under the field once they signed in (in another tab)", async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 1 }),
      'POST /api/guest/videos/transcript': refused(videoMessages.guestQuota),
      'GET /api/history': json(200, []),
    });
    const { client } = renderWithApp(<DashboardPage />, { user: null });
    await paste(user);
    expect(await within(await toast()).findByText(videoMessages.guestQuota)).toBeInTheDocument();
    const field = screen.getByPlaceholderText('Paste a YouTube video link...');
    expect(field).toBeInvalid();
    act(() => client.setQueryData(USER_KEY, member));
    await waitFor(() => expect(screen.queryByTestId('guest-credits')).not.toBeInTheDocument());
    expect(field).toBeValid();
    expect(field).not.toHaveAccessibleDescription();
  });

  it("sets a guest's credits to 0 when a new video is refused for want of one (spent in another tab)", async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    let left = 1;
    fakeApi({
      'GET /api/guest/credits': () => json(200, { left }),
      'POST /api/guest/videos/transcript': () => refused(videoMessages.guestQuota),
    });
    renderWithApp(<DashboardPage />, { user: null });
    expect(await within(screen.getByTestId('guest-credits')).findByText('1')).toBeInTheDocument();
    left = 0; // another tab spent it
    await paste(user);
    expect(await within(await toast()).findByText(videoMessages.guestQuota)).toBeInTheDocument();
    expect(await within(screen.getByTestId('guest-credits')).findByText('0')).toBeInTheDocument();
  });

  it('reopens a video the guest analysed before, with no credit left and none spent', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    const calls = fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      'POST /api/guest/videos/transcript': guestAnswer(0),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
    });
    renderWithApp(<DashboardPage />, { user: null });
    expect(await within(screen.getByTestId('guest-credits')).findByText('0')).toBeInTheDocument();
    await paste(user);
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).not.toBeInTheDocument();
  });

  it("tells a new guest whose network has used today's analyses that it is the network, not their credits", async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-5678';
    const networkQuota = quotaMessages.network(4 * 3600);
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 0, message: networkQuota }),
      'POST /api/guest/videos/transcript': refused(networkQuota),
    });
    renderWithApp(<DashboardPage />, { user: null });
    expect(await within(screen.getByTestId('guest-credits')).findByText('0')).toBeInTheDocument();
    await paste(user);
    expect(await within(await toast()).findByText(networkQuota)).toBeInTheDocument();
    expect(screen.queryByText(videoMessages.guestQuota)).not.toBeInTheDocument();
  });

  it('says a link whose video id cannot be one is not a video link, and shows the demo', async () => {
    document.cookie = 'gid=guest-1234';
    fakeApi({ 'GET /api/guest/credits': json(200, { left: 2 }) });
    renderWithApp(<DashboardPage />, { route: '/?video=%3Cscript%3E', user: null });
    expect(await within(await toast()).findByText('Invalid YouTube URL ⚠️')).toBeInTheDocument();
    expect(within(await toast()).getByText('Could not extract video ID from the URL')).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    // The demo's clips use no guest allowance, and say nothing of one.
    expect(screen.queryByText(/Quote clips you can still play/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Play clip' }).length).toBeGreaterThan(0);
  });

  it("reads a guest's credits again after a submission that failed on the way, which may have spent one", async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    let left = 2;
    fakeApi({
      'GET /api/guest/credits': () => json(200, { left }),
      'POST /api/guest/videos/transcript': () => {
        // The credit is spent, then PostgreSQL fails before the job is queued.
        left = 1;
        return json(503, {
          message: 'The service is temporarily unavailable. Please try again shortly.',
          errorType: 'SERVICE_UNAVAILABLE',
        });
      },
    });
    renderWithApp(<DashboardPage />, { user: null });
    expect(await within(screen.getByTestId('guest-credits')).findByText('2')).toBeInTheDocument();
    await paste(user);
    expect(await within(screen.getByTestId('guest-credits')).findByText('1')).toBeInTheDocument();
  });

  it('gives a guest back the credit of an analysis that failed, read again once it is known to have failed (the live channel away)', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    let left = 2;
    let failed = false;
    fakeApi({
      'GET /api/guest/credits': () => json(200, { left }),
      'POST /api/guest/videos/transcript': () => {
        left = 1;
        return json(202, {
          videoId: VIDEO,
          analyzedTopics: null,
          status: 'pending',
          duration: 600,
          title: 'Small teams',
          thumbnailUrl: null,
          error: null,
          left,
        });
      },
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      'GET /api/videos/check-status': () =>
        statusAnswer({
          videoId: VIDEO,
          exists: true,
          status: failed ? 'failed' : 'analyzing',
          createdAt: null,
          errorMessage: failed ? 'The analysis failed.' : null,
        }),
    });
    renderWithApp(<DashboardPage />, { user: null });
    expect(await within(screen.getByTestId('guest-credits')).findByText('2')).toBeInTheDocument();
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    expect(await within(screen.getByTestId('guest-credits')).findByText('1')).toBeInTheDocument();
    // The worker failed, and gave the credit back before saying so.
    failed = true;
    left = 2;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    expect(await within(screen.getByTestId('guest-credits')).findByText('2')).toBeInTheDocument();
  });

  it("says the server's reason in the toast of a member's video refused as too long, as its screen does", async () => {
    const user = userEvent.setup();
    rememberUser(member);
    const message = 'This video is 3 hours 10 minutes long: videos of up to 2 hours max can be analysed.';
    fakeApi({ [`POST /api/videos/transcript`]: json(422, { message, errorType: 'VIDEO_TOO_LONG' }) });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await within(await toast()).findByText(message)).toBeInTheDocument();
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeInTheDocument();
  });

  it('takes the error toast of a bad link away when a good one is sent', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    fakeApi({ 'GET /api/guest/credits': json(200, { left: 2 }), 'POST /api/guest/videos/transcript': guestAnswer(1) });
    renderWithApp(<DashboardPage />, { user: null });
    await paste(user, 'https://www.youtube.com/channel/UC1234567890');
    expect(await within(await toast()).findByText('Invalid YouTube URL ⚠️')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Paste a YouTube video link...'));
    await paste(user);
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.queryByText('Invalid YouTube URL ⚠️')).not.toBeInTheDocument();
  });

  it('keeps what was wrong with the link under the field, tied to it, after the toast is gone, until the link changes', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      'POST /api/guest/videos/transcript': json(422, {
        message: 'This video has no captions to analyse.',
        errorType: 'NO_TRANSCRIPT',
      }),
    });
    renderWithApp(<DashboardPage />, { user: null });
    const field = screen.getByPlaceholderText('Paste a YouTube video link...');
    await paste(user, 'https://www.youtube.com/channel/UC1234567890');
    await closeToast(user);
    await waitFor(() => expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Invalid YouTube URL'));
    // The toast gone, the field says it still, without the emoji a screen reader would read as words.
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Invalid YouTube URL: Could not extract video ID from the URL');
    await user.type(field, '/');
    expect(field).toBeValid();
    expect(field).not.toHaveAccessibleDescription();

    // A guest's video without captions: the way to sign up is there too, not only in the toast.
    await user.clear(field);
    await paste(user);
    await closeToast(user);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      'Analysis Error: This video has no captions to analyse. Members can bring their own captions. Sign up',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
  });

  it("follows a visitor's first link when their guest cookie arrives while it is being sent", async () => {
    const user = userEvent.setup();
    // The first guest call sets the gid cookie: the visitor becomes a guest, not someone else.
    const settled: (() => void)[] = [];
    const later = (answer: Response) => () =>
      new Promise<Response>((resolve) =>
        settled.push(() => {
          document.cookie = 'gid=guest-new';
          resolve(answer);
        }),
      );
    fakeApi({
      'GET /api/guest/credits': later(json(200, { left: 2 })),
      'POST /api/guest/videos/transcript': later(guestAnswer(1)),
    });
    renderWithApp(<DashboardPage />, { user: null });
    await waitFor(() => expect(settled).toHaveLength(1));
    await paste(user);
    await waitFor(() => expect(settled).toHaveLength(2));
    // The credits answer first, with the cookie; the link's answer comes after.
    act(() => settled[0]!());
    expect(await within(screen.getByTestId('guest-credits')).findByText('2')).toBeInTheDocument();
    act(() => settled[1]!());
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.queryByText(/Find Clips demo/)).not.toBeInTheDocument();
  });

  it('says at once that no credit is left when a guest with none opens such a link', async () => {
    document.cookie = 'gid=guest-1234';
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await within(await toast()).findByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).toBeInTheDocument();
    expect(within(await toast()).getByText(videoMessages.guestQuota)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(LINK);
  });

  it('says at once that a video over 60 minutes is too long for guests, with or without credits', async () => {
    document.cookie = 'gid=guest-1234';
    for (const left of [0, 2]) {
      fakeApi({
        'GET /api/guest/credits': json(200, { left }),
        [`GET /api/cached-videos/${VIDEO}`]: json(200, { ...analysis, durationSeconds: 90 * 60 }),
      });
      const view = renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
      expect(await within(await toast()).findByText(videoMessages.guestTooLong)).toBeInTheDocument();
      expect(screen.queryByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).not.toBeInTheDocument();
      expect(screen.queryByText('Press Find Clips to open it')).not.toBeInTheDocument();
      // Its link is not put in the field: Find Clips could only refuse it.
      expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue('');
      view.unmount();
    }
  });

  it('tells a guest with no credit left who opens a link nobody analysed that none is left', async () => {
    document.cookie = 'gid=guest-1234';
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 0 }),
      'GET /api/videos/check-status': statusAnswer({ videoId: VIDEO, exists: false, status: null, createdAt: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await within(await toast()).findByText('Credit Limit Reached ⚠️ (Resets in 24 hours)')).toBeInTheDocument();
    expect(screen.queryByText('Not analysed yet')).not.toBeInTheDocument();
  });

  it("does the same with a link to someone's analysis still running, rather than following it for free", async () => {
    document.cookie = 'gid=guest-1234';
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      'GET /api/videos/check-status': statusAnswer({ videoId: VIDEO, exists: true, status: 'analyzing', createdAt: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await within(await toast()).findByText('Press Find Clips to open it')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(LINK);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('puts a link to an analysis the guest did not make here in the field: it opens for a credit, as the field answers', async () => {
    const user = userEvent.setup();
    document.cookie = 'gid=guest-1234';
    const calls = fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`GET /api/cached-videos/${VIDEO}`]: json(200, analysis),
      'POST /api/guest/videos/transcript': guestAnswer(1),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await within(await toast()).findByText('Press Find Clips to open it')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Paste a YouTube video link...')).toHaveValue(LINK);
    expect(screen.queryByText('Why small teams ship faster')).not.toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Find Clips' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(within(screen.getByTestId('guest-credits')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Clips' })).toBeEnabled();
  });
});

describe('dashboard: Data Loading Error', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The member's analysis fails (after its two retries) until `healthy` is set. */
  function failingVideo() {
    const state = { healthy: false, calls: 0 };
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}`]: () => {
        state.calls++;
        return state.healthy ? json(200, analysis) : json(503, { message: 'Database unavailable' });
      },
    });
    renderWithApp(
      <>
        <DashboardPage />
        <HistoryButtons />
      </>,
      { route: `/?video=${VIDEO}`, user: member },
    );
    return state;
  }

  it('retries twice, then offers Retry, which loads the topics', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const state = failingVideo();
    expect(await screen.findByRole('heading', { name: 'Data Loading Error' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(state.calls).toBe(3);

    state.healthy = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.queryByText('Data Loading Error')).not.toBeInTheDocument();
  });

  it('keeps the keyboard on the video when Retry, pressed from the keyboard, takes the error screen away', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const state = failingVideo();
    await screen.findByRole('heading', { name: 'Data Loading Error' }, { timeout: 10_000 });
    state.healthy = true;
    screen.getByRole('button', { name: 'Retry' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    // The button pressed is gone with its screen: the focus is on the video it loaded, not on the page.
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('heading', { name: 'An interview about small teams' })).toHaveFocus();
  });

  it('says so, with Retry, when a link opens a video nobody stored while Find Clips cannot tell whether its analysis waits (check-status 503)', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let redisBack = false;
    const unavailable = 'The service is temporarily unavailable. Please try again shortly.';
    fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      // Redis away: the gateway cannot read the queue, and says so rather than 'nothing waits'.
      'GET /api/videos/check-status': () =>
        redisBack
          ? statusAnswer({ videoId: VIDEO, exists: false, status: null, createdAt: null })
          : json(503, { message: unavailable, errorType: 'SERVICE_UNAVAILABLE' }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    // Not 'Loading the analysis' for good: the page says what happened and offers to try again.
    expect(await screen.findByRole('heading', { name: 'Data Loading Error' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(unavailable)).toBeInTheDocument();
    expect(screen.queryByText('Loading the analysis')).not.toBeInTheDocument();

    redisBack = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Not analysed yet')).toBeInTheDocument();
    expect(screen.queryByText('Data Loading Error')).not.toBeInTheDocument();
  });

  it('asks check-status again, as it asks for the topics, when one answer of a link opening a video is a blip (502): no Data Loading Error', async () => {
    let asked = 0;
    fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      // A gateway restarting behind its proxy for a moment.
      'GET /api/videos/check-status': () =>
        ++asked === 1
          ? json(502, { message: 'Bad gateway' })
          : statusAnswer({ videoId: VIDEO, exists: false, status: null, createdAt: null }),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: null });
    expect(await screen.findByText('Not analysed yet', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked).toBe(2);
    expect(screen.queryByText('Data Loading Error')).not.toBeInTheDocument();
  });

  it('Clear & Reset goes back to the demo, in place of the failed video: Back does not load it again', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const state = failingVideo();
    await screen.findByRole('heading', { name: 'Data Loading Error' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Clear & Reset' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await act(async () => void jest.advanceTimersByTime(5_000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(state.calls).toBe(3);
  });
});

describe('dashboard: Find Clips out of reach while an analysis runs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('goes on following a first analysis while Find Clips is restarting, and shows its topics once it answers', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let server: 'analysing' | 'away' | 'done' = 'analysing';
    const reached = (answer: () => Response) => () => {
      if (server === 'away') throw new TypeError('Failed to fetch');
      return answer();
    };
    rememberUser(member);
    const calls = fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`POST /api/videos/transcript`]: json(202, {
        videoId: VIDEO,
        analyzedTopics: null,
        status: 'pending',
        duration: 3_600,
        title: analysis.title,
        thumbnailUrl: null,
        error: null,
      }),
      [`GET /api/user-videos/${VIDEO}`]: reached(() =>
        server === 'done' ? json(200, analysis) : json(404, { message: 'Not found' }),
      ),
      [`GET /api/cached-videos/${VIDEO}`]: reached(() => json(404, { message: 'Not found' })),
      'GET /api/videos/check-status': reached(() =>
        statusAnswer({
          videoId: VIDEO,
          exists: true,
          status: server === 'done' ? 'complete' : 'analyzing',
          createdAt: analysis.createdAt,
        }),
      ),
    });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();

    // The server stops: the checks of the next minute get no answer, their retries neither.
    server = 'away';
    const asked = calls.length;
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(calls.length).toBeGreaterThan(asked + 2);
    expect(screen.queryByRole('heading', { name: 'Data Loading Error' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();

    // Back, with the analysis finished meanwhile: its topics come with the next check.
    server = 'done';
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Data Loading Error' })).not.toBeInTheDocument();
  });
});

describe('dashboard: a hidden tab following an analysis without the live channel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('asks nothing while hidden, and asks at once when it shows again: the analysis that ended meanwhile is done', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let done = false;
    rememberUser(member);
    const calls = fakeApi({
      [`GET /api/videos/metadata/${VIDEO}`]: memberVideo[`GET /api/videos/metadata/${VIDEO}`]!,
      [`POST /api/videos/transcript`]: json(202, {
        videoId: VIDEO,
        analyzedTopics: null,
        status: 'pending',
        duration: 3_600,
        title: analysis.title,
        thumbnailUrl: null,
        error: null,
      }),
      [`GET /api/user-videos/${VIDEO}`]: () => (done ? json(200, analysis) : json(404, { message: 'Not found' })),
      [`GET /api/cached-videos/${VIDEO}`]: json(404, { message: 'Not found' }),
      'GET /api/videos/check-status': () =>
        statusAnswer({ videoId: VIDEO, exists: true, status: done ? 'complete' : 'analyzing', createdAt: analysis.createdAt }),
    });
    renderWithApp(<DashboardPage />, { user: member });
    await paste(user);
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress' })).toBeInTheDocument();
    // In front, it asks now and then.
    let asked = calls.length;
    await act(() => jest.advanceTimersByTimeAsync(31_000));
    expect(calls.length).toBeGreaterThan(asked);

    // Hidden for two minutes, while the analysis ends: not one request.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    done = true;
    asked = calls.length;
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(calls.slice(asked)).toEqual([]);

    // Shown: the topics at once.
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(document.getElementById('analysis-announcement')).toHaveTextContent('Done! Your clips are ready.');
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Why small teams ship faster')).toBeInTheDocument();
  });
});

describe('error screens', () => {
  const handlers = () => ({ onRetry: jest.fn(), onClear: jest.fn() });
  const show = (failure: Parameters<typeof ErrorScreen>[0]['failure'], h = handlers()) => {
    render(<ErrorScreen failure={failure} {...h} />, { wrapper: MemoryRouterWrapper });
    return h;
  };

  it('Content Policy Violation lists the categories', async () => {
    const h = show({ type: 'CONTENT_POLICY', message: 'Refused', categories: ['violence', 'harassment'] });
    expect(screen.getByRole('heading', { name: 'Content Policy Violation' })).toBeInTheDocument();
    expect(screen.getByText('Categories: violence, harassment')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Another Video' }));
    expect(h.onClear).toHaveBeenCalledTimes(1);
  });

  it("Video Too Long says 2 hours max for members, and when it is so, that the video's length is unknown", () => {
    show({ type: 'VIDEO_TOO_LONG', message: videoMessages.tooLong, categories: [] });
    expect(screen.getByRole('heading', { name: 'Video Too Long' })).toBeInTheDocument();
    expect(screen.getByText(/2 hours max/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up for unlimited access' })).not.toBeInTheDocument();
    cleanup();
    show({ type: 'VIDEO_TOO_LONG', message: videoMessages.unknownLength, categories: [] });
    expect(screen.getByText(videoMessages.unknownLength)).toBeInTheDocument();
    expect(screen.getByText('Videos can be analysed up to 2 hours max.')).toBeInTheDocument();
  });

  it('any other failure is Analysis Failed with its message and Try Another Video', async () => {
    const h = show({ type: 'NO_TRANSCRIPT', message: 'This video has no captions.', categories: [] });
    expect(screen.getByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    expect(screen.getByText('This video has no captions.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Another Video' }));
    expect(h.onClear).toHaveBeenCalledTimes(1);
    expect(h.onRetry).not.toHaveBeenCalled();
  });
});

describe('quotes: collapsed to 4 lines with Show more / Show less', () => {
  // jsdom lays nothing out: a paragraph here wraps at 60 characters a 24 px line, and line-clamp-4
  // shows at most 4 of them, as Chromium does in the browser test.
  const LINE = 24;
  const lines = (element: HTMLElement) => Math.ceil((element.textContent ?? '').length / 60);
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return lines(this) * LINE;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return (this.classList.contains('line-clamp-4') ? Math.min(4, lines(this)) : lines(this)) * LINE;
      },
    });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('expands and collapses a quote that is cut', async () => {
    const user = userEvent.setup();
    const text = 'Every claim needs a number behind it. '.repeat(12).trim();
    render(<ExpandableQuote text={text} />);
    const paragraph = screen.getByText(`“${text}”`);
    expect(paragraph).toHaveClass('line-clamp-4');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(paragraph).not.toHaveClass('line-clamp-4');
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(paragraph).toHaveClass('line-clamp-4');
  });

  it('offers nothing for a quote that fits its 4 lines, however many characters it has', () => {
    render(<ExpandableQuote text={'Three short lines of words, nothing cut at all here. '.repeat(4).trim()} />);
    expect(screen.getByText(/Three short lines/).textContent!.length).toBeGreaterThan(200);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

// As an older gateway sent them: beyond today's contract, which the app still reads.
describe('dashboard: topics sent as a JSON string', () => {
  it('reads them as the array they hold, from a stored analysis and from a submission', async () => {
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}`]: beyondContract(json(200, { ...analysis, analyzedTopics: JSON.stringify(topics) })),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
    expect(screen.getByText('Hiring the first ten people')).toBeInTheDocument();
    cleanup();

    const user = userEvent.setup();
    fakeApi({
      'GET /api/guest/credits': json(200, { left: 2 }),
      [`POST /api/guest/videos/transcript`]: beyondContract(
        json(200, {
          videoId: VIDEO,
          analyzedTopics: JSON.stringify(topics),
          status: 'complete',
          duration: 600,
          title: 'Small teams',
          thumbnailUrl: null,
          error: null,
          left: 1,
        }),
      ),
    });
    renderWithApp(<DashboardPage />, { route: '/' });
    await paste(user);
    expect(await screen.findByText('Why small teams ship faster')).toBeInTheDocument();
  });

  it.each([
    ['no JSON', '[{"id":'],
    ['JSON but no list of topics', '{"topics":[]}'],
  ])('says the analysis came back unreadable when the string holds %s', async (_case, sent) => {
    rememberUser(member);
    fakeApi({
      ...memberVideo,
      [`GET /api/user-videos/${VIDEO}`]: beyondContract(json(200, { ...analysis, analyzedTopics: sent })),
    });
    renderWithApp(<DashboardPage />, { route: `/?video=${VIDEO}`, user: member });
    expect(await screen.findByText(UNREADABLE_TOPICS, undefined, { timeout: 6_000 })).toBeInTheDocument();
  });
});

function MemoryRouterWrapper({ children }: { children: React.ReactNode }) {
  return <MemoryRouter>{children}</MemoryRouter>;
}
