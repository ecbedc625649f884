import { API_ANSWER_TIMEOUT_MS, type ErrorCode } from '@findclips/contracts';

/**
 * A failed call: `message` is what a person reads; `status`, `errorType` and `body` let
 * screens react to specific failures (e.g. GUEST_QUOTA_EXCEEDED with `left`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorType: ErrorCode | undefined,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A response is read as JSON only when it says it is JSON and has a body. */
function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  const length = response.headers.get('content-length');
  return type.includes('application/json') && (length === null || Number(length) > 0);
}

/** The message field, else the error field, else the body text; unreadable → "status: text". */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  if (isJson(response) && text) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : text;
      return new ApiError(message, response.status, body.errorType as ErrorCode | undefined, body);
    } catch {
      // not JSON after all: fall through
    }
  }
  return new ApiError(`${response.status}: ${text || response.statusText}`, response.status, undefined, {});
}

/** Reads a successful response: JSON when it is JSON with content, else an empty object. */
async function success<T>(response: Response): Promise<T> {
  if (!isJson(response)) return {} as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** What a person reads when no answer came at all (offline, a dropped connection), not the browser's 'Failed to fetch'. */
export const UNREACHABLE = 'Could not reach Find Clips. Check your connection and try again.';

/** What a person reads when the answer did not come in time (a connection that hangs). */
export const TIMED_OUT = 'Find Clips did not answer in time. Check your connection and try again.';

/** How long an answer the page's HTML named is kept for the app's first request for it. */
export const NAMED_ANSWERS_KEPT_MS = 10_000;
const named = new Map<string, Promise<Response>>();

/**
 * Asks now for the answers the page's HTML names (`urls`, its `<link rel="preload" as="fetch">`:
 * the browser asked for them with the page, and hands them to this), each kept for the app's first
 * request for it within `keptMs`, and asked anew after that. Left to the browser, one the app did
 * not ask for at once (who is here could not be read, so no video opened) was handed to its first
 * request for it however late: a video's analysis of before it was made (a stranger's review).
 */
export function takeNamedAnswers(urls: readonly string[], keptMs = NAMED_ANSWERS_KEPT_MS): void {
  for (const url of urls) {
    const answer = fetch(url, { credentials: 'include', signal: AbortSignal.timeout(API_ANSWER_TIMEOUT_MS) });
    answer.catch(() => undefined);
    named.set(url, answer);
  }
  setTimeout(() => named.clear(), keptMs);
}

/** A time limit's end (the call's own, or that of an answer the page's HTML named). */
const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** Every call of the app: credentials always sent, errors raised as ApiError (status 0: no answer, or none in time). */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  { timeoutMs = API_ANSWER_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  const late = (error?: unknown) => signal.aborted || isTimeout(error);
  const noAnswer = (error?: unknown) => new ApiError(late(error) ? TIMED_OUT : UNREACHABLE, 0, undefined, {});
  const early = method === 'GET' ? named.get(url) : undefined;
  if (early) named.delete(url);
  let response: Response;
  try {
    response = await (early
      ? Promise.race([
          // A named answer whose connection dropped (a gateway restarting as the page loaded) is
          // asked anew, as the browser did with its preload (a stranger's review): one that took
          // too long is too late.
          early.catch((error: unknown) => (isTimeout(error) ? Promise.reject(error) : fetch(url, init))),
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        ])
      : fetch(url, init));
  } catch (error) {
    throw noAnswer(error);
  }
  // The time limit holds until the whole body has come.
  if (!response.ok) {
    const refused = await failure(response);
    throw signal.aborted ? noAnswer() : refused;
  }
  try {
    return await success<T>(response);
  } catch (error) {
    throw late(error) ? noAnswer(error) : error;
  }
}

/**
 * The query function of react-query: the query key is the URL. With `on401: 'returnNull'`
 * an unauthenticated answer reads as null (GET /api/user).
 */
export const getQueryFn =
  <T>({ on401 }: { on401: 'returnNull' | 'throw' }) =>
  async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    try {
      return await apiRequest<T>('GET', queryKey.join('/') as string);
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
