/**
 * Topic segmentation of a spoken transcript: where do topics start? Lexical cohesion alone is a
 * weak signal in speech, so two kinds of evidence are combined:
 *
 * 1. Vocabulary: an optimal partition (dynamic programming) of short blocks maximising how well
 *    each topic's words hang together, MINUS A COST PER TOPIC. The number of topics is not fixed
 *    in advance: a topic is opened where the vocabulary shifts enough to pay for it, so the count
 *    follows the content (a transcript whose vocabulary keeps changing gets more topics than one
 *    of the same length that stays on a subject). On a long transcript a topic's words are judged
 *    by their likelihood under a Dirichlet-multinomial of their own (`likelihoodCohesion`), the
 *    cost scaled by how many words a minute are said; on a short one, with few words a block, by
 *    how much its blocks share their TF-IDF vocabulary (`similarityCohesion`), the cost measured
 *    in the transcript's own units: how much more alike nearby blocks are than any two blocks.
 * 2. Discourse: what speakers say when they change topic or hand over ('so, moving on', 'let's
 *    talk about', 'next question') and pauses. They lower the cost of a topic starting there, then
 *    are used again, with the vocabulary shift between the sentences before and after, to place
 *    each boundary on a sentence near its block edge (on a long transcript, with the likelihood of
 *    the two whole topics either side as the boundary moves, `splitLikelihoods`).
 *
 * 3. A show's opening: podcasts and interviews open on a teaser and the host's introduction, which
 *    creators chapter as 'Intro' and which lasts under the shortest topic the partition makes. When
 *    the conversation starts 15 s to 3 minutes in, announced by a welcome ('my guest today is') or a
 *    hand-over ('thanks for having me', 'here's Dave.'), the opening is a topic of its own and the
 *    rest is segmented as a transcript of its own.
 *
 * Placed boundaries never leave a topic of under half a minute (of two edges placed that close, the
 * less topic-like goes).
 *
 * Long transcripts: no topic may cover more than MAX_TOPIC_SHARE of a transcript longer than
 * LONG_SECONDS (a topic over a third of a long video is not a chapter a viewer can use), no
 * transcript gets more than `maxTopics` topics (creators' chapter counts do not grow with length;
 * beyond it, the best partition into that many), and the partition never works on more than
 * MAX_BLOCKS blocks, so its cost is bounded for any length.
 *
 * Constants were chosen on grids (448 settings) with leave-one-source-out cross-validation over
 * tinyrec, qmsum, youtube/fsdl, youtube/fastai and the podcast channels; the objective per corpus
 * is mean(F1 ±3, F1 ±30 s) - Pk - |ln(topics / chapters)| / 2 - (share of long videos with a
 * topic over 35%) / 2, averaged over the four corpora. The placement constants (a window of two
 * blocks each side, 25 sentences compared by stem, the vocabulary gap weighing more than the cues)
 * were chosen again the same way, with the topic cost and neighbour weight (24 settings), and so was
 * `maxTopics` (folds chose 20-24 of 12-32 and none; 24 keeps about one topic per chapter). The
 * likelihood's prior and cost, and 400 blocks, were chosen later by leave-one-source-out over the
 * 17 sources (objective: Pk - F1 ±3, averaged over sources) among the settings that keep the median
 * topics per chapter within 0.8-1.25 on the podcasts and on the lectures; all 17 folds chose them.
 * The likelihood's weight in placing a boundary (0.2 of a topic's cost, with the cue and gap
 * weights unchanged and no pull to the block edge) was chosen the same way among 55 settings
 * (weights 0-3, gap 0-8, cue 0-1): 16 of 17 folds chose it.
 */

import { spoken } from './text';

interface SegmentUnit {
  /** Sentence text. */
  text: string;
  start: number;
  end: number;
  /** Content words (stop words removed). */
  terms: string[];
}

/** Words that open a turn without saying anything yet. */
const OPENERS = String.raw`(?:so|okay|ok|alright|all right|right|now|and|um|uh|uhm|erm|well|yeah|yes|good|great|cool|thanks|thank you|fine)`;

/**
 * What speakers say when they open a new topic or hand over to the next speaker, after any
 * openers ('okay, so, um'). English first; the other languages we see most, briefly.
 */
const TOPIC_CUE = new RegExp(
  String.raw`^(?:${OPENERS}[,.!\s-]+)*(?:` +
    [
      String.raw`let'?s (?:talk|turn|move|get|switch|go|start|begin|look|have a look|take a look|discuss|stay (?:with|on))`,
      String.raw`(?:moving|move) on`,
      String.raw`next (?:question|up|item|topic|point|thing|one|is)`,
      String.raw`now (?:let'?s|i(?:'m| am| want)|we(?:'re| are) (?:going|gonna)|on to|for the|to the)`,
      String.raw`let me (?:ask|show|talk|tell|start|switch)`,
      String.raw`i(?:'m| am) (?:going|gonna) to (?:talk|tell|show|present|switch|go|do|start)`,
      String.raw`i (?:want|wanted) to (?:ask|talk|move on|show|mention)`,
      String.raw`(?:do )?you want to go`,
      String.raw`(?:who(?:'s| is) next|how about you|your turn|my turn|over to you)`,
      String.raw`(?:the|one) (?:next|other|last|final|first|second|third) (?:big |neat |small )?(?:thing|point|item|topic|question|part)`,
      String.raw`another (?:big |neat |small |important )?(?:thing|point|item|topic|question)`,
      String.raw`(?:before we wrap|to wrap up|in conclusion|to conclude|to sum up|that'?s (?:it|all) for)`,
      String.raw`(?:speaking of|on (?:a|another) (?:different|related) note|changing (?:the )?subject|by the way)`,
      String.raw`(?:first of all|to start with|the agenda)`,
      String.raw`(?:hablemos|pasemos|vamos a hablar|parlons|passons|lass uns|kommen wir|jetzt zu|passiamo|parliamo)`,
    ].join('|') +
    ')',
  'i',
);

/** True when the unit opens with what speakers say when they change topic. */
export const opensTopic = (text: string) => TOPIC_CUE.test(spoken(text));

/**
 * How a show's conversation opens after its teaser and introduction: the host's welcome ('Welcome
 * back to the show', 'My guest today is', 'Hi everyone, welcome to'), possibly after openers and a
 * name ('Anna, welcome to ...').
 */
const OPENS_CONVERSATION = new RegExp(
  String.raw`^(?:${OPENERS}[,.!\s-]+)*(?:(?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+,\s*)?(?:` +
    [
      String.raw`the following is a conversation`,
      String.raw`welcome (?:back )?to (?:the|another|our|this|my)`,
      String.raw`my guests? (?:today |this week )?(?:is|are)`,
      String.raw`(?:today|this week),? (?:i'?m|we'?re|i am|we are) (?:joined|talking|speaking|sitting down|here) (?:by|with)`,
      String.raw`(?:i'?m|we'?re) (?:joined|here) (?:today )?(?:by|with)`,
    ].join('|') +
    ')',
  'iu',
);

/**
 * How an introduction hands over to the conversation, said in its last sentence: 'thanks for
 * having me', 'please enjoy this conversation', 'and now, here's Dave.', 'without further ado'.
 */
const ENDS_INTRODUCTION = new RegExp(
  [
    String.raw`(?:thanks?|thank you)(?: so much)? for (?:having (?:me|us)|joining (?:me|us)|coming on)`,
    String.raw`enjoy (?:this|my|our|the) conversation`,
    String.raw`\b(?:i|we) bring you`,
    String.raw`without further ado`,
    String.raw`let'?s (?:dive|jump|get) (?:in|into it|started)`,
  ].join('|'),
  'iu',
);
/** 'And now, here's Don Lincoln.' ending the sentence: a name, capitalised (case matters here). */
const HANDS_OVER_TO = /(?:^|[,.]\s?)(?:[Aa]nd )?(?:[Nn]ow,? )?[Hh]ere'?s \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2}[.!]?$/u;

/**
 * Where the conversation starts after a show's opening (its teaser, the host's introduction), when
 * it starts between `introMinSeconds` and `introMaxSeconds` in: the last welcome or hand-over
 * there; -1 when there is none.
 */
export function conversationStart(units: SegmentUnit[], params: SegmentParams = DEFAULTS): number {
  let found = -1;
  const first = units[0]?.start ?? 0;
  for (let i = 1; i < units.length && units[i]!.start - first <= params.introMaxSeconds; i++) {
    if (units[i]!.start - first < params.introMinSeconds) continue;
    const before = spoken(units[i - 1]!.text);
    // The opening's first words only: the pattern reads a run of 'thanks-' in every way it can.
    const opening = spoken(units[i]!.text).slice(0, 200);
    if (OPENS_CONVERSATION.test(opening) || ENDS_INTRODUCTION.test(before) || HANDS_OVER_TO.test(before)) found = i;
  }
  return found;
}

/** Every tunable constant of the segmenter (the defaults are the recommended setting). */
interface SegmentParams {
  /** Length of the blocks the partition works on (seconds). */
  blockSeconds: number;
  /** At most this many blocks: beyond, blocks get longer, so the partition's cost is bounded. */
  maxBlocks: number;
  /** How much the neighbouring blocks count in a block's vocabulary (speech is sparse). */
  neighbourWeight: number;
  /**
   * On a short transcript, the cost of a topic in minutes of the transcript's own contrast (see
   * `similarityCohesion`): higher gives fewer, longer topics.
   */
  topicCost: number;
  /** Block distances over which 'nearby' similarity is measured for the contrast. */
  nearFrom: number;
  nearTo: number;
  /** A topic lasts at least this long (seconds), and at most this share of a long transcript. */
  minTopicSeconds: number;
  /** ... and at least this many blocks. */
  minTopicBlocks: number;
  maxTopicShare: number;
  /** ... and placing boundaries on sentences may stretch a topic to this share, never more. */
  maxPlacedShare: number;
  longSeconds: number;
  /** A pause's weight next to a cue phrase's (1) in a unit's cue score (full weight from 3 s). */
  pauseWeight: number;
  /**
   * The cue score as the share of the cost of a topic it saves in the partition (0.7: chosen by
   * every fold of a leave-one-source-out cross-validation over the 17 sources of the development
   * set, among 0.2-1.0).
   */
  cueWeight: number;
  /** The cue score's weight when placing a boundary, next to the vocabulary gap's. */
  placeCueWeight: number;
  /** Placing a boundary: within this many blocks of the partition's edge, comparing `gapUnits` sentences each side. */
  placeBlocks: number;
  gapUnits: number;
  gapWeight: number;
  /** A slight preference for the partition's own edge (short transcripts). */
  edgePull: number;
  /**
   * Long transcripts: the weight, in topic costs, of the likelihood of the two topics either side
   * of a boundary as it moves (see `splitLikelihoods`), in place of the pull to the partition's edge.
   */
  placeLikelihoodWeight: number;
  /** At most this many topics per hour (a guard for transcripts whose every block differs). */
  maxTopicsPerHour: number;
  /**
   * At most this many topics in any transcript: creators give a video about 14 chapters whatever
   * its length, so a long video's topics are fewer and longer, not more.
   */
  maxTopics: number;
  /**
   * A long transcript's opening (a show's teaser and introduction, which creators chapter as
   * 'Intro') is a topic of its own when the conversation starts this many seconds in.
   */
  introMinSeconds: number;
  introMaxSeconds: number;
  /**
   * On a long transcript, how a topic's words are judged (see `likelihoodCohesion`): the prior
   * per word of a Dirichlet-multinomial, and the cost of a topic in nats where
   * `referenceWordsPerMinute` content words a minute are said (scaled by the transcript's own rate).
   */
  wordPrior: number;
  likelihoodCost: number;
  referenceWordsPerMinute: number;
  /**
   * The likelihood judges a long transcript only while at most this share of each `onceSample`
   * of its words are said once in them (see `onceShare`); beyond, its blocks' similarity does, as
   * on a short transcript.
   */
  maxOnceShare: number;
  onceSample: number;
}

const DEFAULTS: SegmentParams = {
  blockSeconds: 20,
  maxBlocks: 400,
  neighbourWeight: 1,
  topicCost: 6,
  nearFrom: 2,
  nearTo: 4,
  minTopicSeconds: 60,
  minTopicBlocks: 2,
  maxTopicShare: 0.33,
  maxPlacedShare: 0.35,
  longSeconds: 20 * 60,
  pauseWeight: 0.3,
  cueWeight: 0.7,
  placeCueWeight: 0.4,
  placeBlocks: 2,
  gapUnits: 25,
  gapWeight: 6,
  edgePull: 0.2,
  placeLikelihoodWeight: 0.2,
  maxTopicsPerHour: 60,
  maxTopics: 24,
  introMinSeconds: 15,
  introMaxSeconds: 180,
  wordPrior: 0.08,
  likelihoodCost: 20,
  referenceWordsPerMinute: 70,
  maxOnceShare: 0.6,
  onceSample: 500,
};

/**
 * The most topics a transcript of `seconds` may get (the count itself comes from the content):
 * `segmentTopics` reads its `count` argument as this ceiling.
 */
export function expectedTopics(seconds: number, params: SegmentParams = DEFAULTS): number {
  const minutes = seconds / 60;
  if (minutes < 3) return 1;
  return Math.min(params.maxTopics, Math.max(2, Math.ceil((params.maxTopicsPerHour * minutes) / 60)));
}

/** How much a unit looks like the start of a topic, from what is said and the pause before it. */
function cueScore(units: SegmentUnit[], i: number, params: SegmentParams = DEFAULTS): number {
  const unit = units[i]!;
  let score = opensTopic(unit.text) ? 1 : 0;
  const previous = units[i - 1];
  if (previous) {
    const pause = unit.start - previous.end;
    if (pause > 1) score += params.pauseWeight * Math.min(1, (pause - 1) / 2);
  }
  return score;
}

/** A word's crude English stem: plural and common endings off, so that 'models' meets 'model'. */
function stem(word: string): string {
  if (word.length <= 4) return word;
  return word
    .replace(/ies$/, 'y')
    .replace(/(?<=[^s])s$/, '')
    .replace(/(?<=.{3})(?:ing|ed|ly|ers?|ations?)$/, '')
    .replace(/e$/, '');
}

/**
 * The units' terms as stems, as integers, each weighed by the idf of its stem among the units:
 * placing a boundary compares a few sentences each side, where 'model' and 'models' must meet.
 */
function stemmedTerms(units: SegmentUnit[]) {
  const ids = new Map<string, number>();
  // Each distinct term is stemmed once.
  const idOf = new Map<string, number>();
  const unitTerms = units.map((unit) =>
    unit.terms.map((term) => {
      let id = idOf.get(term);
      if (id === undefined) {
        const key = stem(term);
        id = ids.get(key) ?? (ids.set(key, ids.size), ids.size - 1);
        idOf.set(term, id);
      }
      return id;
    }),
  );
  const frequency = new Float64Array(ids.size);
  for (const terms of unitTerms) for (const id of new Set(terms)) frequency[id]!++;
  const weights = frequency.map((f) => Math.log(1 + units.length / f));
  return { size: ids.size, unitTerms, weights };
}

/**
 * The share of a transcript's words (stems) said once, in its passages of `sample` words (the
 * mean over them; 0 under `sample` words: a share over fewer words says little, as every text
 * repeats less the less of it there is). Speech repeats its words: in a 40-minute English
 * interview (docs/samples) 0.39-0.47 of each 500 words are said once in them. Where a word is a
 * noun with its particle or a verb with its ending (Korean's '올라가고', '올라갑니다') or a
 * dictionary's compound, far more are (a stranger's Korean talk of four subjects: 0.73).
 */
function onceShare(stems: { unitTerms: number[][]; size: number }, sample: number): number {
  const all = stems.unitTerms.flat();
  const counts = new Int32Array(stems.size);
  let shares = 0;
  let passages = 0;
  for (let from = 0; from + sample <= all.length; from += sample) {
    const passage = all.slice(from, from + sample);
    for (const id of passage) counts[id]!++;
    shares += passage.filter((id) => counts[id] === 1).length / sample;
    passages++;
    for (const id of passage) counts[id] = 0;
  }
  return passages ? shares / passages : 0;
}

/** Consecutive units grouped into blocks of about `seconds`; returns each block's first unit. */
function blockStarts(units: SegmentUnit[], seconds: number): number[] {
  const starts = [0];
  let blockStart = units[0]!.start;
  for (let i = 1; i < units.length; i++) {
    if (units[i]!.start - blockStart >= seconds) {
      starts.push(i);
      blockStart = units[i]!.start;
    }
  }
  return starts;
}

/**
 * Indexes of the units where topics start (always 0 first). `idf` weighs terms by how rare they
 * are in the whole transcript; `count`, when given, is the most topics wanted.
 */
export function segmentTopics(
  units: SegmentUnit[],
  idf: Map<string, number>,
  count = Infinity,
  params: SegmentParams = DEFAULTS,
): number[] {
  return segment(units, idf, { count, exactly: false }, params);
}

/**
 * The same with exactly `count` topics (as many as fit, when too few blocks; one less where two
 * edges land on one sentence; as the content gives when so few would break the time share of a
 * long transcript): how good our boundaries are when the number of topics is known, as a
 * reference's is in evaluation.
 */
export function segmentInto(units: SegmentUnit[], idf: Map<string, number>, count: number, params: SegmentParams = DEFAULTS) {
  return segment(units, idf, { count, exactly: true }, params);
}

function segment(
  units: SegmentUnit[],
  idf: Map<string, number>,
  { count, exactly }: { count: number; exactly: boolean },
  params: SegmentParams,
): number[] {
  if ((!exactly && count <= 1) || units.length < 8) return [0];
  const P = params;
  const duration = units.at(-1)!.end - units[0]!.start;
  // A long transcript: judged by the likelihood, its topics held to a share of its time.
  const long = duration > P.longSeconds;
  // A show's opening is its first topic, shorter than any the partition makes; the rest is
  // segmented as a transcript of its own, into one topic fewer.
  const conversation = long && count > 1 ? conversationStart(units, P) : -1;
  if (conversation > 0) {
    // Still a long transcript, however short the rest: judged as one (longSeconds 0).
    const rest = segment(
      units.slice(conversation),
      idf,
      { count: count - 1, exactly },
      { ...P, introMaxSeconds: 0, longSeconds: 0 },
    );
    return [0, ...rest.map((i) => i + conversation)];
  }
  const blockSeconds = Math.max(P.blockSeconds, duration / P.maxBlocks);
  const starts = blockStarts(units, blockSeconds);
  const n = starts.length;
  const minBlocks = Math.max(P.minTopicBlocks, Math.round(P.minTopicSeconds / blockSeconds));
  if (n < 2 * minBlocks) return [0];
  const maxBlocks = long ? Math.max(minBlocks, Math.floor(n * P.maxTopicShare)) : n;
  // Never fewer than the topics the share rule needs.
  const ceiling = Math.max(Math.ceil(n / maxBlocks), exactly ? count : Math.min(count, expectedTopics(duration, P)));

  const cueOf = units.map((_, i) => cueScore(units, i, P));
  const stems = stemmedTerms(units);
  // Only spans of at most `span` blocks are ever scored.
  const span = Math.min(n, maxBlocks);
  // The likelihood reads a topic from the words said again within it: where most words are said
  // once in the whole transcript, it splits wherever it can (a topic's words are likelier the
  // fewer they are) and the similarity of blocks judges instead.
  const byLikelihood = long && onceShare(stems, P.onceSample) <= P.maxOnceShare;
  const cohesion = byLikelihood
    ? likelihoodCohesion(units, starts, stems, span, P)
    : similarityCohesion(units, starts, idf, span, blockSeconds, P);

  // Discourse evidence for a topic starting at a block: the best cue among its units, as a share
  // of the cost it saves.
  const cues = starts.map((from, b) => {
    let best = 0;
    for (let i = from; i < (starts[b + 1] ?? units.length); i++) best = Math.max(best, cueOf[i]!);
    return Math.min(1, P.cueWeight * best);
  });

  // On a long transcript a topic lasts at most that share of its time as well as of its blocks
  // (blocks run longer than `blockSeconds` where sentences do): earliest[b] is the first block a
  // topic ending before block b may start at (a topic of `minBlocks` blocks is always allowed).
  const timeOf = (b: number) => (b < n ? units[starts[b]!]!.start : units.at(-1)!.end);
  const earliest = new Int32Array(n + 1);
  for (let b = 0, a = 0; b <= n; b++) {
    while (long && a < b - minBlocks && timeOf(b) - timeOf(a) > P.maxTopicShare * duration) a++;
    earliest[b] = Math.max(a, b - span);
  }

  // A topic over blocks a..b-1 is worth how well its blocks hang together, less its cost (lower
  // where a cue opens it).
  const worth = (a: number, b: number) => cohesion.value(a, b) - cohesion.cost * (1 - (a > 0 ? cues[a]! : 0));
  // Penalised optimal partition into at most `most` topics (exactly `most` when `exactly`): best[k][b]
  // = the best worth of k topics covering blocks 0..b-1. With no limit one row serves any number of
  // topics (each topic extends the same row). Returns the blocks where topics start after the
  // first, or null when no partition has so few topics.
  const partition = (most: number) => {
    const limited = Number.isFinite(most);
    const rows = limited ? most + 1 : 2;
    const best = Array.from({ length: rows }, () => new Float64Array(n + 1).fill(-Infinity));
    const from = Array.from({ length: rows }, () => new Int32Array(n + 1).fill(-1));
    best[0]![0] = 0;
    if (!limited) best[1]![0] = 0;
    for (let k = 1; k < rows; k++) {
      const previous = best[limited ? k - 1 : k]!;
      for (let b = minBlocks; b <= n; b++) {
        for (let a = earliest[b]!; a <= b - minBlocks; a++) {
          if (previous[a] === -Infinity) continue;
          const value = previous[a]! + worth(a, b);
          if (value > best[k]![b]!) {
            best[k]![b] = value;
            from[k]![b] = a;
          }
        }
      }
    }
    // The best number of topics up to `most`, or the most there can be.
    let row = 1;
    for (let k = 2; k < rows; k++) if (exactly ? best[k]![n]! > -Infinity : best[k]![n]! > best[row]![n]!) row = k;
    if (best[row]![n] === -Infinity) return null;
    const edges: number[] = [];
    for (let b = n; b > 0;) {
      const a = from[row]![b]!;
      if (a > 0) edges.push(a);
      b = a;
      if (limited) row--;
    }
    return edges.reverse();
  };
  // Over the ceiling: the best partition into at most `ceiling` topics by the same worth, so the
  // topics kept are the best of their number, not what is left once the weakest edges are pruned.
  // (Exactly `count` topics when the time share allows so few; otherwise as the content gives.)
  let blocks = (exactly ? partition(ceiling) : null) ?? partition(Infinity) ?? [];
  if (!exactly && blocks.length + 1 > ceiling) blocks = partition(ceiling) ?? blocks;

  // Place each boundary on the most topic-like unit near its block edge: what is said there, and
  // how little the words before it share with the words after it (the cosine of the stems of the
  // `gapUnits` sentences before and after, kept up to date as the candidate moves one sentence on).
  const left = new Float64Array(stems.size);
  const right = new Float64Array(stems.size);
  const longest = P.maxPlacedShare * duration;
  const timeAt = (i: number) => (i < units.length ? units[i]!.start : units.at(-1)!.end);
  let previousEdge = 0;
  const placed = blocks.map((block, index) => {
    // Within placeBlocks of the block edge, and after the boundary placed before it.
    const lo = Math.min(Math.max(1, starts[Math.max(0, block - P.placeBlocks)]!, previousEdge + 1), units.length - 1);
    const hi = Math.max(lo, (starts[block + P.placeBlocks] ?? units.length) - 1);
    const edge = Math.min(Math.max(starts[block]!, lo), hi);
    const next = blocks[index + 1] === undefined ? units.length : starts[blocks[index + 1]!]!;
    // On a long transcript, how much likelier the words of the topics either side are with the
    // boundary at each unit than at the partition's edge, in topic costs. (A transcript without
    // content words has no cost to scale by, and nothing to judge.)
    let likelihood: Float64Array | null = null;
    if (byLikelihood && cohesion.cost > 0) {
      likelihood = splitLikelihoods(stems, previousEdge, lo, hi, Math.max(next, hi + 1), P.wordPrior);
      const reference = likelihood[edge - lo]!;
      for (let i = 0; i < likelihood.length; i++) likelihood[i] = (likelihood[i]! - reference) / cohesion.cost;
    }
    let leftNorm = 0;
    let rightNorm = 0;
    let shared = 0;
    // Moves `weight` of a unit's terms into (sign 1) or out of (sign -1) one side.
    const move = (i: number, side: Float64Array, other: Float64Array, sign: number) => {
      if (i < 0 || i >= units.length) return;
      for (const id of stems.unitTerms[i]!) {
        const w = sign * stems.weights[id]!;
        const before = side[id]!;
        const after = before + w;
        side[id] = after;
        if (side === left) leftNorm += after * after - before * before;
        else rightNorm += after * after - before * before;
        shared += w * other[id]!;
      }
    };
    for (let i = lo - P.gapUnits; i < lo; i++) move(i, left, right, 1);
    for (let i = lo; i < lo + P.gapUnits; i++) move(i, right, left, 1);
    let chosen = edge;
    let top = -Infinity;
    let atEdge = -Infinity;
    for (let i = lo; i <= hi; i++) {
      if (i > lo) {
        // The window moves on: unit i-1 leaves the right side for the left.
        move(i - 1 - P.gapUnits, left, right, -1);
        move(i - 1, right, left, -1);
        move(i - 1, left, right, 1);
        move(i - 1 + P.gapUnits, right, left, 1);
      }
      const norms = Math.sqrt(Math.max(0, leftNorm) * Math.max(0, rightNorm));
      const gap = 1 - (norms > 1e-12 ? shared / norms : 0);
      const value =
        P.placeCueWeight * cueOf[i]! +
        P.gapWeight * gap +
        (likelihood ? P.placeLikelihoodWeight * likelihood[i - lo]! : -(P.edgePull * Math.abs(i - edge)) / Math.max(1, hi - lo));
      if (i === edge) atEdge = value;
      // Never so far that the topic before or after it breaks the time share of a long transcript.
      const fits = !long || (timeAt(i) - timeAt(previousEdge) <= longest && timeAt(next) - timeAt(i) <= longest);
      if (fits && value > top) {
        top = value;
        chosen = i;
      }
    }
    if (top === -Infinity) top = atEdge;
    left.fill(0);
    right.fill(0);
    previousEdge = chosen;
    return { unit: chosen, value: top };
  });
  // Two edges placed within half a minimum topic of each other (or of either end) would leave a
  // topic nobody can use: of the two, the less topic-like goes (unless exactly `count` are asked for).
  const shortest = exactly ? 0 : P.minTopicSeconds / 2;
  const kept: typeof placed = [];
  for (const edge of placed.sort((a, b) => a.unit - b.unit)) {
    const last = kept.at(-1);
    if (last?.unit === edge.unit) continue;
    if (units[edge.unit]!.start - (last ? units[last.unit]!.start : units[0]!.start) >= shortest) kept.push(edge);
    else if (last && edge.value > last.value) kept[kept.length - 1] = edge;
  }
  while (kept.length && units.at(-1)!.end - units[kept.at(-1)!.unit]!.start < shortest) kept.pop();
  return [0, ...kept.map((edge) => edge.unit)];
}

/** How well blocks a..b-1 (b - a <= span) hang together as one topic, and what a topic costs on that scale. */
interface Cohesion {
  value(a: number, b: number): number;
  cost: number;
}

/**
 * Short transcripts (few words a block): how much the blocks' TF-IDF vectors, each with its
 * neighbours' (speech is sparse), share, per block; the cost of a topic comes from the
 * transcript's own contrast.
 */
function similarityCohesion(
  units: SegmentUnit[],
  starts: number[],
  idf: Map<string, number>,
  span: number,
  blockSeconds: number,
  P: SegmentParams,
): Cohesion {
  const n = starts.length;
  // Terms as integers, weighed by idf.
  const ids = new Map<string, number>();
  const unitTerms = units.map((unit) => unit.terms.map((t) => ids.get(t) ?? (ids.set(t, ids.size), ids.size - 1)));
  const termWeight = new Float64Array(ids.size);
  for (const [t, id] of ids) termWeight[id] = idf.get(t) ?? 1;

  // Block vectors: TF-IDF of the block and, more lightly, its neighbours (speech is sparse), as
  // sparse (term, weight) lists of unit length.
  const dense = new Float64Array(ids.size);
  const touched: number[] = [];
  const addBlock = (b: number, factor: number) => {
    if (b < 0 || b >= n) return;
    for (let i = starts[b]!; i < (starts[b + 1] ?? units.length); i++) {
      for (const id of unitTerms[i]!) {
        if (dense[id] === 0) touched.push(id);
        dense[id] = dense[id]! + factor * termWeight[id]!;
      }
    }
  };
  const vectorTerms: Int32Array[] = [];
  const vectorWeights: Float64Array[] = [];
  for (let b = 0; b < n; b++) {
    addBlock(b - 1, P.neighbourWeight);
    addBlock(b, 1);
    addBlock(b + 1, P.neighbourWeight);
    let norm = 0;
    for (const id of touched) norm += dense[id]! * dense[id]!;
    norm = Math.sqrt(norm) || 1;
    const terms = Int32Array.from(touched);
    const weights = new Float64Array(terms.length);
    terms.forEach((id, j) => {
      weights[j] = dense[id]! / norm;
      dense[id] = 0;
    });
    touched.length = 0;
    vectorTerms.push(terms);
    vectorWeights.push(weights);
  }

  // within[a][b] = |Σ vectors of blocks a..b-1|²: adding block b to a..b-1 adds itself once and
  // twice its similarity to each of them, read from column prefix sums of the similarities (from
  // an inverted index, so only shared terms cost anything).
  // Only blocks `span` apart or closer are compared; the mean similarity of all pairs comes from
  // the sum of all vectors: (|Σv|² - n) / 2 pairs' worth.
  const postingBlocks: number[][] = Array.from({ length: ids.size }, () => []);
  const postingWeights: number[][] = Array.from({ length: ids.size }, () => []);
  const total = new Float64Array(ids.size);
  const similarity = new Float64Array(n);
  const prefix: Float64Array[] = [];
  let nearSum = 0;
  let nearCount = 0;
  for (let b = 0; b < n; b++) {
    const reach = Math.max(0, b - span);
    similarity.fill(0, reach, b);
    const terms = vectorTerms[b]!;
    const weights = vectorWeights[b]!;
    for (let j = 0; j < terms.length; j++) {
      const id = terms[j]!;
      const weight = weights[j]!;
      total[id] = total[id]! + weight;
      const blocksOf = postingBlocks[id]!;
      const weightsOf = postingWeights[id]!;
      for (let q = blocksOf.length - 1; q >= 0 && blocksOf[q]! >= reach; q--) {
        similarity[blocksOf[q]!] = similarity[blocksOf[q]!]! + weight * weightsOf[q]!;
      }
      blocksOf.push(b);
      weightsOf.push(weight);
    }
    // column[i - reach] = Σ similarity of b to blocks reach..i-1.
    const column = new Float64Array(b - reach + 1);
    for (let i = reach; i < b; i++) {
      column[i - reach + 1] = column[i - reach]! + similarity[i]!;
      if (b - i >= P.nearFrom && b - i <= P.nearTo) {
        nearSum += similarity[i]!;
        nearCount++;
      }
    }
    prefix.push(column);
  }
  let totalNorm = 0;
  for (const w of total) totalNorm += w * w;
  const allSum = (totalNorm - n) / 2;
  // The cost of a topic. Splitting a topic of 2h blocks into two halves gains (1 - s_in), the
  // noise of sparse speech, plus h (s_in - s_out), the real shift. So the cost is the noise (1 -
  // the similarity of blocks nearFrom..nearTo apart) plus `topicCost` minutes' worth of the
  // transcript's contrast (nearby similarity minus the mean of all pairs): a topic is opened where
  // the vocabulary shifts more, for longer, than this transcript usually does.
  const allMean = n > 1 ? allSum / ((n * (n - 1)) / 2) : 0;
  const nearMean = nearCount ? nearSum / nearCount : allMean;
  const cost = Math.max(0, 1 - nearMean) + P.topicCost * Math.max(0.01, nearMean - allMean) * (60 / blockSeconds);

  // score(a, b) for b - a <= span, as within / length.
  const within: Float64Array[] = Array.from({ length: n }, () => new Float64Array(span + 1));
  for (let a = 0; a < n; a++) {
    const row = within[a]!;
    for (let b = a; b < Math.min(n, a + span); b++) {
      const reach = Math.max(0, b - span);
      const column = prefix[b]!;
      row[b - a + 1] = row[b - a]! + 1 + 2 * (column[b - reach]! - column[a - reach]!);
    }
  }

  return { value: (a, b) => within[a]![b - a]! / (b - a), cost };
}

/**
 * Long transcripts: the log-likelihood of a topic's words (stems) under a Dirichlet-multinomial,
 * each topic drawing its words from its own distribution (Eisenstein and Barzilay's BayesSeg), a
 * prior of `wordPrior` per word of the transcript. A topic is opened where its words are likelier
 * told apart than together by more than its cost: `likelihoodCost` nats at
 * `referenceWordsPerMinute` content words a minute, in proportion to the transcript's own rate,
 * since the likelihood's gains grow with the words (so fast talkers, or captions that repeat
 * each line, get no more topics). On the podcasts of the evaluation set it counts and places
 * topics closer to the creators' chapters than the similarity of blocks does (Pk .438 → .369); on
 * short recordings, with a few hundred words a topic, it does worse.
 */
function likelihoodCohesion(
  units: SegmentUnit[],
  starts: number[],
  stems: ReturnType<typeof stemmedTerms>,
  span: number,
  P: SegmentParams,
): Cohesion {
  const n = starts.length;
  const words = stems.unitTerms.reduce((sum, terms) => sum + terms.length, 0);
  // Adding a word seen c times to a topic of t words adds log(c + prior) - log(t + V prior).
  const ofCount = Float64Array.from({ length: words + 1 }, (_, c) => Math.log(c + P.wordPrior));
  const ofTotal = Float64Array.from({ length: words + 1 }, (_, t) => Math.log(t + stems.size * P.wordPrior));
  const counts = new Int32Array(stems.size);
  // table[a][length] = the log-likelihood of blocks a..a+length-1 as one topic.
  const table: Float64Array[] = [];
  for (let a = 0; a < n; a++) {
    const row = new Float64Array(span + 1);
    const end = Math.min(n, a + span);
    let total = 0;
    let value = 0;
    for (let b = a; b < end; b++) {
      for (let i = starts[b]!; i < (starts[b + 1] ?? units.length); i++) {
        for (const id of stems.unitTerms[i]!) {
          value += ofCount[counts[id]!]! - ofTotal[total]!;
          counts[id]!++;
          total++;
        }
      }
      row[b - a + 1] = value;
    }
    counts.fill(0);
    table.push(row);
  }
  const minutes = Math.max(1, (units.at(-1)!.end - units[0]!.start) / 60);
  return { value: (a, b) => table[a]![b - a]!, cost: (P.likelihoodCost * words) / minutes / P.referenceWordsPerMinute };
}

/**
 * The log-likelihood (as `likelihoodCohesion` judges a topic, prior `prior` per word) of units
 * from..i-1 and i..to-1 as two topics, for each i from lo to hi (from <= lo <= hi < to): one pass,
 * moving each unit's words from the second topic to the first.
 */
export function splitLikelihoods(
  stems: { size: number; unitTerms: number[][] },
  from: number,
  lo: number,
  hi: number,
  to: number,
  prior: number,
): Float64Array {
  const all = stems.size * prior;
  const first = new Int32Array(stems.size);
  const second = new Int32Array(stems.size);
  let firstTotal = 0;
  let secondTotal = 0;
  let value = 0;
  for (let i = from; i < to; i++) {
    for (const id of stems.unitTerms[i]!) {
      if (i < lo) value += Math.log(first[id]!++ + prior) - Math.log(firstTotal++ + all);
      else value += Math.log(second[id]!++ + prior) - Math.log(secondTotal++ + all);
    }
  }
  const values = new Float64Array(hi - lo + 1);
  for (let i = lo; i <= hi; i++) {
    values[i - lo] = value;
    for (const id of stems.unitTerms[i]!) {
      value -= Math.log(--second[id]! + prior) - Math.log(--secondTotal + all);
      value += Math.log(first[id]!++ + prior) - Math.log(firstTotal++ + all);
    }
  }
  return values;
}
