import type { AnalysisEvent } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, apiRequest } from '../lib/api';
import { guestIdFromCookie, type AuthState } from '../lib/auth';
import type { LiveIdentity } from '../lib/live';
import { useToast } from '../lib/toast';
import { analysisReducer, initialAnalysis } from './analysis-state';
import { SESSION_EXPIRED, failureToast } from './failure-toasts';
import { useCurrentVideo } from './use-current-video';
import { useLiveChannel } from './use-live';
import { useSubmitVideo } from './use-submit-video';
import { analysisKey, checkStatus, reanalysisStatus, useAnalysis, useGuestCredits } from './video-data';

const ignore = () => undefined;

const REANALYSIS_COMPLETE = { title: 'Re-analysis complete', description: 'The new topics are ready.' };

/**
 * The dashboard's analysis: the current video (`useCurrentVideo`), submitting links
 * (`useSubmitVideo`), what the analysis query and live events say of it, re-analysis and clearing;
 * failures say what happened through one map (`failure-toasts`).
 */
export function useAnalysisFlow(auth: AuthState) {
  const member = auth.status === 'user';
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysis);
  const queryClient = useQueryClient();
  const toast = useToast();
  const credits = useGuestCredits(!member && auth.status !== 'loading');
  const analysis = useAnalysis(state.videoId, member);
  const stateRef = useRef(state);
  stateRef.current = state;
  useCurrentVideo(auth, state.videoId, dispatch);

  // Topics found: complete, unless the member's re-analysis of a video just opened (a reload, a
  // history card) still runs. None found for an opened video: running, or back to the demo.
  useEffect(() => {
    const videoId = state.videoId;
    if (!videoId || !analysis.isSuccess) return;
    if (analysis.data) {
      const opened = state.phase === 'idle';
      dispatch({ type: 'found', videoId });
      if (member && opened) {
        reanalysisStatus(videoId).then(({ reanalyzing }) => {
          const now = stateRef.current;
          if (reanalyzing && now.videoId === videoId && !now.reanalyzing) dispatch({ type: 'reanalyze' });
        }, ignore);
      }
      return;
    }
    if (state.phase !== 'idle') return;
    let current = true;
    checkStatus(videoId)
      .then((status) => {
        if (!current) return;
        if (status.status === 'pending' || status.status === 'analyzing') dispatch({ type: 'running', videoId });
        else if (stateRef.current.phase === 'idle' && stateRef.current.videoId === videoId) dispatch({ type: 'clear' });
      })
      .catch(ignore);
    return () => {
      current = false;
    };
  }, [analysis.isSuccess, analysis.data, analysis.dataUpdatedAt, state.videoId, state.phase, member]);

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
    if (reanalyzed) toast(REANALYSIS_COMPLETE);
    if (event.type === 'ANALYSIS_ERROR') {
      toast(failureToast(event.errorType ?? undefined, event.errorMessage ?? '', event.errorCategories ?? []));
    }
  };
  // Joined after the analysis may have finished: look once more (events carry no topics).
  const onJoined = (videoId: string) => {
    const now = stateRef.current;
    if (now.phase === 'aiAnalysisInProgress' && !now.reanalyzing) void refetchAnalysis(videoId);
    // A re-analysis that ended while the channel was away (no event will come): show its result.
    if (!now.reanalyzing || !member || reanalyze.isPending) return;
    reanalysisStatus(videoId).then(({ reanalyzing }) => {
      const later = stateRef.current;
      if (reanalyzing || !later.reanalyzing || later.videoId !== videoId) return;
      dispatch({ type: 'reanalysisEnded' });
      void refetchAnalysis(videoId);
      toast(REANALYSIS_COMPLETE);
    }, ignore);
  };
  // Visitors connect as guests once their gid cookie exists (set by the first guest call).
  const who = auth.status === 'loading' ? null : auth.status === 'user' ? `member:${auth.user.id}` : 'visitor';
  const identity = (): LiveIdentity | null => {
    if (auth.status === 'user') return { userId: auth.user.id };
    const guestId = guestIdFromCookie();
    return guestId ? { guestId } : null;
  };
  const connection = useLiveChannel(who, identity, state.videoId, { onEvent, onJoined });

  const submission = useSubmitVideo({
    member,
    credits: credits.data,
    dispatch,
    followUp: (videoId) => void refetchAnalysis(videoId),
  });

  const reanalyze = useMutation({
    // discardEdits: the member agreed that the new analysis replaces their edits.
    mutationFn: ({ videoId, discardEdits }: { videoId: string; discardEdits: boolean }) =>
      apiRequest('POST', '/api/videos/analyze', { videoId, forceReanalyze: true, ...(discardEdits ? { discardEdits } : {}) }),
    onMutate: () => {
      submission.forget();
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
    submission.forget();
    dispatch({ type: 'clear' });
  };
  const retry = () => {
    if (!state.videoId) return;
    dispatch({ type: 'open', videoId: state.videoId });
    void analysis.refetch();
  };

  const fresh = submission.answer?.videoId === state.videoId ? submission.answer : null;
  const topics = state.reanalyzing ? null : (analysis.data?.analyzedTopics ?? fresh?.analyzedTopics ?? null);
  return {
    state,
    member,
    topics,
    analysis: analysis.data ?? null,
    submitted: fresh,
    credits: credits.data?.left,
    connection,
    submit: submission.submit,
    /** Captions the member uploaded are being analysed: follow it as a re-analysis. */
    followUpload: () => dispatch({ type: 'reanalyze' }),
    reanalyze: (discardEdits = false) => state.videoId && reanalyze.mutate({ videoId: state.videoId, discardEdits }),
    clear,
    retry,
  };
}
