/**
 * The classical baseline every table is read against: a TF-IDF optimal partition (Utiyama and
 * Isahara's dynamic programming over Choi's cosine similarities) of 30 s blocks (at most 200), with its own count
 * rule, one topic per 5 minutes (the pace at which YouTube creators chapter). It shares no code
 * with the analyzer, so an improvement of the analyzer cannot move it.
 */
import type { EvalDocument } from './corpus';
import type { Segmenter } from './evaluate';
import { stopWordsOf, words } from '../text';

const BLOCK_SECONDS = 30;
/** At most this many blocks (longer blocks on videos over 100 minutes), to bound the cost. */
const MAX_BLOCKS = 200;
const SECONDS_PER_TOPIC = 300;
const STOP = stopWordsOf('eng');

/** Unit indexes where each block of about BLOCK_SECONDS starts. */
function blocksOf(document: EvalDocument): number[] {
  const starts = [0];
  let from = document.segments[0]?.start ?? 0;
  const seconds = Math.max(BLOCK_SECONDS, ((document.segments.at(-1)?.end ?? 0) - from) / MAX_BLOCKS);
  document.segments.forEach((segment, i) => {
    if (i > 0 && segment.start - from >= seconds) {
      starts.push(i);
      from = segment.start;
    }
  });
  return starts;
}

/** Topic starts (unit indexes) of the best partition into round(minutes / 5) topics. */
export function tfidfPartition(document: EvalDocument): number[] {
  const segments = document.segments;
  if (segments.length === 0) return [0];
  const starts = blocksOf(document);
  const n = starts.length;
  const duration = segments.at(-1)!.end - segments[0]!.start;
  const k = Math.min(Math.max(1, Math.round(duration / SECONDS_PER_TOPIC)), Math.floor(n / 2));
  if (k <= 1) return [0];

  const bags = starts.map((from, b) => {
    const bag = new Map<string, number>();
    for (let i = from; i < (starts[b + 1] ?? segments.length); i++) {
      for (const word of words(segments[i]!.text))
        if (word.length > 2 && !STOP.has(word)) bag.set(word, (bag.get(word) ?? 0) + 1);
    }
    return bag;
  });
  const df = new Map<string, number>();
  for (const bag of bags) for (const word of bag.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  const vectors = bags.map((bag) => {
    const vector = [...bag].map(([word, tf]) => [word, tf * Math.log(n / df.get(word)!)] as const);
    const norm = Math.sqrt(vector.reduce((sum, [, w]) => sum + w * w, 0)) || 1;
    return new Map(vector.map(([word, w]) => [word, w / norm]));
  });

  const similarity = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (const [word, w] of vectors[i]!) sum += w * (vectors[j]!.get(word) ?? 0);
      similarity[i * n + j] = similarity[j * n + i] = sum;
    }
  }
  // prefix[a][b]: the sum of similarities of block pairs within rows 0..a-1 and columns 0..b-1.
  const prefix = Array.from({ length: n + 1 }, () => new Float64Array(n + 1));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      prefix[i + 1]![j + 1] = similarity[i * n + j]! + prefix[i]![j + 1]! + prefix[i + 1]![j]! - prefix[i]![j]!;
    }
  }
  // A topic of blocks a..b-1 is worth its blocks' summed similarity over its length.
  const worth = (a: number, b: number) => (prefix[b]![b]! - prefix[a]![b]! - prefix[b]![a]! + prefix[a]![a]!) / (b - a);
  const best = Array.from({ length: k + 1 }, () => new Float64Array(n + 1).fill(-Infinity));
  const cut = Array.from({ length: k + 1 }, () => new Int32Array(n + 1));
  best[0]![0] = 0;
  for (let j = 1; j <= k; j++) {
    for (let b = j; b <= n; b++) {
      for (let a = j - 1; a < b; a++) {
        const value = best[j - 1]![a]! + worth(a, b);
        if (value > best[j]![b]!) {
          best[j]![b] = value;
          cut[j]![b] = a;
        }
      }
    }
  }
  const topicStarts: number[] = [];
  for (let j = k, b = n; j > 0; j--) {
    b = cut[j]![b]!;
    topicStarts.unshift(starts[b]!);
  }
  return topicStarts;
}

export const tfidfBaseline: Segmenter = {
  name: 'TF-IDF partition, 1 topic / 5 min',
  run: (document) => ({ starts: tfidfPartition(document) }),
};
