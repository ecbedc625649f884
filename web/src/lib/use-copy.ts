import { useCallback, useEffect, useRef, useState } from 'react';
import { announce, ensureAnnouncer } from './announce';
import { useToast } from './toast';

/** 'Copied' shows for 2 s. */
const COPIED_MS = 2_000;

/**
 * The browser's older copy command, writing `text` as the page's copy: it runs on a click where
 * the Clipboard API does not, over plain http on another address than the browser's host (a LAN,
 * where `navigator.clipboard` is undefined) or when the API is refused. False when it did not run.
 */
function copyCommand(text: string): boolean {
  let written = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('copy', onCopy);
  try {
    return document.execCommand('copy') && written;
  } catch {
    return false;
  } finally {
    document.removeEventListener('copy', onCopy);
  }
}

/** The Clipboard API where the page has it, else (or refused) the copy command. */
async function writeClipboard(text: string): Promise<void> {
  try {
    // Undefined on a page that is not a secure context: the command, still inside the click.
    if (!navigator.clipboard) throw new Error('no Clipboard API');
    await navigator.clipboard.writeText(text);
  } catch (error) {
    if (!copyCommand(text)) throw error;
  }
}

/**
 * Copies a link to the clipboard: 'Copied' shows, and screen readers hear 'Link copied' (a button's
 * name does not change with its text); a failure shows 'Failed to copy'. Over plain http, where
 * browsers give pages no Clipboard API, the browser's copy command copies it (until a stranger's
 * audit every 'Copy' there said 'Failed to copy').
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
        await writeClipboard(text);
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
