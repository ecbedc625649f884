import { useEffect, useRef } from 'react';

/**
 * How often an analysis no event may say the end of is asked after: a running re-analysis, and a
 * first analysis while the live channel is not connected (a proxy that lets no events through).
 */
const UNANNOUNCED_CHECK_MS = 15_000;

const hidden = () => document.visibilityState === 'hidden';
/** A focus this close to the tab showing is the same return to the page. */
const PAIRED_MS = 1_000;

/**
 * Runs `check` every UNANNOUNCED_CHECK_MS while the tab shows, and whenever the page is back in
 * front, while `active`; anew for each `subject` (the video it is about). A hidden tab asks nothing
 * (a stranger's soak audit counted 11-13 requests a minute from one left behind another): it asks
 * once it shows again.
 */
export function useCheckNowAndThen(active: boolean, check: () => void, subject: string | null) {
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!active) return;
    const run = () => {
      if (!hidden()) latest.current();
    };
    const timer = setInterval(run, UNANNOUNCED_CHECK_MS);
    // A tab shown again fires a visibility change and a focus: one check for both. (The change is
    // read after the query client hears it too, on window: a query it paused while hidden goes on first.)
    let focused = 0;
    let shownAt = 0;
    let later: ReturnType<typeof setTimeout> | undefined;
    const onFocus = () => {
      focused = Date.now();
      if (focused - shownAt > PAIRED_MS) run();
    };
    const shown = () => {
      clearTimeout(later);
      later = setTimeout(() => {
        if (hidden() || Date.now() - focused <= PAIRED_MS) return;
        shownAt = Date.now();
        run();
      });
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      clearTimeout(later);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [active, subject]);
}
