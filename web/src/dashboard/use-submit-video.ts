import type { GuestCreditsResponse, TranscriptResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { ApiError } from '../lib/api';
import { useClearErrorToast, useToast, type ToastOptions } from '../lib/toast';
import type { AnalysisAction } from './analysis-state';
import { submitFailure } from './failure-toasts';
import { recordGuestAnalysis } from './guest-videos';
import { GUEST_CREDITS_KEY, metadataQuery, submitVideo } from './video-data';

/**
 * Submitting a link: a member's, or a guest's. A guest with no credit left still reopens a video
 * they analysed (the server charges nothing); a new one gets the credit toast, the video on screen
 * staying. The answer (topics at once, or a queued analysis) moves the analysis on; a failure
 * says why in a toast and, for some, on its own screen. `followUp` looks for the topics once more
 * when the analysis was queued: it may finish before this browser joins its room.
 */
export function useSubmitVideo({
  member,
  credits,
  dispatch,
  followUp,
  keepLink,
  onScreen,
}: {
  member: boolean;
  /** The guest's credits, and why none are left when it is their network's cap. */
  credits: GuestCreditsResponse | undefined;
  dispatch: Dispatch<AnalysisAction>;
  followUp(videoId: string): void;
  /** A link that failed but may work when fixed or tried again goes back in the field. */
  /** The link stays in the field, with what went wrong with it (its toast's words). */
  keepLink(videoId: string, url: string, problem: ToastOptions | null): void;
  /** The video on screen when a link is sent: a failure without a screen of its own goes back to it. */
  onScreen(): string | null;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const clearError = useClearErrorToast();
  const [answer, setAnswer] = useState<TranscriptResponse | null>(null);
  /**
   * `quiet`: a guest with no credit left asks without leaving the video on screen: the server
   * reopens a video of theirs for nothing and refuses a new one, and a refusal only says so.
   */
  type Submission = { videoId: string; url: string; quiet: boolean };
  const mutation = useMutation({
    mutationFn: async ({ videoId, quiet }: Submission) => {
      // With no credit left, the video's details are asked for first: Find Clips then knows its
      // length and captions, and refuses a video too long (or without captions) for that reason,
      // not for the credits, which would not open it either.
      if (quiet) await queryClient.fetchQuery({ ...metadataQuery(videoId), retry: false }).catch(() => undefined);
      return submitVideo(videoId, member);
    },
    onMutate: ({ videoId, quiet }) => {
      // What an error toast said of an earlier link no longer holds.
      clearError();
      const previous = onScreen();
      setAnswer(null);
      if (!quiet) dispatch({ type: 'submit', videoId });
      // What shows while the link is asked about: it, or (asked quietly) the video that was there.
      return { previous: previous === videoId ? null : previous, shown: quiet ? previous : videoId };
    },
    onSuccess: (response, { videoId, quiet }) => {
      if (!member) recordGuestAnalysis(videoId);
      if (response.left !== undefined) queryClient.setQueryData(GUEST_CREDITS_KEY, { left: response.left });
      setAnswer(response);
      if (quiet) dispatch({ type: 'submit', videoId });
      dispatch({ type: 'submitted', videoId, hasTopics: response.analyzedTopics !== null });
      if (response.analyzedTopics === null) followUp(videoId);
    },
    onError: (error, { videoId, url, quiet }, context) => {
      const failure = submitFailure(error, member);
      if (failure.toast) toast(failure.toast);
      const refused = error instanceof ApiError && error.errorType === 'GUEST_QUOTA_EXCEEDED';
      if (refused) queryClient.setQueryData<GuestCreditsResponse>(GUEST_CREDITS_KEY, { left: 0, message: error.message });
      // Failed on the way (the service unavailable, YouTube down), maybe after a credit was spent:
      // the credits are read again.
      else if (!member) void queryClient.invalidateQueries({ queryKey: GUEST_CREDITS_KEY });
      // The person went on meanwhile (Back, Forward, another link's video): the failure says what it
      // says in its toast, and leaves the video now on screen as it is (a stranger's property-based
      // audit: a guest pressing Back to a short video was shown 'Video Too Long for Guests' there).
      if (onScreen() !== (context?.shown ?? null)) return;
      // A failure with a screen of its own (too long; for a member, no captions, with the upload) is
      // final for this link; any other (unavailable, YouTube or the network down, a limit) leaves
      // the link in the field, to fix or retry.
      if (!failure.screen) keepLink(videoId, url, failure.toast);
      // Refused quietly, the video on screen stays; a screen of a refusal before (too long) goes.
      const previous = context?.previous;
      if (quiet && refused) {
        if (!previous) dispatch({ type: 'clear' });
        return;
      }
      // The video that was on screen stays, unless the failure has a screen of its own.
      if (!failure.screen && previous) return void dispatch({ type: 'open', videoId: previous });
      if (quiet) dispatch({ type: 'submit', videoId });
      dispatch({ type: 'submitFailed', videoId, error: failure.screen ?? undefined });
    },
  });

  const submit = (videoId: string, url: string) => mutation.mutate({ videoId, url, quiet: !member && credits?.left === 0 });
  return { submit, submitting: mutation.isPending, answer, forget: () => setAnswer(null) };
}
