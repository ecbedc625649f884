/**
 * How likely a sentence ends between two words of unpunctuated English speech: a logistic model
 * over the words on both sides of the gap (alone, in pairs, and by their ending when rare), with
 * weights learnt from punctuated text stripped as auto-captions show it
 * (libs/analysis/scripts/train-sentence-model.mjs; weights in boundary-weights.ts).
 */
import { BOUNDARY_BIAS, BOUNDARY_WEIGHTS } from './boundary-weights';

/** A coarse class for a word, so that rare words still say something ('-ing', '-ly', a number). */
function shapeOf(word: string): string {
  if (/^\d/.test(word)) return '#';
  if (word.length <= 3) return 's';
  if (word.endsWith('ing')) return 'ing';
  if (word.endsWith('ed')) return 'ed';
  if (word.endsWith('ly')) return 'ly';
  if (word.endsWith("'s")) return "'s";
  if (word.endsWith('s')) return 'S';
  return 'w';
}

/** The word with a straight apostrophe ("it’s" and "it's" are one word). */
const plain = (word: string) => (word.includes('’') ? word.replace(/’/g, "'") : word);

/**
 * Names of the features of the gap before word `i` (1 ≤ i < words.length): the two words before
 * (z, a), the two after (b, c), the pairs across and beside the gap, and the shapes of a and b.
 */
export function gapFeatures(words: string[], i: number): string[] {
  const z = plain(words[i - 2] ?? '<s>');
  const a = plain(words[i - 1]!);
  const b = plain(words[i]!);
  const c = plain(words[i + 1] ?? '</s>');
  return [
    `a=${a}`,
    `b=${b}`,
    `z=${z}`,
    `c=${c}`,
    `ab=${a} ${b}`,
    `bc=${b} ${c}`,
    `za=${z} ${a}`,
    `as=${shapeOf(a)}`,
    `bs=${shapeOf(b)}`,
  ];
}

/** The weights by feature kind: words alone by position, word pairs by their first then second word. */
interface Tables {
  single: Map<string, Map<string, number>>;
  pairs: Map<string, Map<string, Map<string, number>>>;
}

let tables: Tables | undefined;

function tablesOf(): Tables {
  if (tables) return tables;
  const single = new Map<string, Map<string, number>>();
  const pairs = new Map<string, Map<string, Map<string, number>>>();
  for (const kind of ['a', 'b', 'z', 'c', 'as', 'bs']) single.set(kind, new Map());
  for (const kind of ['ab', 'bc', 'za']) pairs.set(kind, new Map());
  for (const [feature, weight] of Object.entries(BOUNDARY_WEIGHTS)) {
    const equals = feature.indexOf('=');
    const kind = feature.slice(0, equals);
    const value = feature.slice(equals + 1);
    const byFirst = pairs.get(kind);
    if (!byFirst) {
      single.get(kind)?.set(value, weight);
      continue;
    }
    const space = value.indexOf(' ');
    const first = value.slice(0, space);
    let row = byFirst.get(first);
    if (!row) byFirst.set(first, (row = new Map()));
    row.set(value.slice(space + 1), weight);
  }
  return (tables = { single, pairs });
}

/**
 * Log-odds that a sentence ends before each word (index 0: -Infinity, nothing comes before it):
 * the sum of the weights of gapFeatures, looked up once per distinct word and per word pair.
 */
export function boundaryLogits(words: string[]): Float64Array {
  const { single, pairs } = tablesOf();
  const logits = new Float64Array(words.length);
  if (words.length === 0) return logits;
  logits[0] = -Infinity;
  // Distinct words (0: before the text, 1: after it) and what each weighs in each place.
  const ids = new Map<string, number>([
    ['<s>', 0],
    ['</s>', 1],
  ]);
  const types = ['<s>', '</s>'];
  const token = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = plain(words[i]!);
    let id = ids.get(word);
    if (id === undefined) {
      ids.set(word, (id = types.length));
      types.push(word);
    }
    token[i] = id;
  }
  const weigh = (kind: string) => types.map((w) => single.get(kind)!.get(w) ?? 0);
  const shapes = types.map(shapeOf);
  const asA = weigh('a').map((w, t) => w + (single.get('as')!.get(shapes[t]!) ?? 0));
  const asB = weigh('b').map((w, t) => w + (single.get('bs')!.get(shapes[t]!) ?? 0));
  const asZ = weigh('z');
  const asC = weigh('c');
  const rows = (kind: string) => types.map((w) => pairs.get(kind)!.get(w));
  const ab = rows('ab');
  const bc = rows('bc');
  const za = rows('za');
  const at = (i: number) => (i < 0 ? 0 : i >= words.length ? 1 : token[i]!);
  for (let i = 1; i < words.length; i++) {
    const z = at(i - 2);
    const a = token[i - 1]!;
    const b = token[i]!;
    const c = at(i + 1);
    logits[i] =
      BOUNDARY_BIAS +
      asA[a]! +
      asB[b]! +
      asZ[z]! +
      asC[c]! +
      (ab[a]?.get(types[b]!) ?? 0) +
      (bc[b]?.get(types[c]!) ?? 0) +
      (za[z]?.get(types[a]!) ?? 0);
  }
  return logits;
}
