import type { Topic } from '@findclips/contracts';
import { oneLine } from './text';

/** One cue of a subtitle file: topics are chapter cues (their title as they start), quotes are cues of their own. */
interface Cue {
  id: string;
  start: number;
  end: number;
  text: string;
}

/**
 * A chapter cue shows its title for this long as its topic starts, not the whole topic: a player
 * stacks cues that overlap, and the title would sit over every quote of it.
 */
const CHAPTER_CARD_SECONDS = 5;
/**
 * ... and, in a topic that long, never less than this, even when a quote starts sooner, with the
 * topic itself (the two then overlap briefly, the chapter first).
 */
const CHAPTER_CARD_MIN_SECONDS = 1.5;

/** When a topic's chapter cue ends: a few seconds in, before its first quote, within the topic. */
function chapterEnd(topic: Topic): number {
  const quoteStarts = topic.quotes.map((q) => q.startTime).filter((start) => start >= topic.startTime);
  const firstQuote = quoteStarts.length ? Math.min(...quoteStarts) : Infinity;
  const card = Math.min(topic.startTime + CHAPTER_CARD_SECONDS, Math.max(topic.startTime + CHAPTER_CARD_MIN_SECONDS, firstQuote));
  return Math.min(topic.endTime, card);
}

function cues(topics: Topic[]): Cue[] {
  return topics.flatMap((topic, t) => [
    { id: `topic-${t + 1}`, start: topic.startTime, end: chapterEnd(topic), text: `Chapter ${t + 1}: ${cueText(topic.title)}` },
    ...topic.quotes.map((quote, q) => ({
      id: `quote-${t + 1}-${q + 1}`,
      start: quote.startTime,
      end: quote.endTime,
      text: cueText(quote.content),
    })),
  ]);
}

/** 3725.5 → '01:02:05,500' (SRT) or '01:02:05.500' (WebVTT). */
function stamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues in time order, a blank line between them. */
export function analysisSrt(topics: Topic[]): string {
  return byStart(cues(topics))
    .map((cue, i) => `${i + 1}\n${stamp(cue.start, ',')} --> ${stamp(cue.end, ',')}\n${cue.text}\n`)
    .join('\n');
}

/** WebVTT: the same cues with ids (`topic-2`, `quote-2-1`); text escaped as the format requires. */
export function analysisVtt(topics: Topic[]): string {
  const body = byStart(cues(topics)).map(
    (cue) => `${cue.id}\n${stamp(cue.start, '.')} --> ${stamp(cue.end, '.')}\n${escapeVtt(cue.text)}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}

/** In time order; at the same moment a chapter before its quote, else the longer cue first. */
const byStart = (list: Cue[]) => [...list].sort((a, b) => a.start - b.start || chapterFirst(a, b) || b.end - a.end);
const chapterFirst = (a: Cue, b: Cue) => Number(b.id.startsWith('topic-')) - Number(a.id.startsWith('topic-'));
// A cue's text is one line: a blank line would end the cue, and '-->' would read as a timing line.
const cueText = (text: string) => oneLine(text).replace(/-->/g, '->');
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
