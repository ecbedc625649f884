import nlp from 'compromise';
import type { Sentence } from '../sentences';

/** What opens a title the analyzer writes for a show's opening ('Introduction to …'): not the speakers' words. */
const INTRODUCTION = /^introduction to /i;

/** A word as compromise splits them (hyphens apart). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** A title's words as compromise splits them (lower case, hyphens apart). */
const wordsOf = (text: string) => text.toLowerCase().match(WORD) ?? [];
/** The tagger reads a title in at most this many of its topic's sentences. */
const READINGS = 5;
/**
 * Words the tagger reads each side of the title's: a sentence of auto-captions runs to hundreds of
 * words, and the tagger's time grows with them, while a word's tag hangs on its neighbours.
 */
const CONTEXT = 20;

/**
 * Whether a title names an action rather than a subject ('Raise Venture Money', 'Helping Cities
 * Move'), as compromise's tagger reads its words where `sentences` say them all in a row, in most
 * of the (up to READINGS) sentences of its topic that say them so: a word tagged as a verb in its
 * bare or present form (an infinitive, 'we raise'), not its -ing form ('Hiring ML
 * Engineers' names a subject) nor its participle ('Induced Demand'), nor a last word in -s.
 * The tagger reads each word in its sentence, unlike the lexicon lookup the analyzer's titles use,
 * so it judges them from outside. Null when no sentence says the title's words in a row.
 */
export function namesAnAction(title: string, sentences: readonly Sentence[]): boolean | null {
  const wanted = wordsOf(title.replace(INTRODUCTION, ''));
  if (!wanted.length) return null;
  let read = 0;
  let verbs = 0;
  for (const sentence of sentences) {
    if (read === READINGS) break;
    const found = [...sentence.text.matchAll(WORD)];
    const start = runAt(
      found.map(([word]) => word.toLowerCase()),
      wanted,
    );
    if (start < 0) continue;
    const from = found[Math.max(0, start - CONTEXT)]!;
    const to = found[Math.min(found.length, start + wanted.length + CONTEXT) - 1]!;
    const context = sentence.text.slice(from.index, to.index + to[0].length);
    const terms = nlp(context).json() as { terms: { normal: string; tags: string[] }[] }[];
    const tagged = terms.flatMap((s) => s.terms).flatMap((t) => wordsOf(t.normal).map((word) => ({ word, tags: t.tags })));
    const at = runAt(
      tagged.map((t) => t.word),
      wanted,
    );
    if (at < 0) continue;
    read++;
    // (The tagger reads most plurals after a noun as verbs: 'Data Centers', 'Training Models'; a
    // title's last word ending in -s is left to the analyzer, so that its verbs go uncounted too.)
    const last = wanted.length - 1;
    if (tagged.slice(at, at + wanted.length).some(({ word, tags }, k) => isBareVerb(tags) && !(k === last && word.endsWith('s'))))
      verbs++;
  }
  return read ? verbs * 2 > read : null;
}

/** A verb in its bare or present form: not its -ing form nor its participle. */
const isBareVerb = (tags: string[]) =>
  tags.includes('Verb') && !tags.includes('Gerund') && (tags.includes('Infinitive') || tags.includes('PresentTense'));

function runAt(words: string[], run: string[]): number {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, k) => words[i + k] === w)) return i;
  return -1;
}
