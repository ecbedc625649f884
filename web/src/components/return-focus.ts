import { useEffect, useRef } from 'react';

/**
 * Our dialogs open from state, not from a Radix trigger, so Radix has nowhere to return focus
 * when they close: remember what had focus when one opened and go back there. When it is gone or
 * disabled since (the dialog closed as another video came on screen), the focus goes to the page's
 * main region rather than fall to the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      const target = element?.isConnected && !element.matches(':disabled') ? element : document.getElementById('main');
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

/**
 * Focus for a view swapped in place (a card's edit form, the password-reset view): into `inside`
 * (its first field) when it opens, back to `opener` (the button that opened it) when it closes by
 * Cancel, Save or Back. Without it focus fell to the page when the button it was on went away.
 */
export function useSwappedFocus<Inside extends HTMLElement = HTMLInputElement, Opener extends HTMLElement = HTMLButtonElement>(
  open: boolean,
) {
  const inside = useRef<Inside>(null);
  const opener = useRef<Opener>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    (open ? inside.current : opener.current)?.focus();
  }, [open]);
  return { inside, opener };
}
