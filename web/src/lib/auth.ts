import { GUEST_COOKIE, type User } from '@findclips/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiRequest, getQueryFn, UNREACHABLE } from './api';
import { readSession, rememberUser, removeSession, storageKeys } from './storage';
import { useToast, type ToastOptions } from './toast';

export const USER_KEY = ['/api/user'] as const;

/** The guest id from the gid cookie, if this browser has one (guest = no user + gid). */
export function guestIdFromCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === GUEST_COOKIE && value.length) return decodeURIComponent(value.join('='));
  }
  return null;
}

export type AuthState =
  | { status: 'loading'; user: null }
  /** The server could not say who is signed in (it failed, or no answer came): nobody is assumed. */
  | { status: 'unavailable'; user: null; message: string }
  | { status: 'user'; user: User }
  | { status: 'guest'; user: null; guestId: string }
  | { status: 'anonymous'; user: null };

/** What a person reads when the server failed without saying why in words of ours (a proxy's HTML page). */
export const SERVER_FAILED = 'Find Clips did not answer as it should. Please try again in a moment.';

/** The words of a failure to say who is signed in: the server's own message, else ours. */
const failureMessage = (error: Error) =>
  error instanceof ApiError && (error.status === 0 || Object.keys(error.body).length > 0) ? error.message : SERVER_FAILED;

/**
 * The auth state: loading, then a user, a guest or nobody. Only a 401 means nobody: while the
 * server cannot say (a 503 while its session store is away, a proxy's 502, no network), the state
 * is `unavailable`, so that a member is neither shown signed out nor sent to /auth. Asked again
 * when the page says so (nothing but the video fetches is retried by itself), or by itself once the network is back.
 */
export function useAuth(): AuthState {
  const { data, isLoading, isPending, fetchStatus, error } = useQuery<User | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
  });
  const failed = data === undefined && error ? failureMessage(error) : null;
  // Opened offline: the question waits for the network (and is asked once it is back).
  const offline = isPending && fetchStatus === 'paused';
  useEffect(() => {
    if (isLoading || failed || offline) return;
    rememberUser(data ?? null);
    // Back from Google signed in (this tab went there): the browser's other tabs are told, as a
    // sign-in with a password tells them (they showed a visitor until looked at again).
    if (data && readSession(storageKeys.googleStart, null) !== null) {
      removeSession(storageKeys.googleStart);
      announceSessionChange();
    }
  }, [data, isLoading, failed, offline]);
  if (failed) return { status: 'unavailable', user: null, message: failed };
  if (offline) return { status: 'unavailable', user: null, message: UNREACHABLE };
  if (isLoading) return { status: 'loading', user: null };
  if (data) return { status: 'user', user: data };
  const guestId = guestIdFromCookie();
  return guestId ? { status: 'guest', user: null, guestId } : { status: 'anonymous', user: null };
}

/** Who the server says is signed in now (null: nobody). */
const signedInUser = () => getQueryFn<User>({ on401: 'returnNull' })({ queryKey: USER_KEY });

/**
 * Whether the member this page signed in has lost their session (signed out in another tab, say):
 * a route open to guests then answers them as a guest (403), not 401. Asked after such a refusal.
 */
export async function sessionEnded(): Promise<boolean> {
  return (await signedInUser()) === null;
}

/** The pages anyone may read, signed in or not: a sign-out elsewhere leaves them open. */
const PUBLIC_PATH = /^\/(?:shared\/|privacy\/?$|terms\/?$)/;

/** Where this browser's tabs tell each other that someone signed in or out. */
const SESSION_CHANNEL = 'findclips.session';

/** Tells the browser's other tabs that who is signed in changed here. */
export function announceSessionChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/**
 * Whether the member logged out in this tab, until someone signs in again (here, or in another tab
 * as this one hears): the page they leave shows a moment longer, what it still hears of their
 * analyses says nothing, and the tab's own news of the logout does not forget them before /auth.
 */
let loggedOutHere = false;
export const loggedOutInThisTab = () => loggedOutHere;
/** Logging out in this tab sets it, a sign-in clears it (see `loggedOutInThisTab`). */
export const setLoggedOutHere = (value: boolean) => void (loggedOutHere = value);

const SESSION_EXPIRED: ToastOptions = {
  title: 'Authentication Error',
  description: 'Your session has expired. Please refresh the page to log in again.',
  variant: 'destructive',
};

/**
 * What a call refused as from nobody signed in says to a member: their session expired. Not to one
 * who logged out in this tab, whose page goes on showing a moment (a press there is refused too):
 * nothing expired, so nothing to say (null).
 */
export const sessionExpired = (): ToastOptions | null => (loggedOutInThisTab() ? null : SESSION_EXPIRED);

/** Says that the member's session expired, unless they logged out in this tab (see `sessionExpired`). */
export function sayExpired(toast: (options: ToastOptions) => unknown): void {
  const expired = sessionExpired();
  if (expired) toast(expired);
}

/** Where the page hears that its session may have ended other than by a refused call. */
const sessionDoubts = new EventTarget();

/** Something says this tab's session may have ended (the live channel was refused it): the page asks who is here. */
export const doubtSession = () => void sessionDoubts.dispatchEvent(new Event('doubt'));

/**
 * Keeps this tab on the browser's session: when another tab signs in or out, when a member's tab
 * comes back into view (after a sign-in elsewhere, or a session that ended), when a call is
 * refused as from nobody signed in, or when the live channel says the session ended, it asks the
 * server who is signed in. A change drops what the tab holds for the previous person; signed out,
 * the tab goes to /auth, as the tab that signed out did, unless it shows a page anyone may read.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const say = useRef(toast);
  say.current = toast;
  // The latest navigate (its identity changes with the page): the listeners stay the same.
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    let closed = false;
    // One question at a time: refusals arriving together ask once.
    let asking: Promise<void> | null = null;
    // Whether another tab of this browser said who is signed in changed (its own sign-out).
    let toldByTab = false;
    const check = () => {
      asking ??= signedInUser()
        .then(
          (user) => {
            const byTab = toldByTab;
            toldByTab = false;
            if (closed) return;
            // Someone signed in (here or elsewhere): a logout in this tab is behind it.
            if (user) setLoggedOutHere(false);
            const shown = queryClient.getQueryData<User | null>(USER_KEY);
            // Not loaded yet (the tab's own query answers), or nobody changed.
            if (shown === undefined || (shown?.id ?? null) === (user?.id ?? null)) return;
            // Logged out here and on the way to /auth (the URL changes first), which forgets the
            // member once it shows: forgotten now, the page they leave would show itself to a guest
            // meanwhile. Anywhere else (Back before /auth showed), the tab goes there as any would.
            if (!user && loggedOutInThisTab() && window.location.pathname === '/auth') return;
            rememberUser(user);
            const leaving = !user && !PUBLIC_PATH.test(window.location.pathname);
            const held = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== USER_KEY[0] };
            // What the page shows is read again as the person now here may read it (a shared
            // page's owner links go with the owner); on the way to /auth it goes unread, as
            // nobody would be refused the member's lists.
            if (leaving) queryClient.removeQueries(held);
            queryClient.setQueryData(USER_KEY, user);
            if (leaving) go.current('/auth');
            else void queryClient.resetQueries(held);
            // Signed out by nobody in this browser (a password or email changed on another device,
            // an expired session): said, rather than a silent jump to /auth (a stranger's audit).
            if (!user && shown && !byTab) sayExpired(say.current);
          },
          () => undefined,
        )
        .finally(() => (asking = null));
    };
    // Back into view, a member's tab asks (a guest's has nothing to lose: it asks when told).
    const onVisible = () => {
      if (document.visibilityState === 'visible' && queryClient.getQueryData<User | null>(USER_KEY)) check();
    };
    // A call refused as from nobody signed in (401): the session may have ended meanwhile.
    const onRefusal = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      const error = event.type === 'updated' && event.action?.type === 'error' ? event.action.error : undefined;
      if (error instanceof ApiError && error.status === 401) check();
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    if (channel)
      channel.onmessage = () => {
        // A question already on its way may have been answered before that tab's change: asked
        // again once it is done, this tab's news in hand (a stranger's review).
        void (asking ?? Promise.resolve()).then(() => {
          toldByTab = true;
          check();
        });
      };
    document.addEventListener('visibilitychange', onVisible);
    sessionDoubts.addEventListener('doubt', check);
    const unsubscribe = [queryClient.getQueryCache().subscribe(onRefusal), queryClient.getMutationCache().subscribe(onRefusal)];
    return () => {
      closed = true;
      channel?.close();
      document.removeEventListener('visibilitychange', onVisible);
      sessionDoubts.removeEventListener('doubt', check);
      for (const stop of unsubscribe) stop();
    };
  }, [queryClient]);
}

/** The router state of /auth reached by logging out. */
export const LOGGED_OUT = { loggedOut: true } as const;

/** What the page held for the member who logged out goes, and it shows nobody signed in. */
export function forgetMember(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
  queryClient.setQueryData(USER_KEY, null);
}

export function useLogout() {
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    // An answer lost on its way back (the connection dropped) may follow a logout that happened:
    // the server says whether anyone is still signed in (a stranger's slow-network audit found the
    // page showing a member the server had signed out, and 'Logout failed').
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/logout');
      } catch (error) {
        if (error instanceof ApiError && error.status === 0 && (await sessionEnded().catch(() => false))) return;
        throw error;
      }
    },
    onSuccess: () => {
      setLoggedOutHere(true);
      rememberUser(null);
      announceSessionChange();
      // To /auth, marked as reached by logging out; /auth forgets the member once it shows
      // (`forgetMember`). Forgotten here, the page the member was on would show itself to a guest
      // first (a video in its link), as the router moves pages in a transition, after other updates.
      navigate('/auth', { state: LOGGED_OUT });
    },
    onError: (error: Error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
}
