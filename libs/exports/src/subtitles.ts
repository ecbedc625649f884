import { DICTIONARY_SCRIPTS, dictionarySegments, type Topic } from '@findclips/contracts';
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

/**
 * A subtitle line holds at most this many characters, and a quote's cue two lines (the usual
 * broadcast rule). A character of Chinese, Japanese or Korean is set full-width, about twice a
 * Latin letter: such a line holds 16 of them, as subtitle guides for those languages have it.
 */
const LINE_CHARS = 42;
const WIDE_LINE_CHARS = 16;
// Script_Extensions: the marks those scripts share (ー, 々, 。) are set full-width too.
const WIDE =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;
const WIDE_WIDTH = LINE_CHARS / WIDE_LINE_CHARS;

/** How much of a line a text takes, in Latin characters. */
function width(text: string): number {
  let total = 0;
  for (const char of text) total += WIDE.test(char) ? WIDE_WIDTH : char.length;
  return total;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * Japanese and Chinese line-breaking rules (kinsoku): no line starts with closing punctuation, a
 * small kana or a prolonged sound mark, and none ends with an opening bracket.
 */
const NO_LINE_START =
  /^[、。，．・：；？！‼⁇⁈⁉）〕］｝〉》」』】〙〗〟’”｠ゝゞヽヾーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖㇰ-ㇿ々〻゠〜～]/u;
const NO_LINE_END = /[（〔［｛〈《「『【〘〖〝‘“｟]$/u;

const graphemesOf = (text: string) => Array.from(graphemes.segment(text), ({ segment }) => segment);
/** Where a long word may be cut: between its characters, or its words (DICTIONARY_SCRIPTS); a word longer than a line, between its characters. */
const breakable = (word: string): string[] =>
  DICTIONARY_SCRIPTS.test(word)
    ? Array.from(dictionarySegments(word), ({ segment }) => segment).flatMap((part) =>
        width(part) > LINE_CHARS ? graphemesOf(part) : [part],
      )
    : graphemesOf(word);

/**
 * A word longer than a line (a web address; text in a script written without spaces) in pieces of
 * a line each, cut between the characters people see, so that it wraps rather than runs off. Where
 * a cut would start a line with closing punctuation, that one character hangs at the end of the
 * line before (a second goes down as it is), and an opening bracket moves to the next line.
 */
function pieces(word: string): string[] {
  if (width(word) <= LINE_CHARS) return [word];
  const out = [''];
  let used = 0;
  for (const segment of breakable(word)) {
    const line = out.at(-1)!;
    const wide = width(segment);
    const hangs = used <= LINE_CHARS && NO_LINE_START.test(segment);
    if (line && used + wide > LINE_CHARS && !hangs) {
      const opening = NO_LINE_END.exec(line)?.[0] ?? '';
      if (opening && line.length > opening.length) {
        out[out.length - 1] = line.slice(0, -opening.length);
        out.push(opening);
        used = width(opening);
      } else {
        out.push('');
        used = 0;
      }
    }
    out[out.length - 1] += segment;
    used += wide;
  }
  return out;
}

/** The most words balanced across lines; a quote of 8-60 s holds a few hundred at most. */
const EVEN_LINES_MAX_WORDS = 400;

/**
 * Words in lines of at most `limit` wide (a longer word is a line of its own): as few lines as
 * filling each in turn gives, and of those breaks the most even (the least sum of the squared room
 * left on each line), so that no line holds a lone word the one before had no room for.
 */
function evenLines(words: string[], limit: number): string[] {
  const n = words.length;
  const widths = words.map(width);
  // As many lines as filling each in turn takes (a longer word is a line of its own).
  const filled: string[][] = [];
  let used = Infinity;
  widths.forEach((w, i) => {
    if (used + 1 + w <= limit) {
      used += 1 + w;
      filled.at(-1)!.push(words[i]!);
    } else {
      filled.push([words[i]!]);
      used = w;
    }
  });
  const count = filled.length;
  // The table below grows with lines × words: a quote of thousands (one long caption cue) is left
  // filled in turn (30,000 words took 6 s and 1 GB: a stranger's sweep).
  if (n > EVEN_LINES_MAX_WORDS) return filled.map((line) => line.join(' '));
  // Width of words i..j-1 joined by spaces.
  const starts = [0];
  for (const w of widths) starts.push(starts.at(-1)! + w + 1);
  const length = (i: number, j: number) => starts[j]! - starts[i]! - 1;
  const slack = (i: number, j: number) => {
    const used = length(i, j);
    if (used <= limit) return (limit - used) ** 2;
    return j - i === 1 ? 0 : Infinity;
  };
  // best[k][j]: the least slack of k lines holding words 0..j-1; from[k][j]: where the k-th line starts.
  const best = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 1; k <= count; k++) {
    for (let j = 1; j <= n; j++) {
      for (let i = j - 1; i >= k - 1; i--) {
        if (j - i > 1 && length(i, j) > limit) break;
        const value = best[k - 1]![i]! + slack(i, j);
        if (value < best[k]![j]!) {
          best[k]![j] = value;
          from[k]![j] = i;
        }
      }
    }
  }
  const lines: string[] = [];
  for (let k = count, j = n; k > 0; k--) {
    const i = from[k]![j]!;
    lines.unshift(words.slice(i, j).join(' '));
    j = i;
  }
  return lines;
}

/**
 * A quote as subtitles read: cues of two lines of at most LINE_CHARS (the last one line when the
 * lines are odd), the lines as even as word boundaries allow, each cue shown for its share of the
 * quote's time by its characters (one cue of 450 characters cannot be read, nor one of a single
 * word shown for half a second). The first keeps the quote's id, the next add their number
 * (`quote-2-1`, `quote-2-1-2`).
 */
function quoteCues(id: string, text: string, start: number, end: number): Cue[] {
  if (!text) return [];
  const lines = evenLines(text.split(' ').flatMap(pieces), LINE_CHARS);
  const parts: string[][] = [];
  for (let i = 0; i < lines.length; i += 2) parts.push(lines.slice(i, i + 2));
  // Where each cue starts in the text, read off the text itself: the lines' spaces are the text's
  // but for a break inside a word cut in pieces, which has none.
  const offsets: number[] = [];
  let position = 0;
  lines.forEach((line, i) => {
    if (i % 2 === 0) offsets.push(position);
    for (const char of line) if (char === text[position] || char !== ' ') position += char.length;
    if (text[position] === ' ') position += 1;
  });
  const at = (offset: number) => start + (offset / text.length) * (end - start);
  const lineOf = rightToLeft(text) ? openRightToLeft : (line: string) => line;
  return parts.map((part, i) => ({
    id: i === 0 ? id : `${id}-${i + 1}`,
    start: at(offsets[i]!),
    // Each cue until the next one starts; the last until the quote ends.
    end: i === parts.length - 1 ? end : at(offsets[i + 1]!),
    text: part.map(lineOf).join('\n'),
  }));
}

/** A letter of a script written right to left (Hebrew, Arabic and the others of Unicode's bidi class R or AL). */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Whether a line opens on a right-to-left letter, as players decide its direction. */
const opensRightToLeft = (line: string) => RTL_LETTER.test(/\p{L}/u.exec(line)?.[0] ?? '');
/**
 * Whether a quote is written right to left: most of its letters are. Not its first letter: an
 * Arabic or Hebrew quote often opens on a name in Latin letters ('React 19 أضاف…').
 */
const rightToLeft = (text: string) => {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.filter((letter) => RTL_LETTER.test(letter)).length * 2 > letters.length;
};
/**
 * A line of a right-to-left quote as players lay it out: each line (SubRip) or cue (WebVTT) takes
 * the direction of its first letter, so one opening on an English word or a name in Latin letters
 * ('PostgreSQL. نكتب…') was set left to right, its words and full stops in the wrong order. A
 * right-to-left mark (U+200F) before it sets it right to left.
 */
const openRightToLeft = (line: string) => (opensRightToLeft(line) ? line : `\u200F${line}`);

function cues(topics: Topic[]): Cue[] {
  return topics.flatMap((topic, t) => [
    {
      id: `topic-${t + 1}`,
      start: topic.startTime,
      end: chapterEnd(topic),
      // A title of up to 120 characters: lines of LINE_CHARS, as many as it takes, broken as a quote's are.
      text: evenLines(`Chapter ${t + 1}: ${cueText(topic.title)}`.split(' ').flatMap(pieces), LINE_CHARS).join('\n'),
    },
    ...topic.quotes.flatMap((quote, q) =>
      quoteCues(`quote-${t + 1}-${q + 1}`, cueText(quote.content), quote.startTime, quote.endTime),
    ),
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

/**
 * SubRip: numbered cues in time order, a blank line between them. SubRip has no escapes, and
 * players read what stands between < and > as a tag ('<i>', '<font …>') and hide what they do not
 * know, so < and > are written ‹ and ›, as in the chapters.
 */
export function analysisSrt(topics: Topic[]): string {
  return byStart(cues(topics))
    .map((cue, i) => `${i + 1}\n${stamp(cue.start, ',')} --> ${stamp(cue.end, ',')}\n${noTags(cue.text)}\n`)
    .join('\n');
}

const noTags = (text: string) => text.replace(/</g, '‹').replace(/>/g, '›');

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
// A cue's text has no line of its own: a blank line would end the cue. ('-->' in words reads as no
// timing line: its '>' is written '&gt;' in WebVTT and '›' in SubRip.)
const cueText = (text: string) => oneLine(text);
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
