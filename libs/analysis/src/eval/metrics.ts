/**
 * Topic segmentation metrics with the semantics of NLTK's `nltk/metrics/segmentation.py`: a
 * segmentation is a string with one character per unit (caption segment or speaker turn), '1'
 * where a new topic starts. The window k is always passed explicitly, from the reference.
 */
import { stopWordsOf, words } from '../text';

/** '1' at each unit where a topic starts (unit 0 never counts: every text starts there). */
export function boundaryString(starts: readonly number[], units: number): string {
  const marks = new Array<string>(units).fill('0');
  for (const start of starts) if (start > 0 && start < units) marks[start] = '1';
  return marks.join('');
}

const count = (text: string) => {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 49) n++;
  return n;
};

/** Python's round(): halves go to the even neighbour. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (Math.abs(fraction - 0.5) > 1e-9) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** k = round(mean reference segment length / 2), from the reference's number of topics. */
export function windowSize(units: number, topics: number): number {
  return Math.max(1, roundHalfEven(units / (Math.max(1, topics) * 2)));
}

function windows(ref: string, hyp: string, k: number, differs: (r: string, h: string) => boolean): number {
  if (ref.length !== hyp.length) throw new Error('Segmentations have unequal length');
  if (k > ref.length) throw new Error('Window width k should be smaller or equal than segmentation lengths');
  let errors = 0;
  for (let i = 0; i + k <= ref.length; i++) if (differs(ref.slice(i, i + k), hyp.slice(i, i + k))) errors++;
  return errors / (ref.length - k + 1);
}

/** Beeferman's Pk: the share of windows where one side has a boundary and the other none. */
export const pk = (ref: string, hyp: string, k: number) => windows(ref, hyp, k, (r, h) => count(r) > 0 !== count(h) > 0);

/** Pevzner and Hearst's WindowDiff: the share of windows whose boundary counts differ. */
export const windowDiff = (ref: string, hyp: string, k: number) => windows(ref, hyp, k, (r, h) => count(r) !== count(h));

interface BoundaryScore {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * The largest one-to-one matching of hypothesis to reference boundaries at most `tolerance`
 * apart (units or seconds), as index pairs [reference, hypothesis]; both lists ascending. On a
 * line, matching each reference boundary, in order, to the earliest unmatched hypothesis boundary
 * still within reach is optimal (an exchange argument; the unit test checks it against
 * exhaustive search).
 */
export function matchBoundaries(ref: readonly number[], hyp: readonly number[], tolerance: number): [number, number][] {
  const pairs: [number, number][] = [];
  let j = 0;
  ref.forEach((value, i) => {
    while (j < hyp.length && hyp[j]! < value - tolerance) j++;
    if (j < hyp.length && hyp[j]! <= value + tolerance) pairs.push([i, j++]);
  });
  return pairs;
}

/** Boundary precision, recall and F1 within ±tolerance, with the best one-to-one matching. */
export function boundaryF1(ref: readonly number[], hyp: readonly number[], tolerance: number): BoundaryScore {
  const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);
  const matched = matchBoundaries(ascending(ref), ascending(hyp), tolerance).length;
  if (ref.length === 0 && hyp.length === 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = hyp.length ? matched / hyp.length : 0;
  const recall = ref.length ? matched / ref.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** ROUGE-L F1 (Lin 2004, β = 1): the longest common subsequence of lower-cased words. */
export function rougeL(reference: string, candidate: string): number {
  const a = tokens(reference);
  const b = tokens(candidate);
  if (!a.length || !b.length) return 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  const lcs = previous[b.length]!;
  if (!lcs) return 0;
  const precision = lcs / b.length;
  const recall = lcs / a.length;
  return (2 * precision * recall) / (precision + recall);
}

/** English stop words, for the content words of titles. */
const ENGLISH_STOP = stopWordsOf('eng');

/** A title's content words: no stop word, none of two letters or fewer, a final "s" dropped. */
export function contentWords(text: string): Set<string> {
  return new Set(
    words(text)
      .filter((word) => word.length > 2 && !ENGLISH_STOP.has(word))
      .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word)),
  );
}

/** F1 of the content words two titles share, as sets (0 when either has none). */
export function contentWordF1(reference: string, candidate: string): number {
  const a = contentWords(reference);
  const b = contentWords(candidate);
  let common = 0;
  for (const word of b) if (a.has(word)) common++;
  if (!common) return 0;
  const precision = common / b.size;
  const recall = common / a.size;
  return (2 * precision * recall) / (precision + recall);
}

/** Jaccard overlap of two texts' content words (stop words and words of two letters out). */
export function wordOverlap(a: string, b: string): number {
  return setOverlap(contentWords(a), contentWords(b));
}

/** Jaccard overlap of two sets of words (`contentWords`), for texts compared with many others. */
export function setOverlap(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  let common = 0;
  for (const word of x) if (y.has(word)) common++;
  const union = x.size + y.size - common;
  return union ? common / union : 0;
}
