import type { LoginRequest, RegisterRequest, User } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../../lib/api';
import { announceSessionChange, setLoggedOutHere, USER_KEY } from '../../lib/auth';
import { rememberUser } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { COOKIES_BLOCKED, cookiesKept } from './cookies';

// The sign-in page's own: its code loads with the page, not with every other.

/**
 * Login and registration: both store the returned user, toast and go to / (in place of /auth); a failure
 * toasts `failure` with the server's message.
 */
function useSignIn<T>(path: string, texts: { success: string; failure: string }, signedIn?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    // Refused before anything is asked: an account would be created, or a sign-in said to succeed,
    // and the next page would find nobody signed in (a stranger's audit: back to the sign-in form).
    mutationFn: (body: T) => (cookiesKept() ? apiRequest<User>('POST', path, body) : Promise.reject(new Error(COOKIES_BLOCKED))),
    onSuccess: (user: User) => {
      setLoggedOutHere(false);
      rememberUser(user);
      signedIn?.();
      queryClient.setQueryData(USER_KEY, user);
      announceSessionChange();
      toast({ title: 'Success', description: texts.success });
      // In place of /auth: Back then returns to the page before it, not to /auth, which sends a
      // member on to / (a second / in the history).
      navigate('/', { replace: true });
    },
    onError: (error: Error) => toast({ title: texts.failure, description: error.message, variant: 'destructive' }),
  });
}

export const useLogin = () =>
  useSignIn<LoginRequest>('/api/login', { success: 'Successfully logged in', failure: 'Login failed' });

/** `created` runs once the new user is stored, before the app goes to /. */
export const useRegister = (created?: () => void) =>
  useSignIn<RegisterRequest>(
    '/api/register',
    { success: 'Account created successfully', failure: 'Registration failed' },
    created,
  );
