import { randomUUID } from 'node:crypto';
import type { AnalysisOutput, Topic, TranscriptSegment } from '@findclips/contracts';
import { words } from './text';

/** The transcript as one text, with every word's place and caption segment. */
export interface TranscriptIndex {
  text: string;
  tokens: { word: string; from: number; to: number; segment: number }[];
  segments: TranscriptSegment[];
  /** Where each word trigram occurs (token positions). */
  trigrams: Map<string, number[]>;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function indexTranscript(segments: TranscriptSegment[]): TranscriptIndex {
  let text = '';
  const tokens: TranscriptIndex['tokens'] = [];
  segments.forEach((segment, index) => {
    if (text) text += ' ';
    const offset = text.length;
    text += segment.text;
    for (const match of segment.text.matchAll(WORD)) {
      tokens.push({
        word: match[0].toLowerCase(),
        from: offset + match.index,
        to: offset + match.index + match[0].length,
        segment: index,
      });
    }
  });
  const trigrams = new Map<string, number[]>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const key = `${tokens[i]!.word} ${tokens[i + 1]!.word} ${tokens[i + 2]!.word}`;
    const list = trigrams.get(key);
    if (list) list.push(i);
    else trigrams.set(key, [i]);
  }
  return { text, tokens, segments, trigrams };
}

/** Share of the quote's words found, in order, in the transcript from `start` on (a greedy alignment). */
function alignment(index: TranscriptIndex, quote: string[], start: number) {
  let position = start;
  let matched = 0;
  let first = -1;
  let last = -1;
  for (const word of quote) {
    // Allow a few inserted or dropped words between matches, as paraphrase does.
    for (let look = position; look < Math.min(index.tokens.length, position + 4); look++) {
      if (index.tokens[look]!.word === word) {
        if (first < 0) first = look;
        last = look;
        matched++;
        position = look + 1;
        break;
      }
    }
  }
  return { score: matched / quote.length, first, last };
}

/** Minimum share of a quote's words the transcript must contain, in order, for it to stand. */
export const MIN_QUOTE_MATCH = 0.6;

/**
 * Finds the transcript text a quote stands for: near its claimed time when it occurs more than
 * once. Returns the verbatim text and the times of its caption segments, or null when the
 * transcript does not say it.
 */
export function groundQuote(index: TranscriptIndex, content: string, claimedStart: number) {
  const quote = words(content);
  if (quote.length === 0) return null;
  const candidates = new Set<number>();
  for (let i = 0; i + 2 < quote.length; i++) {
    for (const at of index.trigrams.get(`${quote[i]} ${quote[i + 1]} ${quote[i + 2]}`) ?? []) candidates.add(Math.max(0, at - i));
  }
  if (quote.length < 3) {
    index.tokens.forEach((token, i) => token.word === quote[0] && candidates.add(i));
  }
  let best: { score: number; first: number; last: number; distance: number } | undefined;
  for (const start of candidates) {
    for (const from of [start, start - 1, start - 2]) {
      if (from < 0) continue;
      const found = alignment(index, quote, from);
      if (found.first < 0) continue;
      const distance = Math.abs(index.segments[index.tokens[found.first]!.segment]!.start - claimedStart);
      if (!best || found.score > best.score + 1e-9 || (Math.abs(found.score - best.score) < 1e-9 && distance < best.distance)) {
        best = { ...found, distance };
      }
    }
  }
  if (!best || best.score < MIN_QUOTE_MATCH) return null;
  const first = index.tokens[best.first]!;
  const last = index.tokens[best.last]!;
  // Keep the sentence punctuation that follows the last word.
  const tail = /^[.!?…,;:"'”’)\]]*/.exec(index.text.slice(last.to))![0].replace(/[,;:]+$/, '');
  return {
    content: index.text.slice(first.from, last.to + tail.length),
    startTime: index.segments[first.segment]!.start,
    endTime: index.segments[last.segment]!.end,
  };
}

const clamp = (value: number, max: number) => Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);

/**
 * Makes a provider's output safe to show: quotes replaced by the verbatim transcript text they
 * match with its real times (unmatched quotes dropped), topic times clamped to the video and
 * covering their quotes, topics without quotes dropped, topics ordered by time.
 */
export function groundTopics(output: AnalysisOutput, segments: TranscriptSegment[], durationSeconds: number): Topic[] {
  const index = indexTranscript(segments);
  const duration = Math.max(durationSeconds, segments.at(-1)?.end ?? 0);
  const topics: Topic[] = [];
  for (const topic of output.topics) {
    const seen = new Set<string>();
    const quotes = topic.quotes.flatMap((quote) => {
      const grounded = groundQuote(index, quote.content, clamp(quote.startTime, duration));
      if (!grounded || seen.has(`${grounded.startTime}:${grounded.content}`)) return [];
      seen.add(`${grounded.startTime}:${grounded.content}`);
      return [{ id: randomUUID(), ...grounded }];
    });
    const title = topic.title.replace(/\s+/g, ' ').trim();
    if (quotes.length === 0 || !title) continue;
    quotes.sort((a, b) => a.startTime - b.startTime);
    const startTime = Math.min(clamp(topic.startTime, duration), quotes[0]!.startTime);
    const endTime = Math.max(clamp(topic.endTime, duration), ...quotes.map((q) => q.endTime));
    topics.push({ id: randomUUID(), title, startTime, endTime: Math.max(endTime, startTime), quotes });
  }
  return topics.sort((a, b) => a.startTime - b.startTime);
}
