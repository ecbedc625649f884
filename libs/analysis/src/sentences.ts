/**
 * Sentences of a transcript, as character spans of its text and with spoken times: from the
 * punctuation where the captions have it, otherwise restored from how spoken English opens and
 * closes sentences (YouTube's auto-captions carry no punctuation or capitals, and their lines are
 * cut every few seconds wherever the words fall).
 */
import type { TranscriptSegment } from '@findclips/contracts';
import { boundaryLogits } from './boundaries';
import { firstWhere } from './first-where';
import { languageOf, LEAD, linesJoinWithoutSpace, WORD, words } from './text';
import { atTurns, turnMarks } from './turns';

/** The transcript as one text: caption texts joined by a space (none within scripts written without spaces), with where each starts. */
export interface JoinedText {
  text: string;
  /** Where each caption segment's text starts in `text`. */
  offsets: number[];
  segments: TranscriptSegment[];
}

export interface Span {
  from: number;
  to: number;
  /** Restored without a word that opens sentences: cut only because the run grew too long. */
  forced?: boolean;
  /** Restored: how likely (0 to 1) a sentence really starts here. */
  confidence?: number;
  /** The captions mark a new speaker here ('>>', 'ANNA:'). */
  turn?: boolean;
  /** Where its time starts, when not at `from`: at the mark that opens it (the mark is not spoken). */
  timeFrom?: number;
}

/** A sentence of the transcript with its time span. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
  /** Index of the caption segment where it starts. */
  segment: number;
  /** Its start was restored by cutting a run too long, not from a word that opens sentences. */
  forced?: boolean;
  /** Restored: how likely (0 to 1) a sentence really starts here (punctuated: absent, sure). */
  confidence?: number;
  /** It opens a speaker's turn, as the captions mark it: a quote never runs into it. */
  turn?: boolean;
}

export function joinSegments(segments: TranscriptSegment[]): JoinedText {
  let text = '';
  let last = '';
  const offsets: number[] = [];
  for (const segment of segments) {
    // (Read from the last caption, never from `text`: slicing the string being built flattens it
    // each time: the benchmark saw a 3-hour transcript take 3-4 times as long, 10,000 lines 7 times.)
    if (text && !linesJoinWithoutSpace(last, segment.text)) text += ' ';
    offsets.push(text.length);
    text += segment.text;
    // Its last two units (a letter may be a surrogate pair).
    if (segment.text) last = segment.text.slice(-2);
  }
  return { text, offsets, segments };
}

/** Index of the caption segment holding character `position`. */
const segmentAt = (joined: JoinedText, position: number): number =>
  Math.max(0, firstWhere(joined.offsets, (offset) => offset > position) - 1);

/** The time a character of the text is spoken, interpolated by characters within its caption. */
export function timeAt(joined: JoinedText, position: number): number {
  const index = segmentAt(joined, position);
  const segment = joined.segments[index]!;
  const length = Math.max(segment.text.length, 1);
  const share = Math.min(Math.max((position - joined.offsets[index]!) / length, 0), 1);
  return Math.round((segment.start + (segment.end - segment.start) * share) * 1000) / 1000;
}

/**
 * A sentence's end: '.', '!', '?' or '…' (or Devanagari's danda '।' and '॥', Arabic's '؟', Urdu's
 * '۔') before a space or the end, or the full-width marks of scripts written without spaces, which
 * the next sentence follows at once ('した。次に').
 */
// (From the first mark of a run only: tried from each mark of a run of a million '!' before a
// letter, it took hours, a stranger's sweep.)
const SENTENCE_END = /(?<![.!?…।॥؟۔])[.!?…।॥؟۔]+["'”’)\]]*(?=\s|$)|[。！？]+[」』）"”’]*/gu;

/**
 * A full stop that ends an abbreviation, not a sentence: 'e.g.', 'i.e.' and 'vs.' whatever follows,
 * dotted initials before a lower-case word ('3 a.m. baker', 'the U.S. economy'), a title before a
 * capitalised name ('Dr. Lee').
 */
function abbreviation(text: string, dot: number, after: number): boolean {
  const before = text.slice(Math.max(0, dot - 12), dot + 1);
  const next = text.slice(after, after + 3);
  if (/(?:^|[^\p{L}])(?:e\.g|i\.e|vs)\.$/iu.test(before) && /^\s/.test(next)) return true;
  if (/(?:^|[^\p{L}])(?:\p{L}\.){2,}$/u.test(before) && /^\s+\p{Ll}/u.test(next)) return true;
  return /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof)\.$/.test(before) && /^\s+\p{Lu}/u.test(next);
}

/** Spans split after sentence punctuation, leading spaces trimmed. */
function punctuatedSpans(text: string): Span[] {
  const spans: Span[] = [];
  const push = (from: number, to: number) => {
    // A sentence starts at its first word, after any non-speech tag ([laughter], {vocalsound}).
    const lead = LEAD.exec(text.slice(from, to))![0].length;
    if (from + lead < to && text.slice(from + lead, to).trim()) spans.push({ from: from + lead, to });
  };
  let from = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const to = match.index + match[0].length;
    // Only a lone full stop may end an abbreviation ('5 p.m.?' ends a sentence).
    if (/^\.[^.!?…]*$/.test(match[0]) && abbreviation(text, match.index, to)) continue;
    push(from, to);
    from = to;
  }
  push(from, text.length);
  return spans;
}

const weights = (entries: [string, number][]) =>
  new Map(entries.flatMap(([list, w]) => list.split(' ').map((word) => [word, w] as const)));

/**
 * How likely a word opens a spoken sentence: discourse markers and answers most ('so', 'okay',
 * 'yeah'), then the subjects and contractions speakers start with.
 */
const OPENS = weights([
  ['so okay ok alright yeah yes', 1],
  ['well', 0.6],
  ["but i i'm it's there's they they're let's", 0.4],
  ["we what how why if that's you it", 0.25],
  ['and this the when', 0.1],
]);
/** Words that often close a spoken sentence ('..., right?', '... today.'). */
const CLOSES = weights([
  ['right yeah yes okay ok', 0.6],
  ['too today here now ago anymore either yet again', 0.35],
]);
/**
 * Words a sentence does not end on: articles, prepositions, conjunctions, subjects, the auxiliaries
 * that need a verb ('the council did' can end; 'the council been' cannot).
 */
const NEVER_LAST = new Set(
  (
    'the a an of to and or but in on at for with from by into about as than that which who whose ' +
    'be been being shall ' +
    "i we you they he she my your our their his its i'm we're you're they're it's that's there's let's " +
    "don't doesn't didn't can't won't isn't aren't wasn't very really just so because if when while though although " +
    'um uh like kind sort'
  ).split(' '),
);
/** Words a sentence rarely opens on. */
const NEVER_FIRST = new Set("of to is are was were 's than or".split(' '));

/** Opening score from which a restored sentence starts, and its length limits in words. */
const RESTORE_THRESHOLD = 1;
const MIN_WORDS = 4;
const MAX_WORDS = 60;
/** Extra weight for a word that opens a caption line (lines tend to start after a pause). */
const LINE_START = 0.2;

/**
 * Sentence spans of unpunctuated English speech: a sentence starts where a word likely to open one
 * follows a word that can close one; a run of MAX_WORDS without one is cut at its likeliest place.
 * Each span says how likely the boundary model finds that a sentence really starts there, for
 * quotes to prefer the surest edges.
 */
function restoredSpans(joined: JoinedText): Span[] {
  // Words, where they start and end: plain arrays, as a 3-hour transcript has 40,000 of them.
  const found: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const pattern = new RegExp(WORD.source, WORD.flags);
  for (let match = pattern.exec(joined.text); match; match = pattern.exec(joined.text)) {
    found.push(match[0].toLowerCase());
    from.push(match.index);
    to.push(match.index + match[0].length);
  }
  if (found.length === 0) return [];
  // Caption lines start at `offsets`, in order: walk them alongside the words.
  let line = 0;
  const scores = new Float64Array(found.length);
  scores[0] = -Infinity;
  for (let i = 1; i < found.length; i++) {
    const word = found[i]!;
    const previous = found[i - 1]!;
    while (line < joined.offsets.length && joined.offsets[line]! < from[i]!) line++;
    scores[i] =
      NEVER_LAST.has(previous) || NEVER_FIRST.has(word)
        ? -Infinity
        : (OPENS.get(word) ?? 0) + (CLOSES.get(previous) ?? 0) + (joined.offsets[line] === from[i] ? LINE_START : 0);
  }
  // How sure the boundary model is of each start: sentences are cut as before (letting the model
  // cut them too moved topic boundaries on real auto-captions), quotes prefer the surest edges.
  const logits = boundaryLogits(found);
  const score = (i: number) => scores[i]!;
  const starts = [0];
  const forced = new Set<number>();
  let i = 1;
  while (i < found.length) {
    const first = starts.at(-1)!;
    if (i - first < MIN_WORDS) {
      i++;
      continue;
    }
    if (score(i) >= RESTORE_THRESHOLD) {
      starts.push(i++);
      continue;
    }
    if (i - first >= MAX_WORDS) {
      let best = first + MIN_WORDS;
      for (let j = best; j <= i; j++) if (score(j) > score(best)) best = j;
      starts.push(best);
      if (score(best) < RESTORE_THRESHOLD) forced.add(best);
      i = best + 1;
      continue;
    }
    i++;
  }
  const sure = (i: number) => (i === 0 ? 1 : 1 / (1 + Math.exp(-logits[i]!)));
  return starts.map((start, k) => ({
    from: from[start]!,
    to: to[(starts[k + 1] ?? found.length) - 1]!,
    ...(forced.has(start) ? { forced: true } : {}),
    confidence: sure(start),
  }));
}

/** True when the transcript's first words are mostly English by their stop words. */
const isEnglish = (joined: JoinedText) => languageOf(words(joined.text.slice(0, 20_000))) === 'eng';

/**
 * Sentence spans of the transcript: from punctuation where most captions have it; otherwise, for
 * English, restored from the words; otherwise the caption lines.
 */
export function sentenceSpans(joined: JoinedText): Span[] {
  // The analyzer and grounding both ask for the same transcript's sentences: work them out once.
  const known = found.get(joined.segments);
  if (known) return known;
  const spans = spansOf(joined);
  found.set(joined.segments, spans);
  return spans;
}

const found = new WeakMap<TranscriptSegment[], Span[]>();

/**
 * Punctuated captions end a sentence at least every 4 lines, auto-captions none. Lines of under 4
 * words (a word a cue, as speech-to-text tools write them, or lines of three) are judged by their
 * words instead: punctuated speech ends a sentence every 10 to 25 words, so one end for every 40
 * words or fewer is punctuation.
 */
const LINES_PER_SENTENCE_END = 4;
const WORDS_PER_SENTENCE_END = 40;
const SHORT_LINE_WORDS = 4;

function spansOf(joined: JoinedText): Span[] {
  const spans = punctuatedSpans(joined.text);
  const lines = joined.segments.length;
  const punctuated =
    lines <= 4 ||
    spans.length >= lines / LINES_PER_SENTENCE_END ||
    (spans.length > 1 && shortLinesPunctuated(joined, spans.length));
  const cut = punctuated ? spans : isEnglish(joined) ? restoredSpans(joined) : captionSpans(joined);
  return atTurns(cut, joined.text, turnMarks(joined));
}

/** Lines of under SHORT_LINE_WORDS words ending a sentence every WORDS_PER_SENTENCE_END words or fewer. */
function shortLinesPunctuated({ text, segments }: JoinedText, sentences: number): boolean {
  // Words, or for scripts without spaces a word for every 6 letters (a whole line is one match).
  const wordCount = Math.max(text.match(WORD)?.length ?? 0, (text.match(/\p{L}/gu)?.length ?? 0) / 6);
  return wordCount < segments.length * SHORT_LINE_WORDS && sentences * WORDS_PER_SENTENCE_END >= wordCount;
}

/** The fewest letters a caption-line sentence holds: short lines join the next (word-level cues). */
const LINE_SENTENCE_LETTERS = 30;

/**
 * Sentences of unpunctuated speech in another language: its caption lines, a line of fewer than
 * 30 letters (a cue a word, as speech-to-text tools cut them) joined to the lines after it.
 */
function captionSpans({ segments, offsets }: JoinedText): Span[] {
  const spans: Span[] = [];
  let letters = 0;
  segments.forEach((segment, i) => {
    const to = offsets[i]! + segment.text.length;
    if (letters > 0 && letters < LINE_SENTENCE_LETTERS) spans.at(-1)!.to = to;
    else {
      spans.push({ from: offsets[i]!, to });
      letters = 0;
    }
    letters += segment.text.match(/\p{L}/gu)?.length ?? 0;
  });
  return spans;
}

/**
 * When a sentence starts being spoken: at the mark opening it, if one does (the mark is not
 * spoken), but never before the caption holding its first word (a '>>' may end the line before).
 */
export function spanStart(joined: JoinedText, span: { from: number; timeFrom?: number }): number {
  if (span.timeFrom === undefined) return timeAt(joined, span.from);
  return Math.max(timeAt(joined, span.timeFrom), joined.segments[segmentAt(joined, span.from)]!.start);
}

/** Sentences with times interpolated within their captions. */
export function sentencesOf(segments: TranscriptSegment[]): Sentence[] {
  const joined = joinSegments(segments);
  return sentenceSpans(joined).map(({ from, to, forced, confidence, turn, timeFrom }) => ({
    text: joined.text.slice(from, to).trim(),
    start: spanStart(joined, { from, timeFrom }),
    end: timeAt(joined, to),
    segment: segmentAt(joined, from),
    ...(forced ? { forced } : {}),
    ...(confidence !== undefined ? { confidence } : {}),
    ...(turn ? { turn } : {}),
  }));
}
