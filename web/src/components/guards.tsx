import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LOGGED_OUT, useAuth } from '../lib/auth';
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
  const { state } = useLocation();
  if (auth.status === 'loading') return <Spinner />;
  const loggedOut = (state as typeof LOGGED_OUT | null)?.loggedOut === true;
  return auth.status === 'user' && !loggedOut ? <Navigate to="/" replace /> : children;
}
