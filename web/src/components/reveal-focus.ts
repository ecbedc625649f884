import { useEffect, useRef, useState } from 'react';

/**
 * A list that a 'Show more' or 'Show all' button grows: the keyboard goes on to the first item it
 * brings (else the next Tab left the list, and the new items were passed by, or the button went
 * with them). `reveal(index)` with the first new item's index, as the button adds them; once drawn,
 * that item's first `selector` takes the focus.
 */
export function useRevealFocus<List extends HTMLElement>(selector: string) {
  const list = useRef<List>(null);
  const [from, setFrom] = useState<number | null>(null);
  useEffect(() => {
    if (from === null) return;
    list.current?.children[from]?.querySelector<HTMLElement>(selector)?.focus();
    setFrom(null);
  }, [from, selector]);
  return { list, reveal: setFrom };
}
