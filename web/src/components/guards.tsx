import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../lib/auth';
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

/** /auth: signed-in users go to /. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner />;
  return auth.status === 'user' ? <Navigate to="/" replace /> : children;
}
