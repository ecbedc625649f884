import { useEffect, useRef } from 'react';

/**
 * How often an analysis no event may say the end of is asked after: a running re-analysis, and a
 * first analysis while the live channel is not connected (a proxy that lets no events through).
 */
const UNANNOUNCED_CHECK_MS = 15_000;

/**
 * Runs `check` every UNANNOUNCED_CHECK_MS and whenever the page is back in front, while `active`;
 * anew for each `subject` (the video it is about).
 */
export function useCheckNowAndThen(active: boolean, check: () => void, subject: string | null) {
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!active) return;
    const run = () => latest.current();
    const timer = setInterval(run, UNANNOUNCED_CHECK_MS);
    window.addEventListener('focus', run);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', run);
    };
  }, [active, subject]);
}
