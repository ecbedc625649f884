import { tfidfPartition } from './baseline';
import { asAutoCaptions } from './evaluate';
import { judgeQuotes } from './quotes';
import {
  boundaryF1,
  boundaryString,
  contentWordF1,
  matchBoundaries,
  pk,
  roundHalfEven,
  rougeL,
  windowDiff,
  windowSize,
  wordOverlap,
} from './metrics';
import type { EvalDocument } from './corpus';

describe('segmentation metrics (NLTK semantics)', () => {
  it('scores an identical hypothesis 0, 0 and F1 1', () => {
    const ref = boundaryString([0, 5, 12], 20);
    expect(ref).toBe('00000100000010000000');
    expect(pk(ref, ref, 3)).toBe(0);
    expect(windowDiff(ref, ref, 3)).toBe(0);
    expect(boundaryF1([5, 12], [5, 12], 3).f1).toBe(1);
  });

  it("gives NLTK's doctest values", () => {
    const [s1, s2, s3] = ['000100000010', '000010000100', '100000010000'];
    expect(windowDiff(s1, s1, 3).toFixed(2)).toBe('0.00');
    expect(windowDiff(s1, s2, 3).toFixed(2)).toBe('0.30');
    expect(windowDiff(s2, s3, 3).toFixed(2)).toBe('0.80');
    expect(pk('0100'.repeat(100), '1'.repeat(400), 2).toFixed(2)).toBe('0.50');
    expect(pk('0100'.repeat(100), '0'.repeat(400), 2).toFixed(2)).toBe('0.50');
    expect(pk('0100'.repeat(100), '0100'.repeat(100), 2).toFixed(2)).toBe('0.00');
  });

  it('refuses segmentations of different lengths', () => {
    expect(() => pk('0100', '010', 2)).toThrow('Segmentations have unequal length');
  });

  it("takes k as Python's round of half the mean reference segment length", () => {
    expect(roundHalfEven(2.5)).toBe(2);
    expect(roundHalfEven(3.5)).toBe(4);
    expect(roundHalfEven(2.4)).toBe(2);
    expect(windowSize(90, 3)).toBe(15);
    expect(windowSize(25, 5)).toBe(2);
  });

  it('counts boundaries within the tolerance, each matched once', () => {
    // 10 matches 12 (within 3); 30 and 31 compete for 29: one wins, the other is a false alarm.
    const score = boundaryF1([12, 29, 50], [10, 30, 31], 3);
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 3);
    expect(score.f1).toBeCloseTo(2 / 3);
    expect(boundaryF1([12], [], 3).f1).toBe(0);
  });

  it('finds the largest one-to-one matching (checked against exhaustive search)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const best = (ref: number[], hyp: number[], tolerance: number, from = 0, used = new Set<number>()): number => {
      if (from === ref.length) return 0;
      let most = best(ref, hyp, tolerance, from + 1, used);
      hyp.forEach((h, j) => {
        if (used.has(j) || Math.abs(h - ref[from]!) > tolerance) return;
        used.add(j);
        most = Math.max(most, 1 + best(ref, hyp, tolerance, from + 1, used));
        used.delete(j);
      });
      return most;
    };
    for (let trial = 0; trial < 300; trial++) {
      const points = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 30)).sort((a, b) => a - b);
      const ref = points(1 + Math.floor(random() * 6));
      const hyp = points(Math.floor(random() * 7));
      expect(matchBoundaries(ref, hyp, 3).length).toBe(best(ref, hyp, 3));
    }
  });

  it('measures ROUGE-L F1 on words, ignoring case and punctuation', () => {
    expect(rougeL('The cat sat on the mat', 'the cat, on the mat')).toBeCloseTo((2 * 1 * (5 / 6)) / (1 + 5 / 6));
    expect(rougeL('Oven cost and pricing', 'Oven Cost and Pricing')).toBe(1);
    expect(rougeL('Sourdough starter', 'Bus lanes')).toBe(0);
    expect(rougeL('', 'anything')).toBe(0);
  });

  it('scores titles on their content words: stop words out, plurals folded, as sets', () => {
    expect(contentWordF1('Hiring new engineers', 'The hiring of engineers')).toBeCloseTo((2 * 1 * (2 / 3)) / (1 + 2 / 3));
    expect(contentWordF1('Bus lanes', 'Why cities add a bus lane')).toBeCloseTo((2 * 0.4 * 1) / 1.4);
    expect(contentWordF1('Introduction', 'And so on')).toBe(0);
  });

  it('measures how much two quotes say the same thing (Jaccard of content words)', () => {
    expect(wordOverlap('Buses every five minutes win riders.', 'Riders come when buses come every five minutes.')).toBeCloseTo(
      5 / 7,
    );
    expect(wordOverlap('Sleep locks in skills.', 'Bus lanes pay for themselves.')).toBe(0);
  });
});

describe('evaluation documents and quotes', () => {
  const sentences = [
    'Bus lanes move more people than car lanes do.',
    'We measured every corridor for three years.',
    'So the lanes paid for themselves within a decade!',
    'Riders noticed before the council did.',
  ];
  const document: EvalDocument = {
    id: 'ours',
    corpus: 'podcasts',
    group: null,
    timed: true,
    segments: sentences.map((text, i) => ({ text, start: i * 10, end: i * 10 + 9.5 })),
    chapters: [{ title: 'Bus lanes', startIndex: 0 }],
    chaptersFine: null,
  };

  it('strips a punctuated transcript to auto-captions with the same words, and keeps the original to judge on', () => {
    const stripped = asAutoCaptions(document);
    expect(stripped.segments.map((s) => s.text).join(' ')).toBe(
      'bus lanes move more people than car lanes do we measured every corridor for three years so the lanes paid for themselves within a decade riders noticed before the council did',
    );
    // Lines of 17 words cut wherever they fall.
    expect(stripped.segments[0]!.text.split(' ')).toHaveLength(17);
    expect(stripped.truth).toBe(document.segments);
  });

  it('judges quote edges on the original sentences, also when the analyzer saw auto-captions', () => {
    const stripped = asAutoCaptions(document);
    const quote = (content: string) => ({ content, startTime: 0, endTime: 12 });
    const judged = judgeQuotes(stripped, [
      {
        title: 'Bus lanes',
        startTime: 0,
        endTime: 40,
        quotes: [quote('we measured every corridor for three years'), quote('lanes paid for themselves within a decade riders')],
      },
    ]);
    expect(judged).toMatchObject({ quotes: 2, startsOnSentence: 1, endsOnSentence: 1, verbatim: 2, sentenceKnown: true });
  });

  /** The quotes (text and the second their line starts) of one topic over three 10-second lines, judged. */
  const judgeOn = (lines: [string, string, string], quotes: [string, number][]) =>
    judgeQuotes({ ...document, segments: lines.map((text, i) => ({ text, start: i * 10, end: i * 10 + 9.5 })) }, [
      {
        title: 'Bus lanes',
        startTime: 0,
        endTime: 30,
        quotes: quotes.map(([content, startTime]) => ({ content, startTime, endTime: startTime + 9 })),
      },
    ]);

  it('reads sentence edges past non-speech tags and quotation marks, not past a word', () => {
    const judged = judgeOn(
      [
        'Yeah . {vocalsound} So the lanes paid off . [laughter]',
        "Okay . 'Cause riders noticed first , we think {vocalsound} .",
        'She said , " the lanes stay " . Then we left .',
      ],
      [
        ['So the lanes paid off', 0],
        ['Cause riders noticed first , we think', 10],
        ['the lanes paid', 0],
        ['She said , " the lanes stay', 20],
      ],
    );
    // Before, neither the first two quotes' starts nor the second's and the last's ends were read
    // as sentence edges.
    expect(judged).toMatchObject({ quotes: 4, judgedOnSentence: 4, startsOnSentence: 3, endsOnSentence: 3 });
  });

  it('reads no edge past a tag that stands for words, nor a lower-case word after a quotation as a start', () => {
    const judged = judgeOn(
      [
        'Right . {gap} paid off the loan early .',
        'So we should really {disfmarker} . Yeah . (laughter) So the lanes paid off .',
        'He said " go home . " then left the lanes early .',
      ],
      [
        ['paid off the loan early .', 0],
        ['So we should really', 10],
        ['So the lanes paid off .', 10],
        ['then left the lanes early .', 20],
      ],
    );
    // Starts: only 'So we…' and 'So the lanes…' (after '(laughter)'); ends: all but 'So we should really'.
    expect(judged).toMatchObject({ quotes: 4, judgedOnSentence: 4, startsOnSentence: 2, endsOnSentence: 3 });
  });

  it('cuts the classical baseline into one topic per 5 minutes', () => {
    const long: EvalDocument = {
      ...document,
      segments: Array.from({ length: 240 }, (_, i) => ({
        text: i < 120 ? `bus lane corridor rider number ${i % 5}` : `sleep memory night dream number ${i % 5}`,
        start: i * 5,
        end: i * 5 + 5,
      })),
    };
    // 20 minutes: four topics, one of them starting where the vocabulary changes.
    const starts = tfidfPartition(long);
    expect(starts).toHaveLength(4);
    expect(starts).toContain(120);
  });
});
