import type { AnalysisEvent, ErrorCode } from '@findclips/contracts';

/** The analysis states: idle, fetching the transcript, analysing, complete, error. */
export type AnalysisPhase = 'idle' | 'transcriptFetching' | 'aiAnalysisInProgress' | 'aiAnalysisComplete' | 'error';

/** Why an analysis shows an error screen: a server code, or the dashboard failing to load data. */
export interface AnalysisFailure {
  type: ErrorCode | 'DATA_LOADING';
  message: string;
  categories: string[];
}

export interface AnalysisState {
  phase: AnalysisPhase;
  /** The current video; null shows the demo. */
  videoId: string | null;
  /** A re-analysis is running: the old topics must not count as its result. */
  reanalyzing: boolean;
  /** ...of an analysis on screen before it, which stays when the re-analysis fails. */
  keepsTopics: boolean;
  /** The topics on screen came back after their re-analysis failed: nothing newly finished. */
  restored: boolean;
  error: AnalysisFailure | null;
}

export type AnalysisAction =
  | { type: 'open'; videoId: string }
  | { type: 'submit'; videoId: string }
  | { type: 'submitted'; videoId: string; hasTopics: boolean }
  | { type: 'submitFailed'; videoId: string; error?: AnalysisFailure }
  | { type: 'found'; videoId: string }
  | { type: 'running'; videoId: string }
  /** `hadTopics`: an analysis was on screen (not captions the member brought for a video with none). */
  | { type: 'reanalyze'; hadTopics: boolean }
  /** The re-analysis ended while no live event could say so: its topics are fetched anew. */
  | { type: 'reanalysisEnded'; failed: boolean }
  | { type: 'loadFailed'; message: string }
  | { type: 'clear' }
  | { type: 'event'; event: AnalysisEvent };

/** Failures of a submission that replace the dashboard with their own screen, not only a toast. */
export const SCREEN_FAILURES: ReadonlySet<ErrorCode> = new Set(['VIDEO_TOO_LONG', 'GUEST_VIDEO_TOO_LONG', 'CONTENT_POLICY']);

export const initialAnalysis: AnalysisState = {
  phase: 'idle',
  videoId: null,
  reanalyzing: false,
  keepsTopics: false,
  restored: false,
  error: null,
};

/** How submissions, answers and live events move the state; events for another video than the current one are ignored. */
export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisState {
  switch (action.type) {
    case 'open':
      return { ...initialAnalysis, videoId: action.videoId };
    case 'submit':
      return { ...initialAnalysis, phase: 'transcriptFetching', videoId: action.videoId };
    case 'submitted':
      if (action.videoId !== state.videoId) return state;
      // Topics in the answer: complete, whatever else failed to load meanwhile.
      if (action.hasTopics) return { ...state, phase: 'aiAnalysisComplete', error: null };
      // The live channel may have spoken first: a failure or a start is not undone by the answer.
      return state.phase === 'transcriptFetching' ? { ...state, phase: 'aiAnalysisInProgress' } : state;
    case 'submitFailed':
      // The person went on to another video (Back, a history card) while the link was asked about:
      // its failure is not that video's.
      if (action.videoId !== state.videoId) return state;
      return action.error ? { ...state, phase: 'error', error: action.error } : initialAnalysis;
    case 'found':
      if (action.videoId !== state.videoId || state.reanalyzing || state.phase === 'error') return state;
      if (state.phase === 'transcriptFetching') return state;
      return { ...state, phase: 'aiAnalysisComplete' };
    case 'running':
      if (action.videoId !== state.videoId || state.phase !== 'idle') return state;
      return { ...state, phase: 'aiAnalysisInProgress' };
    case 'reanalyze':
      return {
        ...state,
        phase: 'aiAnalysisInProgress',
        reanalyzing: true,
        keepsTopics: action.hadTopics,
        restored: false,
        error: null,
      };
    case 'reanalysisEnded':
      return { ...state, reanalyzing: false, restored: action.failed };
    case 'loadFailed':
      return { ...state, phase: 'error', error: { type: 'DATA_LOADING', message: action.message, categories: [] } };
    case 'clear':
      return initialAnalysis;
    case 'event':
      return onEvent(state, action.event);
  }
}

/**
 * What a failure event means on screen: nothing ('ignored': another video, or the shared analysis
 * failing while the member's own re-analysis runs), the member's re-analysis failing with an
 * analysis before it to show again ('reanalysis'), or the analysis on screen failing ('analysis').
 */
export function failureOf(state: AnalysisState, event: AnalysisEvent): 'ignored' | 'reanalysis' | 'analysis' {
  if (event.videoId !== state.videoId || (state.reanalyzing && event.userId === null)) return 'ignored';
  // The member's own analysis failing while the video's topics are on screen: a re-analysis started
  // in another tab, whose start this one missed (its live channel away). The topics still hold.
  if (event.userId !== null && state.phase === 'aiAnalysisComplete' && !state.reanalyzing) return 'reanalysis';
  return state.reanalyzing && state.keepsTopics ? 'reanalysis' : 'analysis';
}

/**
 * Whether an analysis finishing is the end of what the screen waits for: during the member's own
 * re-analysis, only its own event (theirs, `userId` set), not the video's shared analysis announced
 * again (a guest's submission as it completed, a retry whose first event was lost).
 */
export const endsOwnWork = (state: AnalysisState, event: AnalysisEvent) =>
  event.videoId === state.videoId && !(state.reanalyzing && event.userId === null);

function onEvent(state: AnalysisState, event: AnalysisEvent): AnalysisState {
  if (event.videoId !== state.videoId) return state;
  switch (event.type) {
    case 'ANALYSIS_STARTED':
      // A refusal's screen (too long, the content policy) stays: another visitor's analysis of the
      // video starting (a member's, of a video too long for guests) is nothing this page may follow.
      if (state.phase === 'error' && SCREEN_FAILURES.has(state.error?.type as ErrorCode)) return state;
      // The member's own analysis of a video on screen (only they get its events): a re-analysis
      // they started in another tab, followed here as in that tab.
      if (state.phase === 'aiAnalysisComplete' && event.userId !== null && !state.reanalyzing)
        return { ...state, phase: 'aiAnalysisInProgress', reanalyzing: true, keepsTopics: true, restored: false, error: null };
      return state.phase === 'aiAnalysisComplete' && !state.reanalyzing ? state : { ...state, phase: 'aiAnalysisInProgress' };
    case 'VIDEO_ANALYZED':
      if (!endsOwnWork(state, event)) return state;
      // Analysed after all, though the page said it failed: a running job Redis lost (restarted
      // empty) is read as failed (check-status, nothing running for its 'analyzing' row) while its
      // worker still holds it and stores its topics. They are fetched, and 'found' shows them.
      if (state.phase === 'error' && state.error?.type === 'ANALYSIS_FAILED')
        return { ...state, phase: 'aiAnalysisInProgress', reanalyzing: false, error: null };
      // The topics are re-fetched; 'found' completes once they arrive.
      return { ...state, reanalyzing: false };
    case 'ANALYSIS_ERROR': {
      const failure = failureOf(state, event);
      if (failure === 'ignored') return state;
      // A failed re-analysis changed nothing: the analysis it started from is shown again.
      if (failure === 'reanalysis')
        return { ...state, phase: 'aiAnalysisComplete', reanalyzing: false, restored: true, error: null };
      return {
        ...state,
        phase: 'error',
        reanalyzing: false,
        error: {
          type: event.errorType ?? 'ANALYSIS_FAILED',
          message: event.errorMessage ?? 'The analysis failed.',
          categories: event.errorCategories ?? [],
        },
      };
    }
  }
}
