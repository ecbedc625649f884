import type { User } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api';
import { USER_KEY } from '../lib/auth';
import { useToast } from '../lib/toast';
import { sayExpired } from '../lib/auth';

/**
 * One settings update: success refreshes the user and toasts; failure shows the server's message,
 * and on its field too when the server names one (`onFieldError`: 'Current password is incorrect').
 */
export function useProfileUpdate<T>(
  path: string,
  texts: { success: string; successText: string; failure: string },
  onDone: () => void,
  onFieldError?: (field: string, message: string) => void,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T) => apiRequest<User>('PATCH', path, body),
    // The answer is the member as saved: shown at once, read again behind (a slow reload kept the
    // form open and the toast back for as long as it took, though the change was saved).
    onSuccess: (user) => {
      if (typeof user?.id === 'number') queryClient.setQueryData(USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
      toast({ title: texts.success, description: texts.successText });
      onDone();
    },
    onError: (error: Error) => {
      // Refused as from nobody signed in (the session ended, on another device's password change,
      // say): the error catalogue's words for it, not the server's.
      if (error instanceof ApiError && error.status === 401) return sayExpired(toast);
      toast({ title: texts.failure, description: error.message, variant: 'destructive' });
      const field = error instanceof ApiError ? error.body.field : undefined;
      if (typeof field === 'string') onFieldError?.(field, error.message);
    },
  });
}
