import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
// From the app's start: the moves within the page that the sign-in screen's skip reads.
import '../lib/last-move';
import { forgetMember, loggedOutInThisTab, LOGGED_OUT, useAuth, USER_KEY, type AuthState } from '../lib/auth';
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

/** Where a signed-in member at /auth goes: its own chunk, which only they load. */
const PastSignIn = lazy(() => import('./past-sign-in'));

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
  const restores = useRestores();
  const asking = useIsFetching({ queryKey: USER_KEY, exact: true }) > 0;
  // Whether the member was signed in when the page showed (loaded, or shown again by the browser's
  // back/forward cache, once asked anew): only then is it a page to skip. Someone who signs in on
  // it, or in another tab meanwhile, goes on to / (React's state from a render). While the server
  // cannot say, it is not known yet: reached by Back in an outage, the page goes on past once the
  // server answers, as it would have at once.
  const [arrival, setArrival] = useState<{ restores: number; signedIn?: boolean }>({ restores });
  const known = auth.status !== 'loading' && auth.status !== 'unavailable' && !asking;
  if (arrival.restores !== restores) setArrival({ restores });
  else if (arrival.signedIn === undefined && known) setArrival({ restores, signedIn });
  if (arrival.restores !== restores || (signedIn && arrival.signedIn === undefined)) return <Spinner />;
  return (
    whileUnknown(auth) ??
    (signedIn && !loggedOut ? (
      <Suspense fallback={<Spinner />}>
        <PastSignIn key={restores} skip={arrival.signedIn === true} />
      </Suspense>
    ) : (
      children
    ))
  );
}

/**
 * How many times the browser has shown this page again from its back/forward cache, as it was when
 * left (Chrome keeps /auth when a Google sign-in leaves it). Each time, who is signed in is asked
 * anew, at once, so that the page does not go by what it knew when it was left.
 */
function useRestores(): number {
  const queryClient = useQueryClient();
  const [restores, setRestores] = useState(0);
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      void queryClient.refetchQueries({ queryKey: USER_KEY, exact: true });
      setRestores((count) => count + 1);
    };
    addEventListener('pageshow', shown);
    return () => removeEventListener('pageshow', shown);
  }, [queryClient]);
  return restores;
}
