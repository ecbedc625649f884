import { quoteText, spoken, UNSPACED, type Topic, type TranscriptSegment } from '@findclips/contracts';

/** Where a match was found: a topic's title, one of its quotes, or a line of the transcript. */
export type HitKind = 'title' | 'quote' | 'line';

/** One searchable text of an analysis, with the moment it plays from. */
export interface SearchEntry {
  kind: HitKind;
  text: string;
  start: number;
  /** Where a clip from this moment ends: the end of its topic. */
  end: number;
  /** A quote or a line: when its words are said to. */
  saidUntil?: number;
  /** The 1-based number of the topic it belongs to. */
  topic: number;
  /** The text folded for matching (see `fold`), after a space so every word follows one. */
  folded: string;
  /** A transcript line: the line said right after it, where a phrase may go on. */
  next?: SearchEntry;
}

/** Lines further apart than this are no one phrase. */
const PHRASE_GAP_SECONDS = 5;

const ASCII = /^[\x20-\x7e]*$/;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const MARKS = /\p{M}/gu;
const MARK = /^\p{M}$/u;
/**
 * What a writer may put in or leave out, by the folded text's `OPTIONAL`: accents written apart,
 * Arabic's short vowels, shadda and tatweel (الكبّة is الكبة), Hebrew's points. Every other mark is
 * part of its letter (Devanagari's vowel signs and virama, Thai's vowels: किसान is no क स न).
 */
const OPTIONAL_MARKS: [number, number][] = [
  [0x0300, 0x036f],
  [0x0591, 0x05c7],
  [0x0610, 0x061a],
  [0x0640, 0x0640],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06ed],
];
/** (Marks only: the ranges hold punctuation too, Hebrew's maqaf '־' joining words as a space does.) */
const optionalMark = (character: string) => {
  const code = character.codePointAt(0)!;
  return (code === 0x0640 || MARK.test(character)) && OPTIONAL_MARKS.some(([from, to]) => code >= from && code <= to);
};
const OPTIONAL = '~';
/** Alphabets whose accents are marks on a letter that is a word's letter without them (é, ё, ά). */
const ACCENTED = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;

/**
 * The text for matching: lower case, without accents, everything but letters and digits as spaces,
 * one character for each character (so a match's position in it is its position in the text).
 * Only alphabets lose their accents: a Hangul syllable is not its first consonant (한국 is not
 * 학교), nor a voiced kana the unvoiced one (かぎ is not かき).
 */
function fold(text: string): string {
  const folded = foldCharacters(text);
  if (!MAY_JOIN.test(text)) return folded;
  const characters = folded.split('');
  // (Each match is the character before the mark, then the mark: no look-behind, which Safari
  // before 16.4 cannot read.)
  for (const found of text.matchAll(APOSTROPHES)) characters[found.index + found[0].length - 1] = JOINT;
  for (const found of text.matchAll(THOUSANDS)) characters[found.index + found[0].length - 1] = NUMBER_JOINT;
  return characters.join('');
}

function foldCharacters(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]/g, ' ');
  let folded = '';
  for (const character of text) {
    if (optionalMark(character)) {
      folded += OPTIONAL;
      continue;
    }
    if (MARK.test(character)) {
      folded += character;
      continue;
    }
    const lower = character.toLowerCase();
    const bare = lower.normalize('NFD').replace(MARKS, '');
    const base = ACCENTED.test(bare) ? bare : lower.length === character.length ? lower : character;
    folded += LETTER_OR_DIGIT.test(base) ? base.padEnd(character.length, ' ') : ' '.repeat(character.length);
  }
  return folded;
}

/**
 * Where a word goes on past a mark, kept in folded text: an apostrophe inside a word (don't,
 * l'homme) as `JOINT`, after which a word starts too ('homme'); a comma between thousands (1,000)
 * as `NUMBER_JOINT`, after which none does ('000' is no number of its own). A query finds the word
 * with the mark or without it ('dont', '1000'), and one typed with the mark also where the text
 * has spaces there ("rock'n'roll" finds "rock 'n' roll").
 */
const JOINT = "'";
const NUMBER_JOINT = ',';
const MAY_JOIN = /['’ʼ,]/;
const APOSTROPHES = /[\p{L}\p{N}]['’ʼ](?=[\p{L}\p{N}])/gu;
const THOUSANDS = /\p{N},(?=\p{N}{3}(?!\p{N}))/gu;
const isJoint = (character: string | undefined) => character === JOINT || character === NUMBER_JOINT;

/**
 * A folded query word as a pattern that also finds it written with joints inside, or, where it has
 * one, spaces, and with or without optional marks (`OPTIONAL`), those after its end marked with it.
 */
function wordPattern(word: string): string {
  const characters = [...word];
  return `${characters
    .map((character, i) => {
      if (isJoint(character)) return "(?:[',]| +)?";
      return `${i > 0 && !isJoint(characters[i - 1]) ? `[',]?${OPTIONAL}*` : ''}${escaped(character)}`;
    })
    .join('')}${OPTIONAL}*`;
}

/**
 * What a query asks for: each word, or words in quotation marks ("bus lane", “bus lane”; an
 * unclosed one runs to the end, as it is being typed), which must come together and in order. A
 * term is found at the start of a word of the text, its last word possibly the start of a longer
 * one ("bus" finds "buses"; "bus lane" finds "bus lanes" and "Bus, lanes", not "bus and lane").
 */
interface Term {
  /** Its words, folded. */
  words: string[];
  /** Where it is in folded text that starts with a space: a word's start, then its words (see `anywhere`). */
  pattern: RegExp;
  /** Where its first word is, likewise. */
  first: RegExp;
  /**
   * Written in a script without spaces (Chinese, Japanese, Thai): found anywhere, as its words
   * have no start to be found at ('天守閣' in '次に天守閣の誕生'), and its pattern has no space.
   */
  anywhere: boolean;
}

const STARTS_UNSPACED = new RegExp(`^${UNSPACED.source}`, 'u');

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A query's terms (see `Term`), folded; duplicates dropped. */
function queryTerms(query: string): Term[] {
  const phrases = new Map<string, string[]>();
  // Composed (NFC), as the transcript is stored: an accent typed apart is the letter's.
  query
    .normalize('NFC')
    .split(/["“”„«»]/)
    .forEach((part, i) => {
      // Optional marks typed in the query are found with or without (`wordPattern`).
      const words = fold(part).replaceAll(OPTIONAL, '').split(' ').filter(Boolean);
      // Odd parts are inside quotation marks.
      const groups = i % 2 === 1 && words.length > 0 ? [words] : words.map((word) => [word]);
      for (const group of groups) phrases.set(group.join(' '), group);
    });
  return [...phrases.values()].map((words) => {
    const anywhere = STARTS_UNSPACED.test(words[0]!);
    // A word starts after a space, or after a joint (l'homme's 'homme').
    const start = anywhere ? '' : `[ ${JOINT}]`;
    return {
      words,
      anywhere,
      pattern: new RegExp(`${start}${words.map(wordPattern).join(' +')}`),
      first: new RegExp(`${start}${wordPattern(words[0]!)}`),
    };
  });
}

/** Whether a word of folded text (starting with a space) starts with the term's first word, or holds it (`anywhere`). */
const opens = (folded: string, term: Term) => term.first.test(folded);
/** Whether folded text (starting with a space) holds the term; a word alone needs no pattern. */
const holds = (folded: string, term: Term) => opens(folded, term) && (term.words.length === 1 || term.pattern.test(folded));

/**
 * Everything a person can search in an analysis: the titles, the quotes and, once loaded, the
 * transcript's lines, each under the topic it falls in. Folded once, so each query only scans.
 */
export function searchEntries(topics: Topic[], segments: TranscriptSegment[] = []): SearchEntry[] {
  const ordered = [...topics].sort((a, b) => a.startTime - b.startTime);
  const entries: SearchEntry[] = [];
  const add = (kind: HitKind, text: string, start: number, end: number, topic: number, saidUntil?: number) =>
    entries.push({ kind, text, start, end, topic, folded: ` ${fold(text)}`, saidUntil });
  ordered.forEach((topic, i) => {
    add('title', topic.title, topic.startTime, topic.endTime, i + 1);
    for (const quote of topic.quotes)
      add('quote', quoteText(quote.content), quote.startTime, topic.endTime, i + 1, quote.endTime);
  });
  let topic = 0;
  // The line before, and when it ended: a phrase it starts may go on in this one.
  let previous: { entry: SearchEntry; end: number } | undefined;
  for (const segment of segments) {
    while (topic + 1 < ordered.length && ordered[topic + 1]!.startTime <= segment.start) topic++;
    const within = ordered[topic];
    // A line plays to the end of its topic; a line no topic covers (between topics, after the
    // last), to the start of the next topic or its own end.
    const covered = within && segment.start >= within.startTime && segment.start < within.endTime;
    const end = covered ? within.endTime : (ordered.find((t) => t.startTime > segment.start)?.startTime ?? segment.end);
    // The words as said: '[laughter]' is nothing to find, nor to show in a match.
    add('line', spoken(segment.text), segment.start, Math.max(end, segment.end), topic + 1, segment.end);
    const line = entries.at(-1)!;
    if (previous && segment.start - previous.end <= PHRASE_GAP_SECONDS) previous.entry.next = line;
    previous = { entry: line, end: segment.end };
  }
  return entries;
}

const KIND_ORDER: Record<HitKind, number> = { title: 0, quote: 1, line: 2 };

/**
 * The entries holding every term of the query (`queryTerms`: words, and phrases in quotation
 * marks), each at the start of a word of the text ("bus" finds "buses", not "ambush"), in the
 * order they play; at the same second a title comes
 * before a quote and a quote before a line. A phrase may run on into the next line of the
 * transcript, as captions cut sentences anywhere: the line where it starts is found, shown with
 * the next.
 */
export function search(entries: SearchEntry[], query: string): SearchEntry[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const all = (folded: string) => terms.every((term) => holds(folded, term));
  const hits: SearchEntry[] = [];
  for (const entry of entries) {
    if (all(entry.folded)) {
      hits.push(entry);
      continue;
    }
    const next = entry.next;
    // The phrase starts here and goes on in the next line; a next line holding it all is its own hit.
    if (!next || !terms.some((term) => opens(entry.folded, term)) || all(next.folded)) continue;
    const folded = `${entry.folded}${next.folded}`;
    if (all(folded)) hits.push({ ...entry, text: `${entry.text} ${next.text}`, folded, saidUntil: next.saidUntil });
  }
  // Words are listed once: a line not again where a quote that matches says them (its words
  // past the quote, or a phrase they start that goes on in the next line, may match of their own).
  const quotes = hits.filter((hit) => hit.kind === 'quote');
  const unquoted = (line: SearchEntry, quote: SearchEntry) => {
    const rest = beyond(line.folded, quote.folded);
    if (!rest) return false;
    const next = line.next;
    return all(` ${rest}`) || (next !== undefined && !all(next.folded) && all(` ${rest}${next.folded}`));
  };
  const repeated = (line: SearchEntry) =>
    quotes.some((quote) => line.start < quote.saidUntil! && line.saidUntil! > quote.start && !unquoted(line, quote));
  return hits
    .filter((hit) => hit.kind !== 'line' || !repeated(hit))
    .sort((a, b) => a.start - b.start || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/**
 * The words of a line a quote does not say (folded, joined by spaces): none when the quote holds
 * the whole line; the words either side of it when the line holds the whole quote (a long cue);
 * else the line's words past the quote's end (the line starts inside it) or before its start (the
 * line ends inside it), whichever leaves fewer.
 */
function beyond(line: string, quote: string): string {
  const words = line.split(' ').filter(Boolean);
  const quoted = quote.split(' ').filter(Boolean);
  const [lineText, quoteText] = [` ${words.join(' ')} `, ` ${quoted.join(' ')} `];
  if (quoteText.includes(lineText)) return '';
  const inside = lineText.indexOf(quoteText);
  if (inside >= 0) return `${lineText.slice(0, inside)} ${lineText.slice(inside + quoteText.length)}`.trim();
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((word, i) => word === b[i]);
  let tail = 0; // The line's first words are the quote's last.
  let head = 0; // The line's last words are the quote's first.
  for (let k = Math.min(words.length, quoted.length); k > 0 && !(tail && head); k--) {
    if (!tail && same(words.slice(0, k), quoted.slice(-k))) tail = k;
    if (!head && same(words.slice(-k), quoted.slice(0, k))) head = k;
  }
  return (tail >= head ? words.slice(tail) : words.slice(0, words.length - head)).join(' ');
}

/** The text cut into plain parts and matched parts (each term of the query where it starts a word), for marking. */
export function markMatches(text: string, query: string): { text: string; match: boolean }[] {
  // After a space, as entries are folded: a match's index there is its place in the text.
  const folded = ` ${fold(text)}`;
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of queryTerms(query)) {
    for (const match of folded.matchAll(new RegExp(term.pattern.source, 'g'))) {
      // (The text's index is the folded one's less the space before it; a pattern that opens on a space ends one shorter.)
      const from = term.anywhere ? match.index - 1 : match.index;
      marked.fill(true, from, from + match[0].length - (term.anywhere ? 0 : 1));
    }
  }
  const parts: { text: string; match: boolean }[] = [];
  for (let i = 0; i < text.length;) {
    let j = i;
    while (j < text.length && marked[j] === marked[i]) j++;
    parts.push({ text: text.slice(i, j), match: marked[i]! });
    i = j;
  }
  return parts;
}
