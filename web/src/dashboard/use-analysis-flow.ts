import { GUEST_VIDEO_MAX_SECONDS, type AnalysisEvent, type CheckStatusResponse, type ErrorCode } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../lib/api';
import { guestIdFromCookie, loggedOutInThisTab, type AuthState } from '../lib/auth';
import type { LiveIdentity } from '../lib/live';
import { useToast } from '../lib/toast';
import { SCREEN_FAILURES, analysisReducer, endsOwnWork, failureOf, initialAnalysis } from './analysis-state';
import { failureToast, reanalysisFailedToast } from './failure-toasts';
import { sayExpired } from '../lib/auth';
import { guestAnalysed } from './guest-videos';
import type { SuggestedLink } from './link-form';
import { useCheckNowAndThen } from './use-check-now-and-then';
import { useCurrentVideo } from './use-current-video';
import { useLiveChannel } from './use-live';
import { takePendingLink, useSubmitVideo } from './use-submit-video';
import {
  analysisKey,
  checkStatus,
  checkStatusRetried,
  fetchAnalysis,
  GUEST_CREDITS_KEY,
  outOfReach,
  reanalysisStatus,
  useAnalysis,
  useGuestCredits,
} from './video-data';

const NOT_ANALYSED = {
  title: 'Not analysed yet',
  description: 'Nobody has analysed this video yet. Its link is in the field: press Find Clips to analyse it.',
};
/** A link (or a reload) to a video whose last analysis failed. */
const LAST_FAILED = {
  title: 'Analysis Failed',
  description: 'The last analysis of this video failed. Its link is in the field: press Find Clips to try again.',
};
/**
 * A guest opens a link (/?video=) to an analysis they did not make here, finished or running: like
 * the link in the field, it opens with a credit, or not at all (no credit left), so it goes in the
 * field; one too long for guests does not, as nothing would open it.
 */
const GUEST_LINK = {
  title: 'Press Find Clips to open it',
  description: "This video's link is in the field. Guests use a credit for each new video they open.",
};
const REANALYSIS_COMPLETE = { title: 'Re-analysis complete', description: 'The new topics are ready.' };
/** The end of a first analysis of captions the member brought (no analysis was there to redo). */
const CAPTIONS_ANALYSED = { title: 'Analysis complete', description: 'The topics of your captions are ready.' };
const REANALYSIS_UNFINISHED = reanalysisFailedToast();

/**
 * The dashboard's analysis: the current video (`useCurrentVideo`), submitting links
 * (`useSubmitVideo`), what the analysis query and live events say of it, re-analysis and clearing;
 * failures say what happened through one map (`failure-toasts`).
 */
export function useAnalysisFlow(auth: AuthState) {
  const member = auth.status === 'user';
  // A member who logged out in this tab hears nothing more of their re-analysis: the page they
  // leave still shows for a moment, and the sign-in page would show its toast.
  const leftByLogout = () => member && loggedOutInThisTab();
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysis);
  const queryClient = useQueryClient();
  const toast = useToast();
  const credits = useGuestCredits(!member && auth.status !== 'loading');
  const creditsRef = useRef(credits.data);
  creditsRef.current = credits.data;
  const analysis = useAnalysis(state.videoId, member);
  const stateRef = useRef(state);
  stateRef.current = state;
  // Whether the dashboard still shows (what it fetched may come once the member has moved on).
  const onPage = useRef(false);
  useEffect(() => {
    onPage.current = true;
    return () => void (onPage.current = false);
  }, []);
  // A video refused with a screen of its own (too long) is never analysed: it is no place to come
  // back to (Back, a reload, the next visit).
  const refused = state.phase === 'error' && SCREEN_FAILURES.has(state.error?.type as ErrorCode);
  const refusedRef = useRef(refused);
  refusedRef.current = refused;
  const currentVideo = useCurrentVideo(auth, state.videoId, dispatch, state.phase === 'transcriptFetching', refused);

  /**
   * The last video a link opened that nobody has analysed, or (to a guest) that they did not analyse
   * here, or whose submission failed but may work another time: its link goes in the field (a new
   * object each time, to refill it).
   */
  const [unanalysed, setUnanalysed] = useState<SuggestedLink | null>(null);

  /** The member's analysis as it stood when their re-analysis started: its end is judged against it. */
  const reanalysisBase = useRef<string | null>(null);
  /** The video whose topics were asked for again, once, because its analysis ended meanwhile. */
  const askedAgain = useRef<string | null>(null);

  // Topics found: complete. A video just opened (a reload, a history card) asks first whether the
  // member's own re-analysis of it still runs, to follow it rather than show it as finished; with
  // no topics, whether one runs at all: if not, back to the demo.
  useEffect(() => {
    const videoId = state.videoId;
    if (!videoId || !analysis.isSuccess) return;
    const opened = state.phase === 'idle';
    // A guest follows a link only to their own analyses, finished or running. A video too long for
    // guests, or with no credit left, the toast says now what Find Clips would answer (the length
    // first: no credit would open such a video).
    // What Find Clips would answer a guest with no credit left; null while one is left.
    const noCreditLeft = () => {
      const left = creditsRef.current;
      return left?.left === 0 ? failureToast('GUEST_QUOTA_EXCEEDED', left.message ?? '', []) : null;
    };
    const guestLink = (id: string, seconds: number | null = null) => {
      dispatch({ type: 'clear' });
      if (seconds !== null && seconds > GUEST_VIDEO_MAX_SECONDS) return toast(failureToast('GUEST_VIDEO_TOO_LONG', ''));
      // Its link goes in the field, one press from opening it.
      setUnanalysed({ videoId: id });
      toast(noCreditLeft() ?? GUEST_LINK);
    };
    if (analysis.data && opened && !member && !guestAnalysed(videoId)) return guestLink(videoId, analysis.data.durationSeconds);
    if (analysis.data && !(member && opened)) return void dispatch({ type: 'found', videoId });
    if (!opened) return;
    let current = true;
    const found = analysis.data ?? null;
    void Promise.all([
      // Its failure kept: a page that cannot tell how the analysis stands (Find Clips out of reach,
      // or the queue unreadable: 503) says so, with Retry, rather than loading for good.
      found ? null : checkStatusRetried(videoId).catch((error: Error) => error),
      member ? reanalysisStatus(videoId).catch(() => null) : null,
    ]).then(([status, own]) => {
      if (!current) return;
      const shared = status instanceof Error ? null : status;
      if (own?.reanalyzing) {
        reanalysisBase.current = found?.userAnalysisUpdatedAt ?? null;
        dispatch({ type: 'reanalyze', hadTopics: Boolean(found) });
      } else if (found) dispatch({ type: 'found', videoId });
      else if (shared?.status === 'pending' || shared?.status === 'analyzing') {
        if (member || guestAnalysed(videoId)) dispatch({ type: 'running', videoId });
        else guestLink(videoId);
      } else if (shared?.status === 'complete' && askedAgain.current !== videoId) {
        // Its analysis ended between asking for its topics and asking how it stands: ask again
        // (once: a video others analysed is not one the member has).
        askedAgain.current = videoId;
        void queryClient.invalidateQueries({ queryKey: analysisKey(videoId, member) });
      } else if (status instanceof Error) {
        dispatch({ type: 'loadFailed', message: status.message });
      } else if (shared) {
        // A link to a video nobody analysed, or whose analysis failed: say so, and leave its link
        // ready in the field (to a guest with no credit left, that none is: Find Clips would say it).
        dispatch({ type: 'clear' });
        setUnanalysed({ videoId });
        toast((member ? null : noCreditLeft()) ?? (shared.status === 'failed' ? LAST_FAILED : NOT_ANALYSED));
      }
    });
    return () => {
      current = false;
    };
  }, [analysis.isSuccess, analysis.data, analysis.dataUpdatedAt, state.videoId, state.phase, member, toast, queryClient]);

  useEffect(() => {
    if (!analysis.isError || !state.videoId) return;
    // Find Clips out of reach while an analysis is followed (a restart, a deploy, the connection
    // gone) ends nothing: the checks go on, and the topics show once it answers again. Judged as
    // the error comes (the phase read, not followed): the analysis ending otherwise meanwhile (a
    // re-analysis's failure bringing the topics before it back) does not bring the error back.
    if (stateRef.current.phase === 'aiAnalysisInProgress' && outOfReach(analysis.error)) return;
    dispatch({ type: 'loadFailed', message: analysis.error.message });
  }, [analysis.isError, analysis.error, state.videoId]);

  const refetchAnalysis = useCallback(
    (videoId: string) => queryClient.invalidateQueries({ queryKey: analysisKey(videoId, member) }),
    [queryClient, member],
  );

  const onEvent = (event: AnalysisEvent) => {
    const reanalyzed = event.type === 'VIDEO_ANALYZED' && stateRef.current.reanalyzing && endsOwnWork(stateRef.current, event);
    // Read before the event moves the state: a re-analysis that failed keeps the analysis on screen.
    const failure = event.type === 'ANALYSIS_ERROR' ? failureOf(stateRef.current, event) : 'ignored';
    const done = stateRef.current.keepsTopics ? REANALYSIS_COMPLETE : CAPTIONS_ANALYSED;
    dispatch({ type: 'event', event });
    if (event.type === 'VIDEO_ANALYZED') {
      const heard = Date.now();
      const fetched = refetchAnalysis(event.videoId);
      // Said once the new topics are here (they may take a while), with 'Done!', not before them:
      // read since the event, on this page still, and no other re-analysis started meanwhile.
      const arrived = () => {
        const query = queryClient.getQueryState(analysisKey(event.videoId, member));
        const now = stateRef.current;
        return (
          query?.status === 'success' &&
          query.dataUpdatedAt >= heard &&
          onPage.current &&
          now.videoId === event.videoId &&
          !now.reanalyzing
        );
      };
      if (reanalyzed) void fetched.then(() => arrived() && !leftByLogout() && toast(done));
    }
    // A guest's analysis that failed gives the credit it cost back (the worker did, before it said so).
    if (event.type === 'ANALYSIS_ERROR' && !member) void queryClient.invalidateQueries({ queryKey: GUEST_CREDITS_KEY });
    if (failure !== 'ignored' && !leftByLogout()) {
      const categories = event.errorCategories ?? [];
      toast(
        failure === 'reanalysis'
          ? reanalysisFailedToast(event.errorType, event.errorMessage, categories)
          : failureToast(event.errorType ?? undefined, event.errorMessage ?? '', categories, { guest: !member }),
      );
    }
  };
  /**
   * A re-analysis whose end no event announced (it ended while the live channel was away, or
   * between a reload's question and the channel's return): once the queue says it no longer runs,
   * its result is fetched and judged against the analysis it started from: newer, complete; the
   * same, it failed.
   */
  const settleReanalysis = async (videoId: string) => {
    if (!member || reanalyze.isPending) return;
    const own = await reanalysisStatus(videoId).catch(() => null);
    if (!own || own.reanalyzing || !stateRef.current.reanalyzing || stateRef.current.videoId !== videoId) return;
    const after = await queryClient
      .fetchQuery({ queryKey: analysisKey(videoId, member), queryFn: () => fetchAnalysis(videoId, member), staleTime: 0 })
      .catch(() => undefined);
    if (after === undefined || leftByLogout() || !stateRef.current.reanalyzing || stateRef.current.videoId !== videoId) return;
    const done = stateRef.current.keepsTopics ? REANALYSIS_COMPLETE : CAPTIONS_ANALYSED;
    const updated = after?.userAnalysisUpdatedAt;
    const failed = !updated || updated === reanalysisBase.current;
    dispatch({ type: 'reanalysisEnded', failed });
    // The topics came while it still ran, so nothing else will say they are found.
    dispatch(after ? { type: 'found', videoId } : { type: 'clear' });
    toast(failed ? REANALYSIS_UNFINISHED : done);
  };
  // While a re-analysis runs, ask now and then, and when the page is back in front, whether it
  // still does: no event may ever say it ended.
  useCheckNowAndThen(
    member && state.reanalyzing && state.videoId !== null,
    () => void settleReanalysis(state.videoId!),
    state.videoId,
  );

  // A first analysis while the live channel is away: no event will say how it ended, so its topics
  // are asked for now and then, and when the page is back in front; and whether it failed, and why
  // (the reason the event carried, so that a refusal shows the same screen).
  const unannounced = async (videoId: string) => {
    await refetchAnalysis(videoId);
    const shared = await checkStatus(videoId).catch(() => null);
    const now = stateRef.current;
    // Nothing stored, nothing waiting or running, no failure recorded: its job is gone (Redis lost
    // its data: restarted without persistence, failed over, flushed), and no event will ever come.
    const lost = shared !== null && !shared.exists && shared.status === null;
    if (shared?.status !== 'failed' && !lost) return;
    if (now.videoId !== videoId || now.phase !== 'aiAnalysisInProgress' || now.reanalyzing) return;
    onEvent({
      type: 'ANALYSIS_ERROR',
      videoId,
      sentAt: new Date().toISOString(),
      userId: null,
      errorType: shared.errorType ?? 'ANALYSIS_FAILED',
      errorMessage: shared.errorMessage,
      errorCategories: shared.errorCategories,
    });
  };
  // Joined after the analysis may have finished or failed (its event sent while the channel was
  // away, or while its instance's Redis subscriber was), or after Redis came back without its
  // data, the job with it (its instance drops its clients then): look once more.
  const onJoined = (videoId: string) => {
    const now = stateRef.current;
    if (now.phase === 'aiAnalysisInProgress' && !now.reanalyzing) void unannounced(videoId);
    if (now.reanalyzing) void settleReanalysis(videoId);
  };
  // Visitors connect as guests once their gid cookie exists (set by the first guest call).
  const who = auth.status === 'loading' ? null : auth.status === 'user' ? `member:${auth.user.id}` : 'visitor';
  const identity = (): LiveIdentity | null => {
    if (auth.status === 'user') return { userId: auth.user.id };
    const guestId = guestIdFromCookie();
    return guestId ? { guestId } : null;
  };
  const connection = useLiveChannel(who, identity, state.videoId, { onEvent, onJoined });
  const waiting = state.phase === 'aiAnalysisInProgress' && !state.reanalyzing && state.videoId !== null;
  // Asked too when the topics' last fetch found Find Clips out of reach (an event said the analysis
  // ended, the gateway restarting or the network gone as they were read): the channel up, no event
  // would come again, and the page said 'Analyzing…' for good (a stranger's flaky-network audit).
  useCheckNowAndThen(
    waiting && (connection !== 'connected' || analysis.isError),
    () => void unannounced(state.videoId!),
    state.videoId,
  );

  // What the page's check of its place in line heard, every 10 s while it waits: a job gone with
  // Redis's data with the live channel up all along (Redis flushed, no connection cut: no instance
  // drops its clients, and no event will come), said as the checks above say it. (The page waited
  // until a reload.) Not a failure: its event comes with the channel up, and a video that failed
  // before reads 'failed' while Redis cannot say its new job waits (a review).
  const heard = (status: CheckStatusResponse) => {
    const now = stateRef.current;
    const lost = !status.exists && status.status === null;
    if (lost && now.videoId === status.videoId && now.phase === 'aiAnalysisInProgress' && !now.reanalyzing) {
      void unannounced(status.videoId);
    }
  };

  const sender = auth.status === 'user' ? `member:${auth.user.id}` : 'guest';
  const submission = useSubmitVideo({
    member,
    who: sender,
    credits: credits.data,
    dispatch,
    followUp: (videoId) => void refetchAnalysis(videoId),
    keepLink: (videoId, url, problem) => setUnanalysed({ videoId, url, problem }),
    // (A video refused for good shows a screen, not the video: nothing to go back to.)
    onScreen: () => (refusedRef.current ? null : stateRef.current.videoId),
  });

  // A link sent from this tab whose answer the page did not wait for (reloaded meanwhile) is sent
  // again once we know who is here: the page shows it as the answer would have, and a guest's
  // credits as they now stand, rather than the video before and the credits before it was spent.
  // Sent once the video the URL or storage opens is on screen: a failure without a screen of its
  // own goes back to it, as it would have.
  const resumed = useRef(false);
  const [resuming, setResuming] = useState<{ videoId: string; url: string; who: string } | null>(null);
  useEffect(() => {
    if (auth.status === 'loading' || resumed.current) return;
    resumed.current = true;
    const link = takePendingLink(sender);
    setResuming(link && { ...link, who: sender });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, [auth.status]);
  // A guest's once their credits are known: with none left it is asked quietly, the video on screen
  // staying, as Find Clips pressed then would (sent before, it showed the link's progress, then the
  // refusal: a stranger's review).
  const creditsKnown = member || credits.data !== undefined || credits.isError;
  // (Not for another person: a guest who signed in in another tab meanwhile is a member now.)
  useEffect(() => {
    if (!resuming || !creditsKnown) return;
    setResuming(null);
    if (resuming.who === sender) submission.submit(resuming.videoId, resuming.url);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link to send again, once
  }, [resuming, creditsKnown, sender]);

  const reanalyze = useMutation({
    // discardEdits: the member agreed that the new analysis replaces their edits.
    mutationFn: ({ videoId, discardEdits }: { videoId: string; discardEdits: boolean }) =>
      apiRequest('POST', '/api/videos/analyze', { videoId, forceReanalyze: true, ...(discardEdits ? { discardEdits } : {}) }),
    onMutate: () => {
      reanalysisBase.current = analysis.data?.userAnalysisUpdatedAt ?? null;
      submission.forget();
      dispatch({ type: 'reanalyze', hadTopics: Boolean(analysis.data) });
    },
    onError: (error: Error, { videoId }) => {
      // One toast at a time: an expired session says what to do about it.
      if (error instanceof ApiError && error.status === 401) sayExpired(toast);
      else toast({ title: 'Re-analysis failed', description: error.message, variant: 'destructive' });
      dispatch({ type: 'open', videoId });
      // Refused for how the analysis stands (edited on another device, where no tab of this browser
      // heard it): read again, so that its edits show and the next confirmation offers to discard
      // them (a stranger's audit: each press was refused the same way, until a reload).
      if (error instanceof ApiError && error.status === 409) void refetchAnalysis(videoId);
    },
  });

  /**
   * Back to the demo. `shown`: the person clears a video on screen ('Clear video'), which Back then
   * returns to; from an error screen the entry is replaced, so Back never stops on the failure.
   */
  const clear = (shown = false) => {
    submission.forget();
    if (shown && state.videoId) currentVideo.clearing();
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
    /** A video a link opened that nobody (or, to a guest, not they) analysed: its link goes in the field. */
    unanalysed,
    /** A link being asked about, also when the video on screen stays meanwhile. */
    submitting: submission.submitting,
    /** Captions the member uploaded are being analysed: follow it as a re-analysis. */
    followUpload: () => {
      reanalysisBase.current = analysis.data?.userAnalysisUpdatedAt ?? null;
      dispatch({ type: 'reanalyze', hadTopics: Boolean(analysis.data) });
    },
    reanalyze: (discardEdits = false) => state.videoId && reanalyze.mutate({ videoId: state.videoId, discardEdits }),
    /** For the check of the page's place in line: what check-status said of the video. */
    heard,
    clear,
    retry,
  };
}
