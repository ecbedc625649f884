import {
  checkStatusResponseSchema,
  errorBodySchema,
  guestCreditsResponseSchema,
  historyVideoSchema,
  reanalysisStatusSchema,
  sharedAnalysisResponseSchema,
  shareResponseSchema,
  sharesMapSchema,
  transcriptResponseSchema,
  userSchema,
  verifyPasswordResponseSchema,
  videoAnalysisResponseSchema,
  videoMetadataResponseSchema,
  videoTranscriptSchema,
  type User,
} from '@findclips/contracts';
import { z } from 'zod';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { USER_KEY } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../providers';

export const member: User = {
  id: 42,
  email: 'ada@example.com',
  name: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  googleId: null,
  avatarUrl: null,
  aiProvider: 'gemini',
  createdAt: '2026-01-02T10:00:00.000Z',
};

/** Shows where the router is, so tests can assert redirects. */
function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The browser's Back and Forward buttons. */
export function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>Browser back</button>
      <button onClick={() => navigate(1)}>Browser forward</button>
    </>
  );
}

/**
 * Renders UI inside the app's providers and a memory router at `route`, after the entries `before`
 * (what Back returns to). `user` seeds who is signed in (null: nobody); left out, the user query
 * stays in flight.
 */
export function renderWithApp(
  ui: ReactNode,
  { route = '/', user, before = [], state }: { route?: string; user?: User | null; before?: string[]; state?: unknown } = {},
) {
  const client = createQueryClient();
  if (user !== undefined) client.setQueryData(USER_KEY, user);
  const view = render(
    <MemoryRouter initialEntries={[...before, { ...parsePath(route), state }]} initialIndex={before.length}>
      <AppProviders client={client}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Location />
      </AppProviders>
    </MemoryRouter>,
  );
  return { client, ...view };
}

/** A JSON answer as the gateway gives it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type Answer = Response | ((call: ApiCall) => Response | Promise<Response>);

/** The gateway's successful answers, by method and path, as the contracts define them. */
const ANSWERS: [method: string, path: RegExp, schema: z.ZodType][] = [
  ['GET', /^\/api\/user$/, userSchema],
  ['POST', /^\/api\/(guest\/)?videos\/transcript$/, transcriptResponseSchema],
  ['GET', /^\/api\/(cached-videos|user-videos)\/[^/]+$/, videoAnalysisResponseSchema],
  ['GET', /^\/api\/videos\/metadata\/[^/]+$/, videoMetadataResponseSchema],
  ['GET', /^\/api\/guest\/credits$/, guestCreditsResponseSchema],
  ['GET', /^\/api\/videos\/check-status$/, checkStatusResponseSchema],
  ['GET', /^\/api\/user-videos\/[^/]+\/status$/, reanalysisStatusSchema],
  ['GET', /^\/api\/videos$/, z.array(historyVideoSchema)],
  ['GET', /^\/api\/videos\/[^/]+\/transcript$/, videoTranscriptSchema],
  ['POST', /^\/api\/analysis\/share$/, shareResponseSchema],
  ['GET', /^\/api\/analysis\/shares-map$/, sharesMapSchema],
  ['GET', /^\/api\/shared\/[^/]+$/, sharedAnalysisResponseSchema],
  ['POST', /^\/api\/verify-password$/, verifyPasswordResponseSchema],
  ['POST', /^\/api\/(login|register)$/, userSchema],
  ['PATCH', /^\/api\/profile(\/email)?$/, userSchema],
  ['PATCH', /^\/api\/user-videos\/[^/]+$/, videoAnalysisResponseSchema],
  ['DELETE', /^\/api\/user-videos\/[^/]+\/edits$/, videoAnalysisResponseSchema],
];

const violations: string[] = [];

/**
 * Canned answers of `fakeApi` that the gateway could not give (a body its contract refuses), since
 * the last call: the web setup fails the test that made any (a stranger's test audit found the
 * dashboard's tests answering check-status without four of its fields).
 */
export const contractViolations = () => violations.splice(0);

const offContract = new WeakSet<Response>();

/**
 * An answer outside its route's contract, on purpose: what an older gateway sent, or a broken one,
 * that the app must still survive.
 */
export function beyondContract(response: Response): Response {
  offContract.add(response);
  return response;
}

/** Notes a JSON answer whose body its route's contract refuses (any error's, the error body's). */
async function checkAnswer(call: ApiCall, answer: Response, response: Response): Promise<void> {
  if (offContract.has(answer) || !response.headers.get('content-type')?.includes('application/json')) return;
  const schema = response.ok
    ? ANSWERS.find(([method, path]) => method === call.method && path.test(call.path))?.[2]
    : errorBodySchema;
  if (!schema) return;
  const parsed = schema.safeParse(await response.clone().json());
  if (!parsed.success) violations.push(`${call.method} ${call.path}: ${z.prettifyError(parsed.error)}`);
}

/**
 * Answers the app's calls by 'METHOD /path' (the query string is not part of the key) and records
 * them; any other call gets the gateway's 404. Each answer is made afresh, so a route answers as
 * often as it is called.
 */
export function fakeApi(routes: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    if (!answer) return json(404, { message: 'Not found' });
    const given = typeof answer === 'function' ? await answer(call) : answer;
    const response = given === answer ? given.clone() : given;
    await checkAnswer(call, given, response);
    return response;
  }) as unknown as typeof fetch;
  return calls;
}

/**
 * The files the page saves (an anchor with `download` clicked on a Blob's address), as the browser
 * would write them; jsdom has no Blob addresses, so they are made here.
 */
export function savedFiles(): { name: string; text: () => Promise<string> }[] {
  const saved: { name: string; text: () => Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    // (jsdom's Blob has no text(): its FileReader reads it.)
    const text = () =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob!);
      });
    if (this.download && blob) saved.push({ name: this.download, text });
  });
  return saved;
}

/** What a player's YouTube embed reports to the page: the second it plays. */
export const embedReports = (player: HTMLIFrameElement, currentTime: number) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://www.youtube-nocookie.com',
        source: player.contentWindow,
        data: JSON.stringify({ event: 'infoDelivery', info: { currentTime } }),
      }),
    );
  });
