import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { USER_KEY } from '../lib/auth';
import { useToast } from '../lib/toast';

/** One settings update: success refreshes the user and toasts; failure shows the server's message. */
export function useProfileUpdate<T>(
  path: string,
  texts: { success: string; successText: string; failure: string },
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T) => apiRequest('PATCH', path, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      toast({ title: texts.success, description: texts.successText });
      onDone();
    },
    onError: (error: Error) => toast({ title: texts.failure, description: error.message, variant: 'destructive' }),
  });
}
