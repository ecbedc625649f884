import { randomUUID } from 'node:crypto';
import {
  NON_SPEECH,
  withoutControlCharacters,
  withoutOverrides,
  type AnalysisOutput,
  type Topic,
  type TranscriptSegment,
} from '@findclips/contracts';
import { firstWhere } from './first-where';
import { joinSegments, sentenceSpans, spanStart, timeAt } from './sentences';
import { lowerCase, words, wordsAt } from './text';

/** The transcript as one text, with every word's place and caption segment. */
interface TranscriptIndex {
  text: string;
  /** `tag`: the word is inside a non-speech tag ('[Music]'), which a quote's words may skip over. */
  tokens: { word: string; from: number; to: number; segment: number; tag?: boolean }[];
  segments: TranscriptSegment[];
  /** Where each word trigram occurs (token positions): built on first use, as verbatim quotes need none. */
  trigrams: () => Map<string, number[]>;
  /** Where each caption segment's text starts in `text`. */
  offsets: number[];
  /**
   * Sentences as character spans of `text` (restored from the words when the captions have no
   * punctuation); `turn` where the captions mark a new speaker.
   */
  sentences: { from: number; to: number; turn?: boolean; timeFrom?: number }[];
}

export function indexTranscript(segments: TranscriptSegment[]): TranscriptIndex {
  const joined = joinSegments(segments);
  const { text, offsets } = joined;
  const tokens: TranscriptIndex['tokens'] = [];
  segments.forEach((segment, index) => {
    const offset = offsets[index]!;
    const tags = /[[{(]/.test(segment.text) ? [...segment.text.matchAll(NON_SPEECH)] : [];
    for (const { word, index: at } of wordsAt(segment.text)) {
      const tag = tags.some((t) => at >= t.index && at < t.index + t[0].length);
      tokens.push({
        // (Lower-cased as `words` lower-cases a quote: 'İ' is 'i'.)
        word: lowerCase(word),
        from: offset + at,
        to: offset + at + word.length,
        segment: index,
        ...(tag ? { tag } : {}),
      });
    }
  });
  let trigrams: Map<string, number[]> | undefined;
  const trigramsOf = () => {
    if (trigrams) return trigrams;
    trigrams = new Map();
    for (let i = 0; i + 2 < tokens.length; i++) {
      const key = `${tokens[i]!.word} ${tokens[i + 1]!.word} ${tokens[i + 2]!.word}`;
      const list = trigrams.get(key);
      if (list) list.push(i);
      else trigrams.set(key, [i]);
    }
    return trigrams;
  };
  return { text, tokens, segments, trigrams: trigramsOf, offsets, sentences: sentenceSpans(joined) };
}

/** Index of the sentence holding character `position` (the first, before any). */
const sentenceAt = (index: TranscriptIndex, position: number) =>
  Math.max(0, firstWhere(index.sentences, (s) => s.from > position) - 1);

/** The shortest and longest a quote (a Viral Cut clip) may last. */
const QUOTE_MIN_SECONDS = 8;
const QUOTE_MAX_SECONDS = 60;

/**
 * A matched passage as a clip: whole sentences (a sentence counts when the passage holds most
 * of it), times interpolated within the captions, 8 to 60 seconds: a longer one loses sentences
 * at its end, a shorter one takes the sentences that follow, and one that cannot reach 8 s is
 * dropped. Where the captions mark speakers, the clip is one speaker's: of the passage's parts
 * between turns, the one that makes the clip covering most of it (taking only its own speaker's
 * next sentences); only when none can last 8 s does a clip run across a turn. Null when nothing fits.
 */
export function snapQuote(index: TranscriptIndex, from: number, to: number) {
  const { sentences } = index;
  if (sentences.length === 0) return null;
  const covered = (i: number) => {
    const sentence = sentences[i]!;
    const inside = Math.min(to, sentence.to) - Math.max(from, sentence.from);
    return inside >= (sentence.to - sentence.from) / 2;
  };
  let first = sentenceAt(index, from);
  let last = sentenceAt(index, Math.max(from, to - 1));
  if (!covered(first) && first < last) first++;
  if (!covered(last) && last > first) last--;
  let best: [number, number] | null = null;
  let most = 0;
  for (let part = first; part <= last;) {
    let end = part;
    while (end < last && !sentences[end + 1]!.turn) end++;
    const clip = clipOf(index, part, end, true);
    const share = clip ? Math.min(sentences[clip[1]]!.to, sentences[last]!.to) - sentences[clip[0]]!.from : 0;
    if (clip && share > most) [best, most] = [clip, share];
    part = end + 1;
  }
  const found = best ?? clipOf(index, first, last, false);
  if (!found) return null;
  const [start, stop] = found;
  return {
    content: index.text.slice(sentences[start]!.from, sentences[stop]!.to).trim(),
    startTime: startOf(index, start),
    endTime: timeAt(index, sentences[stop]!.to),
    from: sentences[start]!.from,
    to: sentences[stop]!.to,
  };
}

/** When sentence `i` starts (from the mark opening it, if one does). */
const startOf = (index: TranscriptIndex, i: number) => spanStart(index, index.sentences[i]!);

/**
 * The sentences `first` to `last` as a clip of 8 to 60 s: fewer at its end when longer, more after
 * it when shorter (within the speaker's turn when `oneTurn`). Null when no such clip starts at `first`.
 */
function clipOf(index: TranscriptIndex, first: number, last: number, oneTurn: boolean): [number, number] | null {
  const { sentences } = index;
  const start = startOf(index, first);
  const end = (i: number) => timeAt(index, sentences[i]!.to);
  while (last > first && end(last) - start > QUOTE_MAX_SECONDS) last--;
  while (
    end(last) - start < QUOTE_MIN_SECONDS &&
    last + 1 < sentences.length &&
    !(oneTurn && sentences[last + 1]!.turn) &&
    end(last + 1) - start <= QUOTE_MAX_SECONDS
  )
    last++;
  const seconds = end(last) - start;
  return seconds >= QUOTE_MIN_SECONDS && seconds <= QUOTE_MAX_SECONDS ? [first, last] : null;
}

/** Spoken start and end of each sentence of the index, computed once per index. */
const sentenceTimes = new WeakMap<TranscriptIndex, { starts: number[]; ends: number[] }>();
function timesOf(index: TranscriptIndex) {
  let times = sentenceTimes.get(index);
  if (!times) {
    times = {
      starts: index.sentences.map((_, i) => startOf(index, i)),
      ends: index.sentences.map((s) => timeAt(index, s.to)),
    };
    sentenceTimes.set(index, times);
  }
  return times;
}

/**
 * Where a topic said to start at `time` starts: the start of the sentence holding it, so that
 * playing the topic does not open on the end of the sentence before; when that sentence began
 * before the caption holding `time` (a long restored sentence of auto-captions), the caption's start.
 */
function topicStartFrom(index: TranscriptIndex, time: number) {
  // A caption that lasts no time ('start' and 'end' the same) at `time` holds it too.
  const caption = index.segments.find((s) => s.end > time || s.start >= time)?.start ?? time;
  const { starts } = timesOf(index);
  const sentence = starts[firstWhere(starts, (start) => start > time) - 1] ?? -Infinity;
  return sentence >= caption ? sentence : caption;
}

/** Where a topic said to end at `time` ends: the end of the sentence holding it, or of its caption (as above). */
function topicEndUntil(index: TranscriptIndex, time: number) {
  let caption = time;
  for (const segment of index.segments) {
    if (segment.start >= time) break;
    caption = segment.end;
  }
  const { ends } = timesOf(index);
  const sentence = ends[firstWhere(ends, (end) => end >= time)] ?? Infinity;
  return sentence <= caption ? sentence : caption;
}

/** Share of the quote's words found, in order, in the transcript from `start` on (a greedy alignment). */
function alignment(index: TranscriptIndex, quote: string[], start: number) {
  let position = start;
  let matched = 0;
  let first = -1;
  let last = -1;
  const timeOf = (token: number) => index.segments[index.tokens[token]!.segment]!.start;
  for (const word of quote) {
    // Allow a few inserted or dropped words between matches, as paraphrase does, and non-speech
    // tags ('[Music]' a line through an interlude), which quotes are written without: as many as
    // a clip's length holds, no more (past it, no clip could join the words either side).
    for (let look = position, said = 0; look < index.tokens.length && said < 4; look++) {
      if (index.tokens[look]!.tag) {
        if (timeOf(look) - timeOf(first < 0 ? start : first) > QUOTE_MAX_SECONDS) break;
        continue;
      }
      said++;
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
const MIN_QUOTE_MATCH = 0.6;

/**
 * Finds the transcript text a quote stands for: near its claimed time when it occurs more than
 * once. Returns the verbatim text and the times of its caption segments, or null when the
 * transcript does not say it.
 */
export function groundQuote(index: TranscriptIndex, content: string, claimedStart: number) {
  const quote = words(content);
  if (quote.length === 0) return null;
  const span = verbatimSpan(index, content.trim(), claimedStart) ?? alignedSpan(index, quote, claimedStart);
  if (!span) return null;
  const first = index.tokens[span.first]!;
  const last = index.tokens[span.last]!;
  // Keep the sentence punctuation that follows the last word.
  // (Its commas taken off from the first of their last run only: tried from each, a run of
  // thousands took seconds, a stranger's sweep.)
  const tail = /^[.!?…।॥؟۔,;:"'”’)\]]*/.exec(index.text.slice(last.to))![0].replace(/(?<![,;:])[,;:]+$/, '');
  return {
    content: index.text.slice(first.from, last.to + tail.length),
    startTime: index.segments[first.segment]!.start,
    endTime: index.segments[last.segment]!.end,
    from: first.from,
    to: last.to + tail.length,
  };
}

/** Index of the first token starting at or after character `position`. */
export const tokenFrom = (index: TranscriptIndex, position: number): number =>
  firstWhere(index.tokens, (token) => token.from >= position);

/** The first and last words of the occurrence of `content` said nearest to `claimedStart`, if it is verbatim. */
function verbatimSpan(index: TranscriptIndex, content: string, claimedStart: number) {
  let best: { first: number; last: number; distance: number } | undefined;
  for (let at = index.text.indexOf(content); at >= 0; at = index.text.indexOf(content, at + 1)) {
    const first = tokenFrom(index, at);
    const last = tokenFrom(index, at + content.length) - 1;
    if (last < first) continue;
    const distance = Math.abs(index.segments[index.tokens[first]!.segment]!.start - claimedStart);
    if (!best || distance < best.distance) best = { first, last, distance };
  }
  return best;
}

/** The best in-order alignment of the quote's words, from the places its word trigrams occur. */
function alignedSpan(index: TranscriptIndex, quote: string[], claimedStart: number) {
  const candidates = new Set<number>();
  const trigrams = index.trigrams();
  for (let i = 0; i + 2 < quote.length; i++) {
    for (const at of trigrams.get(`${quote[i]} ${quote[i + 1]} ${quote[i + 2]}`) ?? []) candidates.add(Math.max(0, at - i));
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
  return best && best.score >= MIN_QUOTE_MATCH ? best : null;
}

const clamp = (value: number, max: number) => Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);

/**
 * Makes a provider's output safe to show, whichever provider made it: each quote replaced by the
 * verbatim transcript text it matches (unmatched quotes dropped), cut to whole sentences of 8 to
 * 60 seconds with their spoken times, never the same passage twice in one analysis; topic times
 * clamped to the video, snapped to sentence starts and ends, covering their quotes and never
 * overlapping (a quote that runs into the next topic dropped); topics without quotes dropped;
 * topics ordered by time.
 */
export function groundTopics(output: AnalysisOutput, segments: TranscriptSegment[], durationSeconds: number): Topic[] {
  const index = indexTranscript(segments);
  const duration = Math.max(durationSeconds, segments.at(-1)?.end ?? 0);
  const used: { from: number; to: number }[] = [];
  const overlapsUsed = (from: number, to: number) =>
    used.some((u) => Math.min(to, u.to) - Math.max(from, u.from) > 0.5 * Math.min(to - from, u.to - u.from));
  // The time each topic says it covers (a reversed range read the right way round); each quote's
  // passage; then which passages stand: first those inside the topic they were given for, then
  // those found elsewhere whose topic, stretched to them, would cross no other topic (a quote the
  // provider put in the wrong topic never takes another topic's passage, nor drags its own topic
  // over others). Only topics that can stand count as others: titled, longer than a moment, with a
  // quote found inside.
  const claimed = output.topics.map((topic) => {
    const [start, end] = [clamp(topic.startTime, duration), clamp(topic.endTime, duration)].sort((x, y) => x - y);
    return { start: start!, end: end! };
  });
  const within = (clip: { startTime: number; endTime: number }, range: { start: number; end: number }) =>
    clip.startTime >= range.start - 1 && clip.endTime <= range.end + 1;
  const found = output.topics.map((topic, t) =>
    topic.quotes.map((quote) => {
      const matched = groundQuote(index, quote.content, clamp(quote.startTime, duration));
      const clip = matched && snapQuote(index, matched.from, matched.to);
      return clip ? { clip, inside: within(clip, claimed[t]!), elsewhere: false, stands: false } : null;
    }),
  );
  const counts = output.topics.map(
    (topic, t) => topic.title.trim() !== '' && claimed[t]!.end - claimed[t]!.start > 2 && found[t]!.some((q) => q?.inside),
  );
  const crosses = (from: number, to: number, range: { start: number; end: number }) =>
    from < range.end - 1 && to > range.start + 1;
  found.forEach((quotes, t) => {
    for (const quote of quotes) {
      if (!quote || quote.inside) continue;
      const from = Math.min(quote.clip.startTime, claimed[t]!.start);
      const to = Math.max(quote.clip.endTime, claimed[t]!.end);
      quote.elsewhere = claimed.some((range, u) => u !== t && counts[u] && crosses(from, to, range));
    }
  });
  const clips = found;
  for (const pass of [true, false]) {
    for (const found of clips.flat()) {
      if (!found || found.inside !== pass || found.elsewhere || overlapsUsed(found.clip.from, found.clip.to)) continue;
      used.push({ from: found.clip.from, to: found.clip.to });
      found.stands = true;
    }
  }
  const topics: Topic[] = [];
  for (const [t, topic] of output.topics.entries()) {
    const quotes = clips[t]!.flatMap((found) =>
      found?.stands
        ? [{ id: randomUUID(), content: found.clip.content, startTime: found.clip.startTime, endTime: found.clip.endTime }]
        : [],
    );
    // A provider's title as a reader sees it: no control characters (PostgreSQL refuses NUL), no
    // direction overrides, one line.
    const title = withoutOverrides(withoutControlCharacters(topic.title)).replace(/\s+/g, ' ').trim();
    if (quotes.length === 0 || !title) continue;
    quotes.sort((a, b) => a.startTime - b.startTime);
    const startTime = Math.min(topicStartFrom(index, claimed[t]!.start), quotes[0]!.startTime);
    const endTime = Math.max(topicEndUntil(index, claimed[t]!.end), ...quotes.map((q) => q.endTime));
    topics.push({ id: randomUUID(), title, startTime, endTime: Math.max(endTime, startTime), quotes });
  }
  return withoutOverlaps(topics);
}

/**
 * Topics in time order, none over another: a share refuses one over another, and the page plays
 * them in turn. Where two overlap (a provider's topic inside another, or running into the next),
 * the earlier ends and the later starts at one point of the overlap: where the later starts, or
 * at a quote's edge, whichever keeps the most quotes of the two (the earliest such point: a topic
 * ends where the next begins); a topic left without a quote goes. (Pair by pair: a topic over the
 * whole video, against several inside it, may keep less than it could.)
 */
function withoutOverlaps(topics: Topic[]): Topic[] {
  topics.sort((a, b) => a.startTime - b.startTime || b.quotes.length - a.quotes.length);
  const played: Topic[] = [];
  for (const topic of topics) {
    let current: Topic | null = topic;
    while (current) {
      const last = played.at(-1);
      if (!last || current.startTime >= last.endTime) {
        played.push(current);
        break;
      }
      const [from, to] = [current.startTime, last.endTime];
      const points = [from, ...last.quotes.map((q) => q.endTime), ...current.quotes.map((q) => q.startTime), to].filter(
        (point) => point >= from && point <= to,
      );
      const kept = (point: number): number =>
        last.quotes.filter((q) => q.endTime <= point).length + current!.quotes.filter((q) => q.startTime >= point).length;
      const cut: number = points.reduce((best: number, point: number) =>
        kept(point) > kept(best) || (kept(point) === kept(best) && point < best) ? point : best,
      );
      const lastQuotes = last.quotes.filter((q) => q.endTime <= cut);
      const currentQuotes: Topic['quotes'] = current.quotes.filter((q) => q.startTime >= cut);
      played.pop();
      if (lastQuotes.length > 0) played.push({ ...last, quotes: lastQuotes, endTime: cut });
      current = currentQuotes.length > 0 && current.endTime > cut ? { ...current, quotes: currentQuotes, startTime: cut } : null;
    }
  }
  return played;
}
