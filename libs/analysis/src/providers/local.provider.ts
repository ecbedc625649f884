import type { AnalysisOutput, TranscriptSegment } from '@findclips/contracts';
import { sentencesOf, stopWordsFor, words, type Sentence } from '../text';
import type { AnalysisProvider, AnalyzeInput } from '../provider';
import { expectedTopics, segmentTopics, spoken } from '../segmentation';

const STRONG =
  /\b(?:never|always|best|worst|most|biggest|hardest|only|every|nobody|everyone|rule|mistake|secret|truth|simple|exactly|percent|million|billion|thousand|hundred)\b/i;
const CONNECTOR_START = /^(?:and|but|so|or|because|which|that|then|also|y|pero|et|mais|und|aber)\b/i;
/** Openings that lean on what was said before ('it', 'that', 'they'): a clip starting so needs context. */
const CONTEXT_START = /^(?:it|that|this|these|those|they|he|she|them|there)\b/i;
/** Sentences that start as sentences do: a capital, a digit, a quote mark, or a script without case. */
const SENTENCE_START = /^["'“‘(]?[\p{Lu}\p{Lt}\p{Lo}\p{N}]/u;

interface Unit extends Sentence {
  terms: string[];
}

const capitalize = (phrase: string) =>
  phrase.replace(/(^|\s)(\p{L})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());

function termFrequencies(units: Unit[], from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = Math.max(0, from); i < Math.min(units.length, to); i++) {
    for (const term of units[i]!.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>, idf: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, count] of a) {
    const w = count * (idf.get(term) ?? 1);
    na += w * w;
    const other = b.get(term);
    if (other) dot += w * other * (idf.get(term) ?? 1);
  }
  for (const [term, count] of b) {
    const w = count * (idf.get(term) ?? 1);
    nb += w * w;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** A title of 3-9 words from the topic's most distinctive phrases (`idf` across topics). */
function titleOf(units: Unit[], idf: Map<string, number>): string {
  const scores = new Map<string, number>();
  for (const unit of units) {
    const tokens = unit.terms;
    tokens.forEach((term, i) => {
      scores.set(term, (scores.get(term) ?? 0) + (idf.get(term) ?? 1));
      const next = tokens[i + 1];
      if (next && unit.text.toLowerCase().includes(`${term} ${next}`)) {
        const phrase = `${term} ${next}`;
        scores.set(phrase, (scores.get(phrase) ?? 0) + 1.6 * (((idf.get(term) ?? 1) + (idf.get(next) ?? 1)) / 2));
      }
    });
  }
  const ranked = [...scores].filter(([phrase]) => !/^\d+$/.test(phrase)).sort((a, b) => b[1] - a[1]);
  const first = ranked[0]?.[0];
  if (!first) return 'Opening Remarks';
  const second = ranked.find(([phrase]) => !phrase.split(' ').some((w) => first.split(' ').includes(w)))?.[0];
  return second ? `${capitalize(first)} and ${capitalize(second)}` : `All About ${capitalize(first)}`;
}

/** One quote per 5 minutes of a topic: at least 1, at most 5. */
const quotesFor = (seconds: number) => Math.min(5, Math.max(1, Math.round(seconds / 300)));

/** The most quotable spans of whole sentences lasting 8 to 60 seconds. */
function quotesOf(units: Unit[], idf: Map<string, number>, wanted: number) {
  const candidates: { from: number; to: number; score: number; start: number; end: number }[] = [];
  for (let from = 0; from < units.length; from++) {
    for (let to = from; to < Math.min(units.length, from + 4); to++) {
      const start = units[from]!.start;
      const end = units[to]!.end;
      const length = end - start;
      if (length > 60) break;
      if (length < 8 && to < units.length - 1) continue;
      const span = units.slice(from, to + 1);
      const text = span.map((u) => u.text).join(' ');
      const weight = span.reduce((sum, u) => sum + u.terms.reduce((s, t) => s + (idf.get(t) ?? 1), 0), 0);
      const wordCount = Math.max(1, words(text).length);
      let score = weight / Math.sqrt(wordCount);
      if (/\d/.test(text)) score += 0.6;
      if (STRONG.test(text)) score += 0.4;
      const opening = spoken(span[0]!.text);
      if (CONNECTOR_START.test(opening)) score -= 0.6;
      if (CONTEXT_START.test(opening)) score -= 0.4;
      if (!SENTENCE_START.test(opening)) score -= 1;
      if (span.at(-1)!.text.endsWith('?')) score -= 0.8;
      if (length >= 12 && length <= 40) score += 0.3;
      candidates.push({ from, to, score, start, end });
    }
  }
  const chosen: typeof candidates = [];
  for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
    if (chosen.length >= wanted) break;
    if (chosen.every((c) => candidate.to < c.from || candidate.from > c.to)) chosen.push(candidate);
  }
  return chosen
    .sort((a, b) => a.start - b.start)
    .map((c) => ({
      content: units
        .slice(c.from, c.to + 1)
        .map((u) => u.text)
        .join(' '),
      startTime: c.start,
      endTime: c.end,
    }));
}

/**
 * The built-in analyzer: no key, no network. Segments the transcript by vocabulary shift, topic
 * cues and pauses, with a topic count from the video's length; titles from distinctive phrases;
 * quotes from whole sentences scored for what people quote (numbers, strong claims).
 */
export function analyzeLocally(segments: TranscriptSegment[], durationSeconds?: number): AnalysisOutput {
  if (segments.length === 0) return { topics: [] };
  const duration = durationSeconds ?? segments.at(-1)!.end;
  const sentences = sentencesOf(segments);
  const stop = stopWordsFor(
    words(
      sentences
        .slice(0, 400)
        .map((s) => s.text)
        .join(' '),
    ),
  );
  const units: Unit[] = sentences.map((s) => ({ ...s, terms: words(s.text).filter((w) => w.length > 2 && !stop.has(w)) }));

  const documentFrequency = new Map<string, number>();
  for (const unit of units)
    for (const term of new Set(unit.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = new Map([...documentFrequency].map(([term, df]) => [term, Math.log(1 + units.length / df)]));

  const starts = segmentTopics(units, idf, expectedTopics(duration));
  const slices = starts.map((from, k) => units.slice(from, starts[k + 1] ?? units.length));
  // Title words should tell topics apart: weigh them by how few topics use them.
  const topicFrequency = new Map<string, number>();
  for (const slice of slices)
    for (const term of new Set(slice.flatMap((u) => u.terms))) topicFrequency.set(term, (topicFrequency.get(term) ?? 0) + 1);
  const topicIdf = new Map(
    [...topicFrequency].map(([term, df]) => [term, (idf.get(term) ?? 1) * Math.log(1 + slices.length / df)]),
  );
  const topics = slices.map((slice) => {
    const start = slice[0]!.start;
    const end = slice.at(-1)!.end;
    return {
      title: titleOf(slice, slices.length > 1 ? topicIdf : idf),
      startTime: start,
      endTime: end,
      quotes: quotesOf(slice, idf, quotesFor(end - start)),
    };
  });
  return { topics };
}

/** The `local` provider. */
export const localProvider: AnalysisProvider = {
  name: 'local',
  model: 'findclips-local-1',
  analyze: async ({ segments, durationSeconds }: AnalyzeInput) => analyzeLocally(segments, durationSeconds),
};
