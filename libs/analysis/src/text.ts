import * as stopwords from 'stopword';
import type { TranscriptSegment } from '@findclips/contracts';

/** Words of any script: letters and digits, with inner apostrophes and hyphens. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Lower-cased words of a text, in any language. */
export const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

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
] as const;
export type Language = (typeof LANGUAGES)[number];
const lists = new Map<Language, Set<string>>(LANGUAGES.map((code) => [code, new Set(stopwords[code] as string[])]));

/**
 * The language (ISO 639-3) whose stop words are most frequent in `sample`, or null when none fits:
 * below 10% of the words (e.g. Chinese or Japanese captions).
 */
export function languageOf(sample: string[]): Language | null {
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

/** The stop-word list of the language whose stop words are most frequent in `sample`; empty if none fits. */
export const stopWordsFor = (sample: string[]): Set<string> => stopWordsOf(languageOf(sample));

/** A sentence of the transcript with its time span. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
  /** Index of the caption segment where it starts. */
  segment: number;
}

const SENTENCE_END = /[.!?。！？]+["'”’)]*\s+/g;

/**
 * Sentences with times: split on sentence punctuation across caption segments, each time
 * interpolated within its segment. Captions without punctuation fall back to one sentence per
 * segment.
 */
export function sentencesOf(segments: TranscriptSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  let text = '';
  let start = 0;
  let first = 0;
  const push = (end: number) => {
    const trimmed = text.trim();
    if (trimmed) sentences.push({ text: trimmed, start, end, segment: first });
    text = '';
  };
  segments.forEach((segment, index) => {
    const content = `${segment.text} `;
    const span = Math.max(segment.end - segment.start, 0.001);
    let from = 0;
    if (!text) {
      start = segment.start;
      first = index;
    }
    for (const match of content.matchAll(SENTENCE_END)) {
      const cut = match.index + match[0].length;
      text += content.slice(from, cut);
      push(segment.start + (span * cut) / content.length);
      from = cut;
      start = segment.start + (span * cut) / content.length;
      first = index;
    }
    text += content.slice(from);
  });
  push(segments.at(-1)?.end ?? 0);
  const punctuated = sentences.filter((s) => /[.!?。！？]$/.test(s.text)).length;
  if (segments.length > 4 && punctuated < sentences.length * 0.3 && sentences.length < segments.length / 3) {
    return segments.map((s, i) => ({ text: s.text, start: s.start, end: s.end, segment: i }));
  }
  return sentences;
}
