/**
 * One polite live region for the page, for what a screen reader should hear though nothing with
 * the focus says it ('Link copied'). It is put in the page before its first message: a region added
 * already filled is not read.
 */
let region: HTMLElement | null = null;

export function ensureAnnouncer(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.dataset.announcer = '';
  region.className = 'sr-only';
  document.body.append(region);
  return region;
}

/** Says `message` once; the same message again is said again (emptied first, then written). */
export function announce(message: string): void {
  const live = ensureAnnouncer();
  live.textContent = '';
  setTimeout(() => (live.textContent = message), 50);
}
