// Where the keyboard goes after an edit of the topics, instead of falling to the page.
import { useEffect, useState, type RefObject } from 'react';

interface Move {
  /** The id of the element to focus. */
  to: string;
  /** What had focus when the edit was made (the control used). */
  used?: Element | null;
}

/**
 * `focusNext({ to, used })` focuses the element with id `to` once the edit has re-rendered the
 * topics and their controls are enabled again, but only when the edit took the focus: it is on the
 * page (the control was disabled or removed) or still on the control used. Anywhere else (the
 * search box, a clip opened while saving) it stays where the person put it. With no such element
 * any more (a re-analysis replaced the topics), focus goes to the list itself, not to the page.
 */
export function useFocusAfterEdit(saving: boolean, list: RefObject<HTMLElement | null>) {
  const [move, setMove] = useState<Move | null>(null);
  useEffect(() => {
    if (move === null || saving) return;
    setMove(null);
    const active = document.activeElement;
    const taken = !active || active === document.body || !active.isConnected || active === move.used;
    if (taken) (document.getElementById(move.to) ?? list.current)?.focus();
  }, [move, saving, list]);
  return setMove;
}
