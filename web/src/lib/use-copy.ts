import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from './toast';

/** 'Copied' shows for 2 s. */
export const COPIED_MS = 2_000;

/** Copies text to the clipboard; a failure shows 'Failed to copy'. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toast = useToast();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
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
