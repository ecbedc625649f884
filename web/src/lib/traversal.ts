/**
 * The Navigation API (Chromium; Firefox and Safari only from 2025-26), not yet in TypeScript's DOM
 * types: what the app reads of it.
 */
interface TabNavigation extends EventTarget {
  readonly currentEntry: NavigationHistoryEntry | null;
  readonly activation: NavigationActivation | null;
  /** This origin's entries next to the current one (up to another site's, which breaks the run). */
  entries(): NavigationHistoryEntry[];
}

const navigation = (globalThis as { navigation?: TabNavigation }).navigation;

/** The tab's last move within this page (the page's own arrival is `navigation.activation`). */
let lastMove: { to: string; type: NavigationType | null; from: NavigationHistoryEntry | null } | null = null;
navigation?.addEventListener('currententrychange', (event) => {
  const { navigationType, from } = event as Event & { navigationType: NavigationType | null; from: NavigationHistoryEntry };
  lastMove = { to: navigation.currentEntry?.id ?? '', type: navigationType, from };
});

/**
 * Where Back or Forward, having brought the tab to its current entry, would go on to a page of
 * ours: 'back' or 'forward', or null (not come by either, no page of ours that way, or a browser
 * without the Navigation API).
 */
export function onwardTraversal(): 'back' | 'forward' | null {
  const here = navigation?.currentEntry;
  if (!here) return null;
  const activation = navigation.activation;
  const arrival =
    lastMove?.to === here.id
      ? lastMove
      : activation?.entry.id === here.id
        ? { type: activation.navigationType, from: activation.from }
        : null;
  if (arrival?.type !== 'traverse') return null;
  const last = navigation.entries().length - 1;
  const from = arrival.from?.index ?? -1;
  // From another site's page (Google's account chooser): it lies after this entry when none of ours does.
  const way = from >= 0 && from !== here.index ? (from > here.index ? 'back' : 'forward') : here.index === last ? 'back' : null;
  // The tab's first entry of ours (or last): nowhere of ours to go on to.
  if (way === 'back') return here.index > 0 ? way : null;
  return way === 'forward' && here.index < last ? way : null;
}
