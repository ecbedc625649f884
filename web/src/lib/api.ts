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
  const noAnswer = () => new ApiError(signal.aborted ? TIMED_OUT : UNREACHABLE, 0, undefined, {});
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw noAnswer();
  }
  // The time limit holds until the whole body has come.
  if (!response.ok) {
    const refused = await failure(response);
    throw signal.aborted ? noAnswer() : refused;
  }
  try {
    return await success<T>(response);
  } catch (error) {
    throw signal.aborted ? noAnswer() : error;
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
