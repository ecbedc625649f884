import type { AnalysisEvent } from '@findclips/contracts';
import { analysisReducer, initialAnalysis, type AnalysisState } from './analysis-state';

const event = (type: AnalysisEvent['type'], videoId: string, extra: Partial<AnalysisEvent> = {}): AnalysisEvent => ({
  type,
  videoId,
  sentAt: new Date().toISOString(),
  userId: null,
  errorType: null,
  errorMessage: null,
  errorCategories: null,
  ...extra,
});

const run = (...actions: Parameters<typeof analysisReducer>[1][]) =>
  actions.reduce<AnalysisState>((state, action) => analysisReducer(state, action), initialAnalysis);

describe('analysis state', () => {
  it('moves idle → transcriptFetching → in progress → complete', () => {
    const fetching = run({ type: 'submit', videoId: 'aaaaaaaaaaa' });
    expect(fetching.phase).toBe('transcriptFetching');
    const running = analysisReducer(fetching, { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false });
    expect(running.phase).toBe('aiAnalysisInProgress');
    const analysed = analysisReducer(running, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa') });
    expect(analysisReducer(analysed, { type: 'found', videoId: 'aaaaaaaaaaa' }).phase).toBe('aiAnalysisComplete');
  });

  it('shows the topics when the analysis it read as failed is announced done (a running job Redis lost, its worker going on)', () => {
    const running = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false },
    );
    const failed = analysisReducer(running, {
      type: 'event',
      event: event('ANALYSIS_ERROR', 'aaaaaaaaaaa', { errorType: 'ANALYSIS_FAILED' }),
    });
    expect(failed.phase).toBe('error');
    const analysed = analysisReducer(failed, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa') });
    expect(analysisReducer(analysed, { type: 'found', videoId: 'aaaaaaaaaaa' })).toMatchObject({
      phase: 'aiAnalysisComplete',
      error: null,
    });
    // A refusal's screen stays (a video too long for a guest is not shown to them for another's analysis).
    const tooLong = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitFailed', videoId: 'aaaaaaaaaaa', error: { type: 'GUEST_VIDEO_TOO_LONG', message: '', categories: [] } },
    );
    expect(analysisReducer(tooLong, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa') })).toMatchObject({
      phase: 'error',
    });
  });

  it('completes at once when the submit answers with topics', () => {
    expect(
      run({ type: 'submit', videoId: 'aaaaaaaaaaa' }, { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: true }).phase,
    ).toBe('aiAnalysisComplete');
  });

  it('returns to idle on a failed submit, or to the error screen for a too-long guest video', () => {
    expect(run({ type: 'submit', videoId: 'aaaaaaaaaaa' }, { type: 'submitFailed', videoId: 'aaaaaaaaaaa' })).toEqual(
      initialAnalysis,
    );
    const tooLong = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      {
        type: 'submitFailed',
        videoId: 'aaaaaaaaaaa',
        error: { type: 'GUEST_VIDEO_TOO_LONG', message: 'too long', categories: [] },
      },
    );
    expect(tooLong.phase).toBe('error');
    expect(tooLong.error?.type).toBe('GUEST_VIDEO_TOO_LONG');
  });

  it("leaves the video opened meanwhile as it is when an earlier link's submission fails", () => {
    const opened = run({ type: 'submit', videoId: 'aaaaaaaaaaa' }, { type: 'open', videoId: 'ccccccccccc' });
    const tooLong = { type: 'GUEST_VIDEO_TOO_LONG' as const, message: 'too long', categories: [] };
    expect(analysisReducer(opened, { type: 'submitFailed', videoId: 'aaaaaaaaaaa' })).toBe(opened);
    expect(analysisReducer(opened, { type: 'submitFailed', videoId: 'aaaaaaaaaaa', error: tooLong })).toBe(opened);
  });

  it("keeps the topics on screen when the member's re-analysis from another tab fails, its start unheard here", () => {
    const complete = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: true },
    );
    const failed = analysisReducer(complete, {
      type: 'event',
      event: {
        type: 'ANALYSIS_ERROR',
        videoId: 'aaaaaaaaaaa',
        userId: 7,
        sentAt: new Date().toISOString(),
        errorType: 'PROVIDER_ERROR',
        errorMessage: 'The provider failed.',
        errorCategories: [],
      },
    });
    expect(failed).toMatchObject({ phase: 'aiAnalysisComplete', restored: true, error: null });
  });

  it('ignores events for another video than the current one', () => {
    const running = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false },
    );
    const other = analysisReducer(running, {
      type: 'event',
      event: event('ANALYSIS_ERROR', 'bbbbbbbbbbb', { errorType: 'CONTENT_POLICY' }),
    });
    expect(other).toBe(running);
  });

  it('shows an analysis error with its type, message and categories', () => {
    const failed = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false },
      {
        type: 'event',
        event: event('ANALYSIS_ERROR', 'aaaaaaaaaaa', {
          errorType: 'CONTENT_POLICY',
          errorMessage: 'blocked',
          errorCategories: ['violence'],
        }),
      },
    );
    expect(failed.phase).toBe('error');
    expect(failed.error).toEqual({ type: 'CONTENT_POLICY', message: 'blocked', categories: ['violence'] });
  });

  it('says the analysis failed when the failure event gives no type nor message', () => {
    const failed = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false },
      { type: 'event', event: event('ANALYSIS_ERROR', 'aaaaaaaaaaa') },
    );
    expect(failed.phase).toBe('error');
    expect(failed.error).toEqual({ type: 'ANALYSIS_FAILED', message: 'The analysis failed.', categories: [] });
  });

  it('keeps a failure the live channel announced before the submit answered', () => {
    const failure = event('ANALYSIS_ERROR', 'aaaaaaaaaaa', {
      errorType: 'CONTENT_POLICY',
      errorMessage: 'blocked',
      errorCategories: ['violence'],
    });
    const failed = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'event', event: failure },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: false },
    );
    expect(failed.phase).toBe('error');
    expect(failed.error).toEqual({ type: 'CONTENT_POLICY', message: 'blocked', categories: ['violence'] });
  });

  it('completes when the answer brings topics, even after the analysis failed to load meanwhile', () => {
    const answered = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'loadFailed', message: 'Network error' },
      { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: true },
    );
    expect(answered.phase).toBe('aiAnalysisComplete');
    expect(answered.error).toBeNull();
  });

  it("leaves the video opened meanwhile as it is when an earlier link's answer brings topics", () => {
    // The person pasted a link, then went Back to another video whose analysis failed to load.
    const opened = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'open', videoId: 'ccccccccccc' },
      { type: 'loadFailed', message: 'Network error' },
    );
    expect(analysisReducer(opened, { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: true })).toBe(opened);
    const loading = run({ type: 'submit', videoId: 'aaaaaaaaaaa' }, { type: 'open', videoId: 'ccccccccccc' });
    expect(analysisReducer(loading, { type: 'submitted', videoId: 'aaaaaaaaaaa', hasTopics: true }).phase).toBe('idle');
  });

  it('keeps the error screen of an analysis that failed when the topics of the video before it are found', () => {
    const failed = run(
      { type: 'open', videoId: 'aaaaaaaaaaa' },
      { type: 'found', videoId: 'aaaaaaaaaaa' },
      {
        type: 'event',
        event: event('ANALYSIS_ERROR', 'aaaaaaaaaaa', { errorType: 'ANALYSIS_FAILED', errorMessage: 'It broke.' }),
      },
    );
    expect(failed.phase).toBe('error');
    const found = analysisReducer(failed, { type: 'found', videoId: 'aaaaaaaaaaa' });
    expect(found.phase).toBe('error');
    expect(found.error).toMatchObject({ type: 'ANALYSIS_FAILED', message: 'It broke.' });
  });

  it('re-analysis sets in progress and does not take the old topics as its result', () => {
    const complete = run({ type: 'open', videoId: 'aaaaaaaaaaa' }, { type: 'found', videoId: 'aaaaaaaaaaa' });
    expect(complete.phase).toBe('aiAnalysisComplete');
    const again = analysisReducer(complete, { type: 'reanalyze', hadTopics: true });
    expect(again.phase).toBe('aiAnalysisInProgress');
    expect(analysisReducer(again, { type: 'found', videoId: 'aaaaaaaaaaa' }).phase).toBe('aiAnalysisInProgress');
    // The shared analysis of the video announced again (a guest's submission as it completed, a
    // retry whose first event was lost) is not the end of the member's own re-analysis.
    expect(analysisReducer(again, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa') })).toBe(again);
    const done = analysisReducer(again, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa', { userId: 7 }) });
    expect(analysisReducer(done, { type: 'found', videoId: 'aaaaaaaaaaa' })).toMatchObject({
      phase: 'aiAnalysisComplete',
      restored: false,
    });
  });

  it("follows the member's own re-analysis started in another tab, but not someone else's analysis of the video", () => {
    const complete = run({ type: 'open', videoId: 'aaaaaaaaaaa' }, { type: 'found', videoId: 'aaaaaaaaaaa' });
    const shared = analysisReducer(complete, { type: 'event', event: event('ANALYSIS_STARTED', 'aaaaaaaaaaa') });
    expect(shared).toBe(complete);
    const own = analysisReducer(complete, { type: 'event', event: event('ANALYSIS_STARTED', 'aaaaaaaaaaa', { userId: 7 }) });
    expect(own).toMatchObject({ phase: 'aiAnalysisInProgress', reanalyzing: true });
    // Its old topics are not its result; its own are, once it ends.
    expect(analysisReducer(own, { type: 'found', videoId: 'aaaaaaaaaaa' }).phase).toBe('aiAnalysisInProgress');
    const done = analysisReducer(own, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa', { userId: 7 }) });
    expect(analysisReducer(done, { type: 'found', videoId: 'aaaaaaaaaaa' }).phase).toBe('aiAnalysisComplete');
  });

  it('shows the analysis as it was when a re-analysis of it fails, and the error screen when there was none', () => {
    const failure = event('ANALYSIS_ERROR', 'aaaaaaaaaaa', {
      userId: 7,
      errorType: 'PROVIDER_ERROR',
      errorMessage: 'OpenAI did not answer',
    });
    const complete = run({ type: 'open', videoId: 'aaaaaaaaaaa' }, { type: 'found', videoId: 'aaaaaaaaaaa' });
    const again = analysisReducer(complete, { type: 'reanalyze', hadTopics: true });
    const back = analysisReducer(again, { type: 'event', event: failure });
    // ...back, not newly finished (no 'Done!'); the next re-analysis finishes anew.
    expect(back).toMatchObject({ phase: 'aiAnalysisComplete', reanalyzing: false, restored: true, error: null });
    expect(analysisReducer(back, { type: 'reanalyze', hadTopics: true }).restored).toBe(false);
    // Followed from another tab: the same.
    const elsewhere = analysisReducer(complete, {
      type: 'event',
      event: event('ANALYSIS_STARTED', 'aaaaaaaaaaa', { userId: 7 }),
    });
    expect(analysisReducer(elsewhere, { type: 'event', event: failure })).toMatchObject({ phase: 'aiAnalysisComplete' });
    // The shared analysis of the video failing (a guest's, say) ends nothing of the member's own.
    const guests = event('ANALYSIS_ERROR', 'aaaaaaaaaaa', { errorType: 'PROVIDER_ERROR', errorMessage: 'busy' });
    expect(analysisReducer(again, { type: 'event', event: guests })).toBe(again);
    // Captions brought for a video with no analysis: nothing to go back to.
    const first = analysisReducer(run({ type: 'open', videoId: 'aaaaaaaaaaa' }), { type: 'reanalyze', hadTopics: false });
    expect(analysisReducer(first, { type: 'event', event: failure })).toMatchObject({
      phase: 'error',
      error: { type: 'PROVIDER_ERROR', message: 'OpenAI did not answer', categories: [] },
    });
  });

  it("keeps a refusal's screen when another visitor's analysis of the video starts and ends (a guest's Video Too Long, a member analysing it)", () => {
    const tooLong = run(
      { type: 'submit', videoId: 'aaaaaaaaaaa' },
      { type: 'submitFailed', videoId: 'aaaaaaaaaaa', error: { type: 'GUEST_VIDEO_TOO_LONG', message: '', categories: [] } },
    );
    // A member's first analysis is the video's shared one: its events reach every page on the video.
    const started = analysisReducer(tooLong, { type: 'event', event: event('ANALYSIS_STARTED', 'aaaaaaaaaaa') });
    expect(started).toMatchObject({ phase: 'error', error: { type: 'GUEST_VIDEO_TOO_LONG' } });
    const analysed = analysisReducer(started, { type: 'event', event: event('VIDEO_ANALYZED', 'aaaaaaaaaaa') });
    expect(analysisReducer(analysed, { type: 'found', videoId: 'aaaaaaaaaaa' })).toMatchObject({
      phase: 'error',
      error: { type: 'GUEST_VIDEO_TOO_LONG' },
    });
  });

  it('clear goes back to idle and the demo', () => {
    expect(run({ type: 'open', videoId: 'aaaaaaaaaaa' }, { type: 'clear' })).toEqual(initialAnalysis);
  });
});
