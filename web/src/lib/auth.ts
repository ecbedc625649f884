import { GUEST_COOKIE, type LoginRequest, type RegisterRequest, type User } from '@findclips/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest, getQueryFn } from './api';
import { rememberUser } from './storage';
import { useToast } from './toast';

export const USER_KEY = ['/api/user'] as const;

/** The guest id from the gid cookie, if this browser has one (guest = no user + gid). */
export function guestIdFromCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === GUEST_COOKIE && value.length) return decodeURIComponent(value.join('='));
  }
  return null;
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'user'; user: User }
  | { status: 'guest'; user: null; guestId: string }
  | { status: 'anonymous'; user: null };

/** The auth state: loading, then a user, a guest or nobody. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<User | null>({ queryKey: USER_KEY, queryFn: getQueryFn({ on401: 'returnNull' }) });
  useEffect(() => {
    if (!isLoading) rememberUser(data ?? null);
  }, [data, isLoading]);
  if (isLoading) return { status: 'loading', user: null };
  if (data) return { status: 'user', user: data };
  const guestId = guestIdFromCookie();
  return guestId ? { status: 'guest', user: null, guestId } : { status: 'anonymous', user: null };
}

/**
 * Whether the member this page signed in has lost their session (signed out in another tab, say):
 * a route open to guests then answers them as a guest (403), not 401. Asked after such a refusal.
 */
export async function sessionEnded(): Promise<boolean> {
  return (await getQueryFn<User>({ on401: 'returnNull' })({ queryKey: USER_KEY })) === null;
}

/**
 * Login and registration: both store the returned user, toast and go to /; a failure
 * toasts `failure` with the server's message.
 */
function useSignIn<T>(path: string, texts: { success: string; failure: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T) => apiRequest<User>('POST', path, body),
    onSuccess: (user: User) => {
      rememberUser(user);
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: 'Success', description: texts.success });
      navigate('/');
    },
    onError: (error: Error) => toast({ title: texts.failure, description: error.message, variant: 'destructive' }),
  });
}

export const useLogin = () =>
  useSignIn<LoginRequest>('/api/login', { success: 'Successfully logged in', failure: 'Login failed' });

export const useRegister = () =>
  useSignIn<RegisterRequest>('/api/register', { success: 'Account created successfully', failure: 'Registration failed' });

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      rememberUser(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
      queryClient.setQueryData(USER_KEY, null);
      navigate('/auth');
    },
    onError: (error: Error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
}
