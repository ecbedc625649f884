import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { forgetMember, loggedOutInThisTab, LOGGED_OUT, useAuth, USER_KEY, type AuthState } from '../lib/auth';
import { onwardTraversal } from '../lib/traversal';
import { Button, Card, Spinner } from './ui';

/**
 * While the server cannot say who is signed in (a 503 while its session store is away, no
 * network): what happened, and a way to ask again. Never /auth: the member may well be signed in.
 */
function Unavailable({ message }: { message: string }) {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card role="status" className="grid gap-3 p-6">
        <h1 className="text-lg font-semibold">Find Clips is not available right now</h1>
        <p>{message}</p>
        <p className="text-sm text-slate-600">The page opens where you were once Find Clips answers.</p>
        {/* Reset: the question is asked anew, as when the page opened. */}
        <Button className="justify-self-start" onClick={() => void queryClient.resetQueries({ queryKey: USER_KEY, exact: true })}>
          Try again
        </Button>
      </Card>
    </div>
  );
}

/** What a guard shows while it is not known who is here: a spinner while asked, else why not. */
function whileUnknown(auth: AuthState): ReactNode {
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'unavailable') return <Unavailable message={auth.message} />;
  return null;
}

/** A spinner while the user loads, the page for a user, else /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  return whileUnknown(auth) ?? (auth.status === 'user' ? children : <Navigate to="/auth" replace />);
}

/** Renders for a user or when guests are allowed, else /auth. */
export function GuestAllowed({ children, allowGuests = true }: { children: ReactNode; allowGuests?: boolean }) {
  const auth = useAuth();
  return whileUnknown(auth) ?? (auth.status === 'user' || allowGuests ? children : <Navigate to="/auth" replace />);
}

/** /auth: signed-in users go to / (not one who has just logged out, whom the page may still see as signed in). */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // (Not when someone has signed in again since, in another tab, before this page showed.)
  const loggedOut = (location.state as typeof LOGGED_OUT | null)?.loggedOut === true && loggedOutInThisTab();
  const signedIn = auth.status === 'user';
  // Reached by logging out: the member is forgotten now that their page is gone. Once the page
  // sees nobody signed in, the entry is an ordinary /auth again: Back to it after signing in anew
  // goes on past it (below).
  useEffect(() => {
    if (!loggedOut || auth.status === 'loading') return;
    if (signedIn) forgetMember(queryClient);
    else navigate(location, { replace: true, state: null });
  }, [loggedOut, signedIn, auth.status, navigate, location, queryClient]);
  // Whether the member was signed in when the page showed: only then is it a page to skip. Someone
  // who signs in on it, or in another tab meanwhile, goes on to / (React's state from a render).
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean>();
  if (signedInOnArrival === undefined && auth.status !== 'loading') setSignedInOnArrival(signedIn);
  return whileUnknown(auth) ?? (signedIn && !loggedOut ? <PastSignIn skip={signedInOnArrival === true} /> : children);
}

/**
 * A member at /auth goes on to /; one brought there by Back or Forward (`skip`: signed in already)
 * goes on the way they were going, to the page of ours beyond it (the second Back after a Google
 * sign-in, past Google's account chooser: the page they left for the sign-in screen). Every step
 * goes the same way and stops at the end of our run of entries, where it goes to / instead: it
 * cannot bounce.
 */
function PastSignIn({ skip }: { skip: boolean }) {
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
