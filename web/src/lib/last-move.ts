/**
 * The tab's last move within the page (Back or Forward between two entries of one document, which
 * `navigation.activation` does not see), kept from the app's start for `past-sign-in.tsx`; null
 * once the back/forward cache shows the page again, when `activation` says how it came.
 */
let move: { to: string; type: string | null; from: NavigationHistoryEntry | null } | null = null;

export const lastMove = () => move;

const navigation = (globalThis as { navigation?: EventTarget & { currentEntry: NavigationHistoryEntry | null } }).navigation;
navigation?.addEventListener('currententrychange', (event) => {
  const { navigationType, from } = event as Event & { navigationType: string | null; from: NavigationHistoryEntry };
  move = { to: navigation.currentEntry?.id ?? '', type: navigationType, from };
});
addEventListener('pageshow', (event) => {
  if (event.persisted) move = null;
});
