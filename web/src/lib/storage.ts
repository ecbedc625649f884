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
  /** This tab (session storage): the sign-in tab and email a Google sign-in started from, `{ tab, email }`. */
  googleStart: 'googleSignInStart',
  /** This tab (session storage): the link being sent, until its answer, `{ videoId, url, who, at, entry }`. */
  pendingLink: 'pendingLink',
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

/**
 * JSON values in one of the browser's storages (read where it is asked for: a browser may refuse
 * even that), never breaking a screen. A value the browser refuses to keep (a private mode, a full
 * quota, site data blocked) is kept for this page instead: it is forgotten on leaving, not at once.
 */
function jsonStorage(storage: () => Storage) {
  const refused = new Map<string, string>();
  // Another tab stored the key (the browser took it after all): its value is the latest, not ours.
  window.addEventListener('storage', (event) => {
    if (!safely(() => event.storageArea === storage(), false)) return;
    if (event.key === null) refused.clear();
    else refused.delete(event.key);
  });
  return {
    read<T>(key: string, fallback: T): T {
      return safely(() => {
        const raw = refused.has(key) ? refused.get(key)! : storage().getItem(key);
        return raw === null ? fallback : (JSON.parse(raw) as T);
      }, fallback);
    },
    write(key: string, value: unknown): void {
      const raw = JSON.stringify(value);
      try {
        storage().setItem(key, raw);
        refused.delete(key);
      } catch {
        refused.set(key, raw);
      }
    },
    remove(key: string): void {
      refused.delete(key);
      safely(() => storage().removeItem(key), undefined);
    },
  };
}

const local = jsonStorage(() => localStorage);
const session = jsonStorage(() => sessionStorage);

export const readStored = local.read;
export const writeStored = local.write;
export const removeStored = local.remove;
/** This tab's values (session storage). */
export const readSession = session.read;
export const writeSession = session.write;
export const removeSession = session.remove;
