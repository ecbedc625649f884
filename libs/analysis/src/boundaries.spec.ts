import { boundaryLogits, gapFeatures } from './boundaries';
import { BOUNDARY_BIAS, BOUNDARY_WEIGHTS } from './boundary-weights';
import { joinSegments, sentenceSpans } from './sentences';

const gap = (text: string, before: string) => {
  const words = text.split(' ');
  return boundaryLogits(words)[words.indexOf(before)]!;
};

describe('sentence-boundary model', () => {
  it('finds a sentence end likelier after a closing word than inside a phrase', () => {
    expect(gap('we opened the first bakery in twenty eleven so the short version is this', 'so')).toBeGreaterThan(
      gap('we opened the first bakery in the so called laundromat downtown', 'so'),
    );
    expect(gap('the lanes paid for themselves we measured it twice', 'we')).toBeGreaterThan(
      gap('the lanes paid for the we measured it twice', 'we'),
    );
  });

  it('sums the weights of the features it was trained on', () => {
    const words = 'so yeah we measured it’s the buses on every corridor today and 2011 was running'.split(' ');
    const logits = boundaryLogits(words);
    for (let i = 1; i < words.length; i++) {
      const sum = gapFeatures(words, i).reduce((total, f) => total + (BOUNDARY_WEIGHTS[f] ?? 0), BOUNDARY_BIAS);
      expect(logits[i]).toBeCloseTo(sum, 9);
    }
    expect(logits[0]).toBe(-Infinity);
  });

  it('reads curly and straight apostrophes alike', () => {
    expect(gapFeatures(['it’s', 'done'], 1)).toEqual(gapFeatures(["it's", 'done'], 1));
  });

  it('gives restored sentences a confidence, and none to punctuated ones', () => {
    const text = 'we measured the buses on every corridor of the city so the first thing we learned is that lanes pay off';
    // More than four caption lines without punctuation: restored from the words.
    const lines = Array.from({ length: 6 }, (_, i) => ({ text, start: i * 8, end: i * 8 + 8 }));
    const restored = sentenceSpans(joinSegments(lines));
    expect(restored.length).toBeGreaterThan(1);
    for (const span of restored) {
      expect(span.confidence).toBeGreaterThan(0);
      expect(span.confidence).toBeLessThanOrEqual(1);
    }
    const punctuated = sentenceSpans(joinSegments([{ text: 'One thing. Another thing.', start: 0, end: 4 }]));
    expect(punctuated.every((s) => s.confidence === undefined)).toBe(true);
  });
});
