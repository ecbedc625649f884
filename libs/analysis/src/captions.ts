/**
 * Captions people bring themselves: a SubRip (`.srt`) or WebVTT (`.vtt`) file, or timed text
 * pasted from a video page ("1:02 Welcome back", one line each). Read with the registry's parsers
 * where the format has one; every problem names the line it is on.
 */
import {
  endAtNextStart,
  joinCaptionLines,
  withoutControlCharacters,
  withoutOverrides,
  type TranscriptSegment,
} from '@findclips/contracts';
import { decodeHTMLStrict } from 'entities';
import webvtt from 'node-webvtt';
import { parseSync } from 'subtitle';

/**
 * What ends a line: the line and paragraph separators too, as editors show them. Left in a line,
 * they kept its last pattern from matching, and two spaces' patterns side by side took minutes over
 * a line of 10,000 spaces (a stranger's review found the gateway held by a 3 kB upload). The
 * patterns below are written so that no two runs of spaces meet, whatever the line.
 */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/;

/** Captions we cannot read, and the line (1-based) where the problem is. */
export class CaptionsError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

type CaptionsFormat = 'vtt' | 'srt' | 'timed-text';

/** The most cues one upload may hold: two hours of captions a second apart. */
export const CAPTIONS_MAX_CUES = 7_200;

/** Which format `text` is in: WebVTT by its header, SubRip by its `-->` timings, else timed text. */
export function captionsFormat(text: string): CaptionsFormat {
  if (/^\uFEFF?WEBVTT/.test(text)) return 'vtt';
  return text.includes('-->') ? 'srt' : 'timed-text';
}

/**
 * The markup of caption formats: SubRip's and WebVTT's tags (`<i>`, `</b>`, `<font color="…">`,
 * `<v Bob>`, `<c.yellow>`, `<lang en>`, `<ruby>`) and WebVTT's karaoke times (`<00:01:02.500>`).
 * Anything else in angle brackets is words ('if a<b and c>d': a stranger's fuzzing found it cut).
 */
const MARKUP =
  /<(?:[ibucs]|ruby|rt|font)(?:\.[\w-]+)*>|<\/(?:[ibucs]|ruby|rt|font|v|lang)>|<(?:font|lang)\s[^<>]*>|<v(?:\.[\w-]+)*\s[^<>]*>|<(?:\d{1,3}:)?\d{2}:\d{2}[.,]\d{3}>/gi;

/**
 * Text as it is said, as YouTube's captions are read: no control character (a backspace, an escape,
 * written as '&#8;' too) and no direction override, which would show a quote's letters reversed.
 */
const said = (text: string) => withoutOverrides(withoutControlCharacters(text)).replace(/\s+/g, ' ').trim();

/** Cue text without markup or line breaks. */
const plainText = (text: string) => said(text.replace(MARKUP, ''));

/**
 * A subtitle cue's line as shown: its markup out (in SubRip also the override tags of subtitle
 * editors, `{\\an8}`; in WebVTT those are words, as 'In LaTeX {\\bf bold}'), then its character
 * references read (`&amp;` is '&', `&lt;i&gt;` the text '<i>'), as players show it.
 */
const shownLine = (line: string, format: 'srt' | 'vtt') => {
  const unmarked = line.replace(MARKUP, '');
  return said(decodeHTMLStrict(format === 'srt' ? unmarked.replace(/\{\\[^{}]*\}/g, '') : unmarked));
};

/** A time in timed text: `1:02`, `01:02:03`, `1:02.5`, `100:00` (minutes past the hour, as some write them). */
const TIME = String.raw`(?:\d{1,2}:\d{1,2}|\d{1,3}):\d{2}(?:[.,]\d{1,3})?`;
/** A subtitle cue's time, as SubRip and WebVTT write it: milliseconds in three digits, hours optional. */
const CUE_TIME = String.raw`(?:\d{1,3}:)?\d{2}:\d{2}[.,]\d{3}`;
const TIMING = new RegExp(String.raw`^\s*(${CUE_TIME})\s*-->\s*(${CUE_TIME})(\s.*)?$`);
/** Two cue times with something else than '-->' between them: a timing line mistyped, not words said. */
const MISTYPED_TIMING = new RegExp(String.raw`^\s*${CUE_TIME}\s*(?:[^\s\d]{1,3}\s*)?${CUE_TIME}`);
/** A mistyped timing and nothing more (or WebVTT's settings): no words said, wherever it stands. */
const ONLY_MISTYPED_TIMING = new RegExp(`${MISTYPED_TIMING.source}(?:\\s+[\\w-]+:[\\w.%-]+)*\\s*$`);

/** Whether a time reads on a clock: seconds below 60, and minutes too when hours are written. */
function onClock(time: string): boolean {
  const [second, minute, hour] = time.replace(',', '.').split(':').reverse().map(Number);
  return second! < 60 && (hour === undefined || minute! < 60);
}

/** `01:02:03,500`, `1:02.5`, `1:02` → seconds. */
function seconds(time: string): number {
  const parts = time.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The captions as transcript segments in seconds, in time order, without empty cues. Throws a
 * CaptionsError naming the line of the first problem: a timing that does not read, a cue that ends
 * before it starts, cues out of order, no cue at all, more than `maxCues` (uploads: CAPTIONS_MAX_CUES).
 */
export function readCaptions(file: string, { maxCues = Infinity } = {}): TranscriptSegment[] {
  // Composed (NFC): a word reads and is searched the same whichever way its accents were saved
  // (macOS and PDFs often write 'é' as 'e' and a combining accent).
  const text = file.normalize('NFC');
  const format = captionsFormat(text);
  const lines = text.split(LINE_BREAK);
  const segments = format === 'timed-text' ? timedText(lines, maxCues) : subtitles(text, lines, format, maxCues);
  if (segments.length === 0) {
    throw new CaptionsError(1, 'no captions found: give an .srt or .vtt file, or lines of timed text like "1:02 Welcome back"');
  }
  return segments;
}

/** Subtitle cues, after checking each timing line so a bad one is named by its line. */
function subtitles(text: string, lines: string[], format: 'srt' | 'vtt', maxCues: number): TranscriptSegment[] {
  const timingLines: number[] = [];
  /** Each cue's times as read here and whether it has text, for the parser's cues to be matched against. */
  const timings: { start: number; end: number; said: boolean }[] = [];
  /** The timing lines as the parsers read them: ' --> ' between the times (WebVTT also allows tabs, or none). */
  const canonical = [...lines];
  // Milliseconds follow a comma in SubRip, a full stop in WebVTT.
  const mark = format === 'vtt' ? '.' : ',';
  const example = `"00:01:02${mark}500 --> 00:01:05${mark}000"`;
  // A WebVTT comment, style or region block (to the next blank line) may say anything but '-->'.
  let aside = false;
  lines.forEach((line, i) => {
    if (format === 'vtt') {
      if (!line.trim()) aside = false;
      else if (!lines[i - 1]?.trim() && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(line)) aside = true;
    }
    if (!line.includes('-->')) {
      if (!aside && whereTimingGoes(lines, i) && MISTYPED_TIMING.test(line)) {
        throw new CaptionsError(i + 1, `a cue's times must read like ${example}`);
      }
      return;
    }
    const timing = TIMING.exec(line);
    if (!timing) throw new CaptionsError(i + 1, `a cue's times must read like ${example}`);
    if (!onClock(timing[1]!) || !onClock(timing[2]!)) {
      throw new CaptionsError(
        i + 1,
        `a cue's times must be on a clock (seconds, and minutes after hours, up to 59), like ${example}`,
      );
    }
    // WebVTT players refuse a comma before the milliseconds (the reader would drop the cue unsaid).
    if (format === 'vtt' && `${timing[1]}${timing[2]}`.includes(',')) {
      throw new CaptionsError(i + 1, `WebVTT writes a full stop before the milliseconds, like ${example}`);
    }
    if (seconds(timing[2]!) < seconds(timing[1]!)) throw new CaptionsError(i + 1, 'this cue ends before it starts');
    timingLines.push(i + 1);
    timings.push({ start: seconds(timing[1]!), end: seconds(timing[2]!), said: Boolean(lines[i + 1]?.trim()) });
    canonical[i] = `${timing[1]} --> ${timing[2]}${timing[3] ?? ''}`;
  });
  if (timingLines.length > maxCues) {
    throw new CaptionsError(timingLines[maxCues]!, `more than ${maxCues.toLocaleString('en-US')} cues`);
  }
  const read = canonical.join('\n');
  const cues = format === 'vtt' ? vttCues(read, canonical) : srtCues(read);
  // A cue the parser passed over (node-webvtt, not strict, leaves out what it cannot read) is named,
  // never lost without a word.
  let next = 0;
  /** The timing line of each cue the parser read (it leaves out a cue that says nothing). */
  const cueLines: number[] = [];
  timings.forEach(({ start, end, said }, i) => {
    const cue = cues[next];
    if (cue && Math.abs(cue.start - start) < 0.0005 && Math.abs(cue.end - end) < 0.0005) {
      next++;
      cueLines.push(timingLines[i]!);
    } else if (said)
      throw new CaptionsError(timingLines[i]!, `this cue could not be read as ${format === 'vtt' ? 'WebVTT' : 'SubRip'}`);
  });
  const cueText = cues.map((cue) =>
    cue.text
      .split(LINE_BREAK)
      .map((line) => shownLine(line, format))
      // A line of format characters alone ('&lrm;', a zero-width space) shows nothing: no line.
      .filter((line) => /[^\s\p{Cf}]/u.test(line)),
  );
  const rolling = rolls(cues, cueText);
  const segments: TranscriptSegment[] = [];
  cues.forEach((cue, i) => {
    const lines = cueText[i]!;
    const previous = segments.at(-1);
    if (previous && cue.start < previous.start) {
      throw new CaptionsError(cueLines[i] ?? 1, 'this cue starts before the cue above it; cues must be in time order');
    }
    const carried = rolling && i > 0 ? rolledOver(cueText[i - 1]!, lines, cue.end - cue.start) : 0;
    const content = joinCaptionLines(lines.slice(carried));
    if (content) segments.push({ text: content, start: cue.start, end: cue.end });
  });
  return endAtNextStart(segments);
}

/**
 * Whether line `i` stands where a cue's timing goes: first in its block, or second under a cue's
 * number or name. Below the timing a line is words, whatever it says ('00:03:59,400 to 00:03:58,200
 * in one year' was refused as a timing mistyped, in the file of our own export).
 */
function whereTimingGoes(lines: string[], i: number): boolean {
  const blockStart = !lines[i - 1]?.trim();
  const underName = !blockStart && !lines[i - 2]?.trim() && !lines[i - 1]!.includes('-->');
  // A cue's number, or a line of two times alone, also where the blank line before was left out.
  const underNumber = /^\s*\d+\s*$/.test(lines[i - 1] ?? '');
  return blockStart || underName || underNumber || ONLY_MISTYPED_TIMING.test(lines[i]!);
}

/** A cue this short only shows again what the cue before it ended on (rolling captions). */
const ECHO_SECONDS = 0.05;
/** Rolling captions carry over a line or two: no more are looked for (a cue of 200,000 lines is read in linear time). */
const ROLLED_LINES_MAX = 3;

/**
 * Whether the captions roll, as YouTube's automatic ones saved as WebVTT do: cues of 10 ms show
 * again the line the cue before ended on (one cue in three at least: YouTube echoes every other),
 * or most cues of two lines or more open with it (from 4 such cues, or fewer with an echo: a
 * converter may keep one echo of a short clip's). Elsewhere a line said again at the top of the
 * next cue is said again ('Let it be' over two cues of a song: it was dropped from any file), and
 * one short repeat in a long file ('Yeah.' again in a cue of no length) is no sign of rolling.
 */
function rolls(cues: { start: number; end: number }[], text: string[][]): boolean {
  let echoes = 0;
  let longer = 0;
  let carried = 0;
  for (let i = 1; i < cues.length; i++) {
    const opensWithLast = text[i]!.length > 0 && text[i]![0] === text[i - 1]!.at(-1);
    if (opensWithLast && cues[i]!.end - cues[i]!.start <= ECHO_SECONDS) echoes++;
    if (text[i]!.length > 1) {
      longer++;
      if (opensWithLast) carried++;
    }
  }
  return echoes * ECHO_SHARE >= cues.length - 1 || ((longer >= ROLLING_MIN_CUES || echoes > 0) && carried * 2 > longer);
}

/** At least one cue in this many is an echo in rolling captions. */
const ECHO_SHARE = 3;

/** Cues of two lines or more that a file must have for most opening with a line carried over to be rolling. */
const ROLLING_MIN_CUES = 4;

/**
 * How many of a cue's first lines the cue before it already showed. Rolling captions (YouTube's
 * automatic ones saved as WebVTT) show each line twice: above the next line in the next cue, and
 * alone in a cue of 10 ms between them. Read as they are, every word would be said twice. A
 * cue's whole text again is only a repeat in such an echo: 'No.' said twice stays.
 */
function rolledOver(shown: string[], lines: string[], seconds: number): number {
  for (let overlap = Math.min(shown.length, lines.length, ROLLED_LINES_MAX); overlap > 0; overlap--) {
    if (overlap === lines.length && seconds > ECHO_SECONDS) continue;
    if (lines.slice(0, overlap).every((line, k) => line === shown[shown.length - overlap + k])) return overlap;
  }
  return 0;
}

/**
 * Metadata lines under the signature ('Kind: captions', 'Language: en', as YouTube writes them),
 * which browsers skip and node-webvtt refuses, blanked so that every line keeps its number.
 */
function withoutHeader(text: string, lines: string[]): string {
  let end = 1;
  while (end < lines.length && lines[end]!.trim()) {
    // A cue right under the signature: no header to blank.
    if (lines[end]!.includes('-->')) return text;
    end++;
  }
  if (end === 1) return text;
  return [lines[0], ...Array<string>(end - 1).fill(''), ...lines.slice(end)].join('\n');
}

/** Seconds to the millisecond, as the cue wrote them (SubRip's reader and YouTube's give them so). */
const toMillisecond = (seconds: number) => Math.round(seconds * 1000) / 1000;

function vttCues(text: string, lines: string[]) {
  try {
    // node-webvtt adds hours, minutes, seconds and milliseconds as floats: 00:01:48.355 read as
    // 108.35499999999999, printed so by `--transcript` where the same .srt gave 108.355.
    return webvtt
      .parse(withoutHeader(text, lines), { strict: false })
      .cues.map((cue) => ({ ...cue, start: toMillisecond(cue.start), end: toMillisecond(cue.end) }));
  } catch (error) {
    // node-webvtt counts cues; ours are the lines people see in their editor.
    const cue = /\(cue #(\d+)\)/.exec((error as Error).message);
    const line = cue ? lineOfCue(text, Number(cue[1])) : 1;
    throw new CaptionsError(line, `not WebVTT we can read (${(error as Error).message.replace(/\s*\(cue #\d+\)/, '')})`);
  }
}

/** The line of the n-th cue block (1-based) after the header. */
function lineOfCue(text: string, n: number): number {
  const lines = text.split(LINE_BREAK);
  let block = 0;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trim() && !lines[i - 1]!.trim() && ++block === n + 1) return i + 1;
  }
  return 1;
}

function srtCues(text: string) {
  let nodes: ReturnType<typeof parseSync>;
  try {
    // (The parser knows lines ended by \n or \r\n; old Mac files end them by \r alone.)
    // A line opening with 'NOTE' is a WebVTT comment to the parser, even in SubRip, and it dropped
    // the rest of the cue ('NOTED. your concerns'): guarded by a word joiner, taken off below.
    nodes = parseSync(text.replace(/\r\n?/g, '\n').replace(/^NOTE/gm, `${GUARD}NOTE`));
  } catch (error) {
    // Its message quotes the line, which is the person's own text: only the line's number is kept.
    const row = /\bat row (\d+)/.exec((error as Error).message);
    throw new CaptionsError(
      row ? Number(row[1]) : 1,
      'not SubRip we can read: each cue is its number, then its times ("00:01:02,500 --> 00:01:05,000"), then its text',
    );
  }
  return nodes.flatMap((node) =>
    node.type === 'cue'
      ? [{ text: node.data.text.replace(GUARDED, 'NOTE'), start: node.data.start / 1000, end: node.data.end / 1000 }]
      : [],
  );
}

const GUARD = '\u2060';
const GUARDED = new RegExp(`^${GUARD}NOTE`, 'gm');

/** `[1:02] text`, `(01:02:03) text`, `1:02 - text`, `1:02 text`: the time whole, not the start of a longer one. */
const TIMED_LINE = new RegExp(String.raw`^\s*[[(]?(${TIME})(?!\d|:\d|[.,]\d)[\])]?(?:\s*[-–—:|](?=\s|$))?\s*(.*)$`);
/** A line opening with what looks like a time: a time that does not read is not words said. */
const TIME_LIKE = /^\s*[[(]?\d+:\d{2}/;

/**
 * Timed text: each line starts with the time its words are said; a line without a time continues
 * the one above. A line lasts until the next starts (the last, as long as its words take to say).
 */
function timedText(lines: string[], maxCues: number): TranscriptSegment[] {
  const cues: { start: number; text: string; line: number }[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const timed = TIMED_LINE.exec(line);
    if ((timed && !onClock(timed[1]!)) || (!timed && TIME_LIKE.test(line))) {
      throw new CaptionsError(
        i + 1,
        'this time does not read: write it like "1:02" or "1:02:03" (seconds, and minutes after hours, up to 59)',
      );
    }
    if (!timed) {
      const last = cues.at(-1);
      if (!last) throw new CaptionsError(i + 1, 'each line of timed text starts with its time, like "1:02 Welcome back"');
      last.text += ` ${line.trim()}`;
      return;
    }
    const start = seconds(timed[1]!);
    const previous = cues.at(-1);
    if (previous && start < previous.start) {
      throw new CaptionsError(i + 1, `${timed[1]} comes before the time of the line above; lines must be in time order`);
    }
    if (cues.length === maxCues) throw new CaptionsError(i + 1, `more than ${maxCues.toLocaleString('en-US')} lines`);
    cues.push({ start, text: timed[2]!.trim(), line: i + 1 });
  });
  return cues.flatMap((cue, i) => {
    const text = plainText(cue.text);
    if (!text) return [];
    const words = text.split(' ').length;
    const end = cues[i + 1]?.start ?? cue.start + Math.max(2, words / 2.5);
    return [{ text, start: cue.start, end: Math.max(end, cue.start) }];
  });
}
