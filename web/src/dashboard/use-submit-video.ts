import { API_ANSWER_TIMEOUT_MS, isVideoId, type GuestCreditsResponse, type TranscriptResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { ApiError } from '../lib/api';
import { readSession, removeSession, storageKeys, writeSession } from '../lib/storage';
import { useClearErrorToast, useToast, type ToastOptions } from '../lib/toast';
import type { AnalysisAction } from './analysis-state';
import { submitFailure } from './failure-toasts';
import { recordGuestAnalysis } from './guest-videos';
import { GUEST_CREDITS_KEY, metadataQuery, submitVideo } from './video-data';

/**
 * A link sent from this tab whose answer had not come yet: `who` sent it (`member:{id}`, or
 * 'guest'), from the history `entry` then shown.
 */
interface PendingLink {
  videoId: string;
  url: string;
  who: string;
  at: number;
  entry: string;
}

/**
 * The history entry on screen: the key React Router keeps in its state, which a reload keeps and
 * every other entry has another of (the entry a page first opened on has none), and its address.
 */
export function historyEntry(): string {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return `${typeof key === 'string' ? key : ''} ${window.location.pathname}${window.location.search}`;
}

/**
 * How this page came to be loaded ('navigate', 'reload', 'back_forward'), where the browser says.
 * The first entry of a tab has no router key: the same address opened afresh (typed, a bookmark)
 * would pass for it, and is told apart by this (a stranger's review).
 */
function pageArrival(): string | undefined {
  const [entry] = (globalThis.performance?.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type;
}

/**
 * The link this tab sent and had no answer for when the page reloaded, if `who` sent it and the
 * page would still be waiting for it (its answer's time limit): sent again, it shows what the first
 * would have (the analysis runs; a guest's credit is spent once, and reopening is free). Read once.
 * Only on the history entry it was sent from: on any other the person moved on meanwhile (Back to
 * the video before, a card opened from History, reloaded there or not), and it showed the link's
 * video in place of the one they chose (a stranger's review).
 */
export function takePendingLink(
  who: string,
  now = Date.now(),
  entry = historyEntry(),
  arrival = pageArrival(),
): { videoId: string; url: string } | null {
  const link = readSession<Partial<PendingLink> | null>(storageKeys.pendingLink, null);
  removeSession(storageKeys.pendingLink);
  if (!link || link.who !== who || link.entry !== entry || arrival === 'navigate') return null;
  if (typeof link.at !== 'number' || now - link.at > API_ANSWER_TIMEOUT_MS || now < link.at) return null;
  return typeof link.videoId === 'string' && isVideoId(link.videoId) && typeof link.url === 'string'
    ? { videoId: link.videoId, url: link.url }
    : null;
}

/** Forgets the link being sent, if it is `videoId`'s (a later link's stays). */
function settlePendingLink(videoId?: string) {
  const link = readSession<Partial<PendingLink> | null>(storageKeys.pendingLink, null);
  if (link && (videoId === undefined || link.videoId === videoId)) removeSession(storageKeys.pendingLink);
}

/**
 * Submitting a link: a member's, or a guest's. A guest with no credit left still reopens a video
 * they analysed (the server charges nothing); a new one gets the credit toast, the video on screen
 * staying. The answer (topics at once, or a queued analysis) moves the analysis on; a failure
 * says why in a toast and, for some, on its own screen. `followUp` looks for the topics once more
 * when the analysis was queued: it may finish before this browser joins its room.
 */
export function useSubmitVideo({
  member,
  who,
  credits,
  dispatch,
  followUp,
  keepLink,
  onScreen,
}: {
  member: boolean;
  /** Who is sending (`member:{id}`, or 'guest'): a link left unanswered by a reload is theirs alone. */
  who: string;
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
    onMutate: ({ videoId, url, quiet }) => {
      // What an error toast said of an earlier link no longer holds.
      clearError();
      // Kept for this tab until the answer: a reload meanwhile sends it again.
      writeSession(storageKeys.pendingLink, { videoId, url, who, at: Date.now(), entry: historyEntry() } satisfies PendingLink);
      const previous = onScreen();
      setAnswer(null);
      if (!quiet) dispatch({ type: 'submit', videoId });
      // What shows while the link is asked about: it, or (asked quietly) the video that was there.
      return { previous: previous === videoId ? null : previous, shown: quiet ? previous : videoId };
    },
    // Kept when no answer came: the page leaving aborts the request (a reload, which sends it again),
    // and so does a network gone (a reload then tries again). Any answer ends it.
    onSettled: (_response, error, { videoId }) => {
      if (!(error instanceof ApiError && error.status === 0)) settlePendingLink(videoId);
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
  return {
    submit,
    submitting: mutation.isPending,
    answer,
    /** The person moved on (cleared the video, re-analyses it): no answer of before is shown, nor a link of before sent again. */
    forget: () => {
      setAnswer(null);
      settlePendingLink();
    },
  };
}
