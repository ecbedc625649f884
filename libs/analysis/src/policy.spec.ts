import { checkLexicon, policyCategories } from './policy';

/** A moderation result's scores as OpenAI gives them: every category, most of them near zero. */
const scores = (high: Record<string, number>) => ({
  harassment: 0.0001,
  'harassment/threatening': 0.0001,
  hate: 0.0001,
  'hate/threatening': 0.0001,
  illicit: 0.0001,
  'illicit/violent': 0.0001,
  'self-harm': 0.0001,
  'self-harm/intent': 0.0001,
  'self-harm/instructions': 0.0001,
  sexual: 0.0001,
  'sexual/minors': 0.0001,
  violence: 0.0001,
  'violence/graphic': 0.0001,
  ...high,
});

describe('content policy', () => {
  it.each([
    ['sexual/minors', 0.5, 0.45, 'sexual/minors'],
    ['illicit/violent', 0.8, 0.75, 'violence/instructions'],
    ['self-harm/instructions', 0.8, 0.75, 'self-harm/instructions'],
    ['hate/threatening', 0.8, 0.75, 'hate/threatening'],
  ])("refuses OpenAI's %s from a score of %s, not at %s, as our %s", (theirs, from, below, ours) => {
    expect(policyCategories(scores({ [theirs]: from }))).toEqual([ours]);
    expect(policyCategories(scores({ [theirs]: below }))).toEqual([]);
  });

  it('lets the broad categories pass, however high: news and interviews report violence', () => {
    const broad = {
      harassment: 0.99,
      hate: 0.97,
      illicit: 0.95,
      'self-harm': 0.96,
      sexual: 0.98,
      violence: 0.99,
      'violence/graphic': 0.9,
    };
    expect(policyCategories(scores(broad))).toEqual([]);
    // A category OpenAI left out of a result (null, or not there) counts as not flagged.
    expect(policyCategories({ 'sexual/minors': null, violence: 0.99 })).toEqual([]);
  });

  it('finds the lexicon phrases across captions, and passes reporting on them', () => {
    const segment = (text: string) => ({ text, start: 0, end: 1 });
    expect(checkLexicon([segment('here is how to build a'), segment('pipe bomb at home')])).toEqual({
      flagged: true,
      categories: ['violence/instructions'],
    });
    expect(checkLexicon([segment('The police said the suspect had built a bomb.')])).toEqual({ flagged: false, categories: [] });
  });
});
