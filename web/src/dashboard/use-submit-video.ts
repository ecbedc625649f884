import { videoMessages, type GuestCreditsResponse, type TranscriptResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { ApiError } from '../lib/api';
import { useToast } from '../lib/toast';
import type { AnalysisAction } from './analysis-state';
import { failureToast, submitFailure } from './failure-toasts';
import { guestAnalysed, recordGuestAnalysis } from './guest-videos';
import { GUEST_CREDITS_KEY, submitVideo } from './video-data';

/**
 * Submitting a link: a member's, or a guest's. A guest with no credit left still reopens a video
 * they analysed in this browser (it costs nothing); a new one gets the credit toast without a
 * request. The answer (topics at once, or a queued analysis) moves the analysis on; a failure
 * says why in a toast and, for some, on its own screen. `followUp` looks for the topics once more
 * when the analysis was queued: it may finish before this browser joins its room.
 */
export function useSubmitVideo({
  member,
  credits,
  dispatch,
  followUp,
}: {
  member: boolean;
  /** The guest's credits, and why none are left when it is their network's cap. */
  credits: GuestCreditsResponse | undefined;
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
      if (!member) recordGuestAnalysis(videoId);
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

  const submit = (videoId: string, url: string) => {
    // A new video with no credit left: refused at once (the server would say the same). A video
    // the guest analysed here reopens without a credit, so the server is asked.
    if (!member && credits?.left === 0 && !guestAnalysed(videoId)) {
      return void toast(failureToast('GUEST_QUOTA_EXCEEDED', credits.message ?? videoMessages.guestQuota));
    }
    mutation.mutate({ videoId, url });
  };
  return { submit, answer, forget: () => setAnswer(null) };
}
