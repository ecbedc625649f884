import { isVideoId, videoMessages, type AnalysisEvent, type TranscriptResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest } from '../lib/api';
import { guestIdFromCookie, type AuthState } from '../lib/auth';
import type { LiveIdentity } from '../lib/live';
import { readStored, removeStored, scopedKey, storageKeys, writeStored } from '../lib/storage';
import { useToast } from '../lib/toast';
import { analysisReducer, initialAnalysis, type AnalysisFailure } from './analysis-state';
import { MEMBER_SCREEN_FAILURES, SCREEN_FAILURES, SESSION_EXPIRED, failureToast } from './failure-toasts';
import { useLiveChannel } from './use-live';
import { GUEST_CREDITS_KEY, analysisKey, checkStatus, submitVideo, useAnalysis, useGuestCredits } from './video-data';

function storedVideoId(member: boolean): string | null {
  const id = member
    ? readStored<string | null>(scopedKey(storageKeys.lastVideoId), null)
    : readStored<{ lastVideoId?: string }>(storageKeys.guestVideoCache, {}).lastVideoId;
  return typeof id === 'string' && isVideoId(id) ? id : null;
}

function rememberVideo(member: boolean, videoId: string | null) {
  if (member) {
    if (videoId) writeStored(scopedKey(storageKeys.lastVideoId), videoId);
    else removeStored(scopedKey(storageKeys.lastVideoId));
  } else {
    writeStored(storageKeys.guestVideoCache, videoId ? { lastVideoId: videoId } : {});
  }
}

/**
 * The dashboard's analysis of SPEC §4: opening the last video, submitting links, live events,
 * re-analysis and clearing, with SPEC §8's toasts.
 */
export function useAnalysisFlow(auth: AuthState) {
  const member = auth.status === 'user';
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysis);
  const [submitted, setSubmitted] = useState<TranscriptResponse | null>(null);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  const credits = useGuestCredits(!member && auth.status !== 'loading');
  const analysis = useAnalysis(state.videoId, member);
  const stateRef = useRef(state);
  stateRef.current = state;

  // Open ?video= or the video last opened here, once we know who is here.
  useEffect(() => {
    if (auth.status === 'loading') return;
    const fromUrl = params.get('video');
    const videoId = fromUrl && isVideoId(fromUrl) ? fromUrl : storedVideoId(member);
    dispatch(videoId ? { type: 'open', videoId } : { type: 'clear' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the person changes
  }, [auth.status, member]);

  // Keep the URL and local storage on the current video.
  useEffect(() => {
    if (auth.status === 'loading') return;
    rememberVideo(member, state.videoId);
    setParams(state.videoId ? { video: state.videoId } : {}, { replace: true });
  }, [state.videoId, member, auth.status, setParams]);

  // Topics found: complete. None found for an opened video: running, or back to the demo.
  useEffect(() => {
    const videoId = state.videoId;
    if (!videoId || !analysis.isSuccess) return;
    if (analysis.data) return void dispatch({ type: 'found', videoId });
    if (state.phase !== 'idle') return;
    let current = true;
    checkStatus(videoId)
      .then((status) => {
        if (!current) return;
        if (status.status === 'pending' || status.status === 'analyzing') dispatch({ type: 'running', videoId });
        else if (stateRef.current.phase === 'idle' && stateRef.current.videoId === videoId) dispatch({ type: 'clear' });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [analysis.isSuccess, analysis.data, analysis.dataUpdatedAt, state.videoId, state.phase]);

  useEffect(() => {
    if (analysis.isError && state.videoId) dispatch({ type: 'loadFailed', message: analysis.error.message });
  }, [analysis.isError, analysis.error, state.videoId]);

  const refetchAnalysis = useCallback(
    (videoId: string) => queryClient.invalidateQueries({ queryKey: analysisKey(videoId, member) }),
    [queryClient, member],
  );

  const onEvent = (event: AnalysisEvent) => {
    const reanalyzed =
      event.type === 'VIDEO_ANALYZED' && stateRef.current.reanalyzing && event.videoId === stateRef.current.videoId;
    dispatch({ type: 'event', event });
    if (event.type === 'VIDEO_ANALYZED') void refetchAnalysis(event.videoId);
    if (reanalyzed) toast({ title: 'Re-analysis complete', description: 'The new topics are ready.' });
    if (event.type === 'ANALYSIS_ERROR') {
      toast(failureToast(event.errorType ?? undefined, event.errorMessage ?? '', event.errorCategories ?? []));
    }
  };
  // Joined after the analysis may have finished: look once more (events carry no topics).
  const onJoined = (videoId: string) => {
    const now = stateRef.current;
    if (now.phase === 'aiAnalysisInProgress' && !now.reanalyzing) void refetchAnalysis(videoId);
  };
  // Visitors connect as guests once their gid cookie exists (set by the first guest call).
  const who = auth.status === 'loading' ? null : auth.status === 'user' ? `member:${auth.user.id}` : 'visitor';
  const identity = (): LiveIdentity | null => {
    if (auth.status === 'user') return { userId: auth.user.id };
    const guestId = guestIdFromCookie();
    return guestId ? { guestId } : null;
  };
  const connection = useLiveChannel(who, identity, state.videoId, { onEvent, onJoined });

  const submitFailed = (error: unknown) => {
    const apiError = error instanceof ApiError ? error : null;
    const message = error instanceof Error ? error.message : String(error);
    const type = apiError?.errorType;
    if (apiError?.status === 401 && member) toast(SESSION_EXPIRED);
    else toast(failureToast(type, message));
    if (type === 'GUEST_QUOTA_EXCEEDED') queryClient.setQueryData(GUEST_CREDITS_KEY, { left: 0 });
    const failure: AnalysisFailure | undefined =
      type && (SCREEN_FAILURES.has(type) || (member && MEMBER_SCREEN_FAILURES.has(type)))
        ? { type, message, categories: [] }
        : undefined;
    dispatch({ type: 'submitFailed', error: failure });
  };

  const submit = async (videoId: string, url: string) => {
    if (!member && credits.data?.left === 0) return void toast(failureToast('GUEST_QUOTA_EXCEEDED', videoMessages.guestQuota));
    setSubmitted(null);
    dispatch({ type: 'submit', videoId });
    try {
      const response = await submitVideo(videoId, url, member);
      if (response.left !== undefined) queryClient.setQueryData(GUEST_CREDITS_KEY, { left: response.left });
      setSubmitted(response);
      dispatch({ type: 'submitted', videoId, hasTopics: response.analyzedTopics !== null });
      // The analysis may have finished before this browser joined its room: look once more.
      if (response.analyzedTopics === null) void refetchAnalysis(videoId);
    } catch (error) {
      submitFailed(error);
    }
  };

  const reanalyze = useMutation({
    // discardEdits: the member agreed that the new analysis replaces their edits.
    mutationFn: ({ videoId, discardEdits }: { videoId: string; discardEdits: boolean }) =>
      apiRequest('POST', '/api/videos/analyze', { videoId, forceReanalyze: true, ...(discardEdits ? { discardEdits } : {}) }),
    onMutate: () => {
      setSubmitted(null);
      dispatch({ type: 'reanalyze' });
    },
    onError: (error: Error, { videoId }) => {
      // One toast at a time: an expired session says what to do about it.
      if (error instanceof ApiError && error.status === 401) toast(SESSION_EXPIRED);
      else toast({ title: 'Re-analysis failed', description: error.message, variant: 'destructive' });
      dispatch({ type: 'open', videoId });
    },
  });

  const clear = () => {
    setSubmitted(null);
    dispatch({ type: 'clear' });
  };
  const retry = () => {
    if (!state.videoId) return;
    dispatch({ type: 'open', videoId: state.videoId });
    void analysis.refetch();
  };

  const fresh = submitted?.videoId === state.videoId ? submitted : null;
  const topics = state.reanalyzing ? null : (analysis.data?.analyzedTopics ?? fresh?.analyzedTopics ?? null);
  return {
    state,
    member,
    topics,
    analysis: analysis.data ?? null,
    submitted: fresh,
    credits: credits.data?.left,
    connection,
    submit,
    /** Captions the member uploaded are being analysed: follow it as a re-analysis. */
    followUpload: () => dispatch({ type: 'reanalyze' }),
    reanalyze: (discardEdits = false) => state.videoId && reanalyze.mutate({ videoId: state.videoId, discardEdits }),
    clear,
    retry,
  };
}
