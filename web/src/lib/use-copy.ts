import { useCallback, useEffect, useRef, useState } from 'react';
import { announce, ensureAnnouncer } from './announce';
import { useToast } from './toast';

/** 'Copied' shows for 2 s. */
export const COPIED_MS = 2_000;

/**
 * Copies a link to the clipboard: 'Copied' shows, and screen readers hear 'Link copied' (a button's
 * name does not change with its text); a failure shows 'Failed to copy'.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toast = useToast();
  useEffect(() => {
    ensureAnnouncer();
    return () => clearTimeout(timer.current);
  }, []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        announce('Link copied');
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      } catch {
        toast({ title: 'Failed to copy', variant: 'destructive' });
      }
    },
    [toast],
  );
  return { copied, copy };
}
