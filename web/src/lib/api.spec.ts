import { listenOnLoopback, readBody, type RunningServer } from '@findclips/testing';
import { API_ANSWER_TIMEOUT_MS } from '@findclips/contracts';
import { ApiError, apiRequest, getQueryFn, takeNamedAnswers, TIMED_OUT } from './api';

/** What the test server answers next: status, headers and raw body, exactly as given. */
let next: { status: number; headers: Record<string, string>; body: string };
const answer = (status: number, body: string, headers: Record<string, string> = {}) => (next = { status, headers, body });
const answerJson = (status: number, body: unknown) =>
  answer(status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8' });

describe('the API client, against a real HTTP server', () => {
  let server: RunningServer;
  const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
  const realFetch = globalThis.fetch;
  let droppedOnce = false;

  beforeAll(async () => {
    server = await listenOnLoopback(async (req, res) => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: await readBody(req) });
      // A connection that hangs: no answer at all, or its first bytes and never the rest.
      if (req.url === '/hang') return;
      // A connection dropped once, as a gateway restarting drops it.
      if (req.url === '/dropped-once' && !droppedOnce) {
        droppedOnce = true;
        return void req.socket.destroy();
      }
      if (req.url === '/hang-in-body') return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"id":');
      res.writeHead(next.status, next.headers);
      res.end(next.body);
    });
    // The browser resolves '/api/…' against its origin; here, against the test server.
    globalThis.fetch = ((url: string, init?: RequestInit) => realFetch(new URL(url, server.url), init)) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('sends JSON and reads JSON answers', async () => {
    answerJson(200, { id: 1, email: 'a@b.co' });
    expect(await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'x' })).toEqual({ id: 1, email: 'a@b.co' });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/login', body: '{"email":"a@b.co","password":"x"}' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it("hands an answer the page's HTML named to the app's first request for it, and asks anew once it is old", async () => {
    answerJson(200, { asked: 'with the page' });
    takeNamedAnswers(['/api/cached-videos/abc', '/api/user'], 200);
    while (received.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    answerJson(200, { asked: 'anew' });
    // Taken once, by the first request for it; the next is asked anew.
    expect(await apiRequest('GET', '/api/user')).toEqual({ asked: 'with the page' });
    expect(await apiRequest('GET', '/api/user')).toEqual({ asked: 'anew' });
    expect(received).toHaveLength(3);
    // One the app did not ask for in time is asked anew: it was of before (who is here could not
    // be read, so no video opened, and the video's analysis was made meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await apiRequest('GET', '/api/cached-videos/abc')).toEqual({ asked: 'anew' });
    expect(received.map((r) => r.url)).toEqual(['/api/cached-videos/abc', '/api/user', '/api/user', '/api/cached-videos/abc']);
  });

  it("asks anew for an answer the page's HTML named whose connection dropped", async () => {
    answerJson(200, { asked: 'anew' });
    takeNamedAnswers(['/dropped-once'], 1_000);
    expect(await apiRequest('GET', '/dropped-once')).toEqual({ asked: 'anew' });
    expect(received.map((r) => r.url)).toEqual(['/dropped-once', '/dropped-once']);
  });

  it('gives up on an answer that does not come in time, whole, and says so', async () => {
    for (const url of ['/hang', '/hang-in-body']) {
      const started = Date.now();
      await expect(apiRequest('GET', url, undefined, { timeoutMs: 300 })).rejects.toMatchObject({
        message: TIMED_OUT,
        status: 0,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    // Also one the page's HTML named, which the call takes.
    takeNamedAnswers(['/hang'], 500);
    const started = Date.now();
    await expect(apiRequest('GET', '/hang', undefined, { timeoutMs: 300 })).rejects.toMatchObject({
      message: TIMED_OUT,
      status: 0,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // Every call has a limit by default, long enough for the gateway's slowest work.
    expect(API_ANSWER_TIMEOUT_MS).toBeGreaterThanOrEqual(20_000);
  });

  it('reads a success without JSON, or with an empty JSON body, as an empty object', async () => {
    answer(200, 'ok', { 'content-type': 'text/plain' });
    expect(await apiRequest('POST', '/api/logout')).toEqual({});
    answer(200, '', { 'content-type': 'application/json', 'content-length': '0' });
    expect(await apiRequest('POST', '/api/logout')).toEqual({});
  });

  it('takes the message field of a JSON error, else its error field, else the body text', async () => {
    answerJson(409, { message: 'An account with this email already exists', errorType: 'CONFLICT' });
    await expect(apiRequest('POST', '/api/register', {})).rejects.toMatchObject({
      message: 'An account with this email already exists',
      status: 409,
      errorType: 'CONFLICT',
    });
    // Both given: the message is what a person reads, the error a code.
    answerJson(400, { error: 'Bad Request', message: 'Enter a valid YouTube link' });
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ message: 'Enter a valid YouTube link', status: 400 });
    answerJson(400, { error: 'Bad thing' });
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ message: 'Bad thing', status: 400 });
    answerJson(400, { other: true });
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ message: '{"other":true}' });
  });

  it('keeps the body of an error for the screens (e.g. credits left)', async () => {
    answerJson(429, { message: 'You have used your 2 free analyses.', errorType: 'GUEST_QUOTA_EXCEEDED', left: 0 });
    const error = (await apiRequest('POST', '/api/guest/videos/transcript?videoId=x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.body).toMatchObject({ left: 0 });
  });

  it('says "status: text" for an error that is not JSON, or not parseable, or empty', async () => {
    answer(502, 'Bad Gateway from the proxy', { 'content-type': 'text/html' });
    await expect(apiRequest('GET', '/api/user')).rejects.toMatchObject({ message: '502: Bad Gateway from the proxy' });
    answer(500, '{broken', { 'content-type': 'application/json' });
    await expect(apiRequest('GET', '/api/user')).rejects.toMatchObject({ message: '500: {broken' });
    answer(503, '');
    await expect(apiRequest('GET', '/api/user')).rejects.toMatchObject({ message: '503: Service Unavailable' });
  });

  it('uses the query key as the URL, and reads a 401 as null when asked', async () => {
    answerJson(401, { message: 'You are not signed in' });
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/user'] })).toBeNull();
    expect(received[0]!.url).toBe('/api/user');
    answerJson(401, { message: 'You are not signed in' });
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/user'] })).rejects.toMatchObject({ status: 401 });
    answerJson(200, { left: 2 });
    expect(await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/guest/credits'] })).toEqual({ left: 2 });
  });
});
