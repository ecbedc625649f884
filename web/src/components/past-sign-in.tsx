import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { lastMove, navigation } from '../lib/last-move';
import { Spinner } from './ui';

// Loaded only when a signed-in member is at /auth: no other page pays for it.

/**
 * Where Back or Forward, having brought the page to its current entry, would go on to a page of
 * ours: 'back' or 'forward', or null (not come by either, no page of ours that way, or a browser
 * without the Navigation API).
 */
function onwardTraversal(): 'back' | 'forward' | null {
  const here = navigation?.currentEntry;
  if (!navigation || !here) return null;
  const activation = navigation.activation;
  const moved = lastMove();
  const arrival =
    moved?.to === here.id
      ? moved
      : activation?.entry.id === here.id
        ? { type: activation.navigationType, from: activation.from }
        : null;
  if (arrival?.type !== 'traverse') return null;
  const last = navigation.entries().length - 1;
  const from = arrival.from?.index ?? -1;
  // From another site's page (Google's account chooser): it lies after this entry when none of ours does.
  const way = from >= 0 && from !== here.index ? (from > here.index ? 'back' : 'forward') : here.index === last ? 'back' : null;
  // The tab's first entry of ours (or last): nowhere of ours to go on to.
  if (way === 'back') return here.index > 0 ? way : null;
  return way === 'forward' && here.index < last ? way : null;
}

/**
 * A member at /auth goes on to /; one brought there by Back or Forward (`skip`: signed in when the
 * page showed) goes on the way they were going, to the page of ours beyond it (the second Back
 * after a Google sign-in, past Google's account chooser: the page they left for the sign-in
 * screen). Every step goes the same way and stops at the end of our run of entries, where it goes
 * to / instead: it cannot bounce.
 */
export default function PastSignIn({ skip }: { skip: boolean }) {
  const [onward] = useState(() => (skip ? onwardTraversal() : null));
  // Once, though StrictMode runs an effect twice (two steps Back would skip a page).
  const went = useRef(false);
  useEffect(() => {
    if (!onward || went.current) return;
    went.current = true;
    if (onward === 'back') history.back();
    else history.forward();
  }, [onward]);
  return onward ? <Spinner /> : <Navigate to="/" replace />;
}
