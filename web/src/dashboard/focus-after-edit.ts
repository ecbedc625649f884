// Where the keyboard goes after an edit of the topics, instead of falling to the page.
import { useEffect, useState, type RefObject } from 'react';

/**
 * Where the keyboard goes after an edit: `focusNext(id)` focuses the element with that id once the
 * edit has re-rendered the topics and their controls are enabled again. Only focus the edit lost
 * is moved: while saving, the person may have gone on elsewhere (the search box, a clip), and
 * that stays theirs. With no such element any more (a re-analysis replaced the topics), focus goes
 * to the list itself rather than to the page.
 */
export function useFocusAfterEdit(saving: boolean, list: RefObject<HTMLElement | null>) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null || saving) return;
    setTarget(null);
    const active = document.activeElement;
    const lost = active === null || active === document.body || Boolean(list.current?.contains(active));
    if (lost) (document.getElementById(target) ?? list.current)?.focus();
  }, [target, saving, list]);
  return setTarget;
}
