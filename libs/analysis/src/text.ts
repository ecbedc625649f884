import { DICTIONARY_SCRIPTS, UNSPACED, dictionarySegments } from '@findclips/contracts';
import * as stopwords from 'stopword';

/**
 * Words of any script: letters and digits with their marks (Thai's vowels and tones, Devanagari's
 * vowel signs, an accent written apart), with inner apostrophes, hyphens (a non-breaking one too:
 * 'K‑pop') and joiners (Persian's zero-width non-joiner inside a word: 'دانشگاه‌های', universities).
 */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:(?:['’\u2010\u2011-]|[\u200c\u200d]+)[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu;

/** The words of a run of UNSPACED letters (start and end offsets in pairs), as the dictionary cuts them. */
function readRun(run: string): Uint32Array {
  const edges: number[] = [];
  for (const part of dictionarySegments(run)) if (part.isWordLike) edges.push(part.index, part.index + part.segment.length);
  return Uint32Array.from(edges);
}

/**
 * Where the words of runs already read are (start and end offsets in pairs), remembered: the
 * analysis reads each sentence several times (its topics, titles, quotes, grounding), and ICU's
 * dictionary takes tens of microseconds a run, which made a Japanese transcript about three times
 * slower than an English one of as many lines (a stranger's audit). Forgotten whole once it holds
 * RUNS_REMEMBERED_CHARACTERS of runs (a few MB), so a worker that runs for months keeps little.
 */
const runWords = new Map<string, Uint32Array>();
const RUNS_REMEMBERED_CHARACTERS = 500_000;
let remembered = 0;
function dictionaryWords(run: string): { word: string; index: number }[] {
  let edges = runWords.get(run);
  if (!edges) {
    edges = readRun(run);
    if (remembered + run.length > RUNS_REMEMBERED_CHARACTERS) {
      runWords.clear();
      remembered = 0;
    }
    if (run.length <= RUNS_REMEMBERED_CHARACTERS) {
      runWords.set(run, edges);
      remembered += run.length;
    }
  }
  const found: { word: string; index: number }[] = [];
  for (let i = 0; i < edges.length; i += 2) found.push({ word: run.slice(edges[i], edges[i + 1]), index: edges[i]! });
  return found;
}

/** The words of a text, each with where it starts: WORD's matches, a run of UNSPACED letters cut into its words. */
export function wordsAt(text: string): { word: string; index: number }[] {
  const found: { word: string; index: number }[] = [];
  const mixed = UNSPACED.test(text);
  for (const match of text.matchAll(WORD)) {
    if (!mixed || !UNSPACED.test(match[0])) found.push({ word: match[0], index: match.index });
    else for (const part of dictionaryWords(match[0])) found.push({ word: part.word, index: match.index + part.index });
  }
  return found;
}

/**
 * Whether two texts in a script without spaces (or its full-width punctuation, '。') follow one
 * another without a space: caption lines, a title's words. A space would split a word ('豪華な建 物').
 */
const UNSPACED_OR_FULL_WIDTH = `(?:${UNSPACED.source}|[\\u3000-\\u303f\\uff00-\\uffef])`;
const ENDS_UNSPACED = new RegExp(`${UNSPACED_OR_FULL_WIDTH}$`, 'u');
const STARTS_UNSPACED = new RegExp(`^${UNSPACED_OR_FULL_WIDTH}`, 'u');
export const joinsWithoutSpace = (before: string, after: string) => ENDS_UNSPACED.test(before) && STARTS_UNSPACED.test(after);

/**
 * Whether two caption lines (or two sentences) follow one another without a space: as words do
 * (joinsWithoutSpace), but not in Thai, Lao, Khmer or Burmese, which put a space between phrases,
 * where their captions' lines break (joined without it, a Thai quote ran its sentences together,
 * 'ลำบากมากครับถ้าเทียบกับโตเกียว', and a title ran across two: 'ฤดูพอดีทุเรียน').
 */
const ENDS_DICTIONARY = new RegExp(`${DICTIONARY_SCRIPTS.source}$`, 'u');
export const linesJoinWithoutSpace = (before: string, after: string) =>
  joinsWithoutSpace(before, after) && !ENDS_DICTIONARY.test(before) && !DICTIONARY_SCRIPTS.test(after.slice(0, 1));

/**
 * A text in lower case. Turkish's dotted capital 'İ' is 'i' in any language (toLowerCase() made it
 * 'i' and a combining dot, U+0307: 'İlk' was no 'ilk', 'İşte' no stop word 'işte'); in Turkish, its
 * dotless capital 'I' is 'ı' ('Ilık': 'ılık').
 */
export const lowerCase = (text: string, language?: Language | null): string =>
  language === 'tur' ? text.toLocaleLowerCase('tr') : text.replace(/İ/g, 'i').toLowerCase();

/** Lower-cased words of a text, in any language (in `language`'s casing, where it has its own: Turkish). */
export const words = (text: string, language?: Language | null): string[] => {
  const lower = lowerCase(text, language);
  return UNSPACED.test(lower) ? wordsAt(lower).map((w) => w.word) : (lower.match(WORD) ?? []);
};

/**
 * A Turkish word without the suffixes written after an apostrophe onto a name ("İstanbul'da",
 * "Kapadokya’nın", "Ankara'ya": 'istanbul', 'kapadokya', 'ankara'): one name, as said bare.
 */
export const withoutTurkishSuffix = (word: string): string => word.replace(/['’].*$/u, '');

/**
 * Long enough to say something: three letters, or two of a script without spaces ('天下', '城下',
 * counted as letters: '𠮷' is one) or of Korean syllables ('경제', '김치': a Hangul block is a
 * syllable, as a Han character is); in Japanese, not in hiragana alone (with the long vowel 'ー'),
 * which spells the particles and verb endings ('さて', 'しました').
 */
export const saysSomething = (word: string) =>
  UNSPACED.test(word) || /^\p{Script=Hangul}+$/u.test(word)
    ? [...word].length >= 2 && !/^[\p{Script=Hiragana}ー]+$/u.test(word)
    : word.length > 2;

/**
 * Long enough to say something in `language`: in Vietnamese, written a syllable a word, two letters
 * ('bò', 'gà', 'xe': beef, chicken, vehicle), its little words being its stop words.
 */
export const saysSomethingIn =
  (language: Language | null) =>
  (word: string): boolean =>
    language === 'vie' ? [...word].length >= 2 : saysSomething(word);

const LANGUAGES = [
  'eng',
  'spa',
  'fra',
  'deu',
  'por',
  'ita',
  'nld',
  'rus',
  'pol',
  'tur',
  'swe',
  'ind',
  'ukr',
  'ces',
  'ron',
  'hun',
  'jpn',
  'zho',
  'tha',
  'kor',
  'vie',
  // Scripts no list before them shares (Arabic, Persian and Urdu share a few words, as Hindi and
  // Marathi do: the list with most hits is taken).
  'ara',
  'fas',
  'urd',
  'heb',
  'hin',
  'mar',
  'ben',
  'ell',
] as const;
export type Language = (typeof LANGUAGES)[number];
const lists = new Map<Language, Set<string>>(LANGUAGES.map((code) => [code, new Set(stopwords[code] as string[])]));

/**
 * The language (ISO 639-3) whose stop words are most frequent in `sample`, or null when none fits:
 * below 10% of the words (e.g. Chinese or Japanese captions). Korean by its script: its particles
 * are written onto the word before them ('경제는'), so its stop words, said alone, are rare.
 */
export function languageOf(sample: string[]): Language | null {
  if (sample.filter((word) => /\p{Script=Hangul}/u.test(word)).length > sample.length / 2) return 'kor';
  let best: { code: Language; hits: number } | undefined;
  for (const code of LANGUAGES) {
    const list = lists.get(code)!;
    const hits = sample.reduce((n, word) => n + (list.has(word) ? 1 : 0), 0);
    if (!best || hits > best.hits) best = { code, hits };
  }
  return best && best.hits >= sample.length * 0.1 ? best.code : null;
}

/** The stop words of a language; none for an unknown one. */
export const stopWordsOf = (language: Language | null): Set<string> => (language ? lists.get(language)! : new Set());

/** What comes before a sentence's first word: spaces and non-speech tags ([laughter], {vocalsound}). */
export const LEAD = /^(?:\s|\[[^\]]*\]|\{[^}]*\})*/;

/** The words of a unit as spoken, without non-speech tags (as quotes are shown). */
export { spoken } from '@findclips/contracts';
