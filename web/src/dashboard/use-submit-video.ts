import type { GuestCreditsResponse, TranscriptResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { ApiError } from '../lib/api';
import { useToast } from '../lib/toast';
import type { AnalysisAction } from './analysis-state';
import { submitFailure } from './failure-toasts';
import { GUEST_CREDITS_KEY, submitVideo } from './video-data';

/**
 * Submitting a link: a member's, or a guest's. The server alone judges a guest's credits: with
 * none left, a video they analysed before still opens, and a new one is refused with the credit
 * toast. The answer (topics at once, or a queued analysis) moves the analysis on; a failure
 * says why in a toast and, for some, on its own screen. `followUp` looks for the topics once more
 * when the analysis was queued: it may finish before this browser joins its room.
 */
export function useSubmitVideo({
  member,
  dispatch,
  followUp,
}: {
  member: boolean;
  dispatch: Dispatch<AnalysisAction>;
  followUp(videoId: string): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [answer, setAnswer] = useState<TranscriptResponse | null>(null);
  const mutation = useMutation({
    mutationFn: ({ videoId, url }: { videoId: string; url: string }) => submitVideo(videoId, url, member),
    onMutate: ({ videoId }) => {
      setAnswer(null);
      dispatch({ type: 'submit', videoId });
    },
    onSuccess: (response, { videoId }) => {
      if (response.left !== undefined) queryClient.setQueryData(GUEST_CREDITS_KEY, { left: response.left });
      setAnswer(response);
      dispatch({ type: 'submitted', videoId, hasTopics: response.analyzedTopics !== null });
      if (response.analyzedTopics === null) followUp(videoId);
    },
    onError: (error) => {
      const failure = submitFailure(error, member);
      toast(failure.toast);
      if (error instanceof ApiError && error.errorType === 'GUEST_QUOTA_EXCEEDED') {
        queryClient.setQueryData<GuestCreditsResponse>(GUEST_CREDITS_KEY, { left: 0, message: error.message });
      }
      dispatch({ type: 'submitFailed', error: failure.screen ?? undefined });
    },
  });

  return { submit: (videoId: string, url: string) => mutation.mutate({ videoId, url }), answer, forget: () => setAnswer(null) };
}
