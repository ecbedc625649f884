/**
 * The tab's last move within the page (Back or Forward between two entries of one document, which
 * `navigation.activation` does not see), kept from the app's start for `past-sign-in.tsx`; null
 * once the back/forward cache shows the page again, when `activation` says how it came.
 */
let move: { to: string; type: string | null; from: NavigationHistoryEntry | null } | null = null;

export const lastMove = () => move;

/**
 * The Navigation API (Chromium; Firefox 147 and Safari 26.2 on), not yet in TypeScript's DOM
 * types: what the app reads of it.
 */
export interface TabNavigation extends EventTarget {
  readonly currentEntry: NavigationHistoryEntry | null;
  /** How the page arrived: loaded, or shown again by the back/forward cache (then updated). */
  readonly activation: NavigationActivation | null;
  /** This origin's entries next to the current one (up to another site's, which breaks the run). */
  entries(): NavigationHistoryEntry[];
}

/** The tab's Navigation API, where the browser has one. */
export const navigation = (globalThis as { navigation?: TabNavigation }).navigation;

navigation?.addEventListener('currententrychange', (event) => {
  const { navigationType, from } = event as Event & { navigationType: string | null; from: NavigationHistoryEntry };
  move = { to: navigation.currentEntry?.id ?? '', type: navigationType, from };
});
addEventListener('pageshow', (event) => {
  if (event.persisted) move = null;
});
