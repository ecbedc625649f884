import { reanalysisFailedToast } from './failure-toasts';

describe('reanalysisFailedToast', () => {
  it("says 'Re-analysis failed' with the worker's reason, and that the analysis is as it was", () => {
    expect(reanalysisFailedToast('PROVIDER_ERROR', 'OpenAI did not answer within 120 s. Please try again later.')).toEqual({
      title: 'Re-analysis failed',
      description: 'OpenAI did not answer within 120 s. Please try again later. The analysis is as it was.',
      variant: 'destructive',
    });
  });

  it('says it ended without new topics when no reason is given, empty or missing', () => {
    for (const reason of ['', null, undefined]) {
      expect(reanalysisFailedToast('ANALYSIS_FAILED', reason).description).toBe(
        'It ended without new topics; the analysis is as it was. Please try again.',
      );
    }
  });

  it('says a content-policy refusal as the error catalogue has it: its categories, for 7 s', () => {
    expect(reanalysisFailedToast('CONTENT_POLICY', 'blocked', ['violence/instructions'])).toEqual({
      title: 'Video blocked due to content policy',
      description: 'violence/instructions',
      variant: 'destructive',
      duration: 7_000,
    });
  });
});
