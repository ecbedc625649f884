import type { User } from '@findclips/contracts';

/** Every local storage key name the web app uses, in one registry. */
export const storageKeys = {
  /** Guests: quote clips opened per video, `{ [videoId]: quoteId[] }`. */
  guestQuoteUsage: 'guestQuoteUsage',
  /** Guests: the last video they opened and the videos they analysed here, `{ lastVideoId, analysed }`. */
  guestVideoCache: 'guestVideoCache',
  /** Per user: the video last processed or opened. */
  lastVideoId: 'lastProcessedVideoId',
  /** Per user: 'edit' or 'watch'. */
  viewMode: 'viewMode',
  /** This tab (session storage): when the analysis of a video started, under this prefix and its id. */
  analysisStartedAt: 'analysisStartedAt:',
  /** This browser: whether search's single-key shortcuts are on (false: turned off). */
  searchShortcuts: 'findclips.searchShortcuts',
} as const;

/** Where the signed-in user is kept for this tab: user-scoped keys read their id from here. */
const SESSION_USER = 'user';

/** Local storage may be missing or refuse writes (private modes, quotas): never break a screen. */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function rememberUser(user: User | null): void {
  safely(() => {
    if (user) sessionStorage.setItem(SESSION_USER, JSON.stringify({ id: user.id, email: user.email }));
    else sessionStorage.removeItem(SESSION_USER);
  }, undefined);
}

function sessionUserId(): string {
  return safely(() => {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_USER) ?? 'null') as { id?: unknown } | null;
    return stored && (typeof stored.id === 'number' || typeof stored.id === 'string') ? String(stored.id) : '';
  }, '');
}

/** The user's id followed by the key name; without a user id, the bare key. */
export const scopedKey = (key: string) => `${sessionUserId()}${key}`;

export function readStored<T>(key: string, fallback: T): T {
  return safely(() => {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  }, fallback);
}

export function writeStored(key: string, value: unknown): void {
  safely(() => localStorage.setItem(key, JSON.stringify(value)), undefined);
}

export function removeStored(key: string): void {
  safely(() => localStorage.removeItem(key), undefined);
}

/** This tab's value under `key` (session storage), or `fallback`. */
export function readSession<T>(key: string, fallback: T): T {
  return safely(() => {
    const raw = sessionStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  }, fallback);
}

export function writeSession(key: string, value: unknown): void {
  safely(() => sessionStorage.setItem(key, JSON.stringify(value)), undefined);
}

export function removeSession(key: string): void {
  safely(() => sessionStorage.removeItem(key), undefined);
}
