import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { forgetMember, loggedOutInThisTab, LOGGED_OUT, useAuth } from '../lib/auth';
import { Spinner } from './ui';

/** A spinner while the user loads, the page for a user, else /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner />;
  return auth.status === 'user' ? children : <Navigate to="/auth" replace />;
}

/** Renders for a user or when guests are allowed, else /auth. */
export function GuestAllowed({ children, allowGuests = true }: { children: ReactNode; allowGuests?: boolean }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner />;
  return auth.status === 'user' || allowGuests ? children : <Navigate to="/auth" replace />;
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
  // goes on to /.
  useEffect(() => {
    if (!loggedOut || auth.status === 'loading') return;
    if (signedIn) forgetMember(queryClient);
    else navigate(location, { replace: true, state: null });
  }, [loggedOut, signedIn, auth.status, navigate, location, queryClient]);
  if (auth.status === 'loading') return <Spinner />;
  return signedIn && !loggedOut ? <Navigate to="/" replace /> : children;
}
