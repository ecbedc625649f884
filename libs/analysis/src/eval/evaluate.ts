import { performance } from 'node:perf_hooks';
import type { AnalysisOutput } from '@findclips/contracts';
import { analyzeLocally } from '../providers/local.provider';
import { sentencesOf, type Sentence } from '../text';
import type { Chapter, EvalDocument } from './corpus';
import { boundaryF1, boundaryString, matchBoundaries, pk, rougeL, windowDiff, windowSize } from './metrics';

/** Tolerances of the issue: ±3 units everywhere, ±15 s where times are real. */
export const UNIT_TOLERANCE = 3;
export const SECONDS_TOLERANCE = 15;
/** The first-sentence title baseline is cut to the longest title we allow. */
const TITLE_MAX_WORDS = 9;

/** What a segmenter proposes for a document: topic starts as unit indexes, maybe titled topics. */
export interface Hypothesis {
  starts: number[];
  topics?: AnalysisOutput['topics'];
  ms?: number;
}

export interface Segmenter {
  name: string;
  run(document: EvalDocument, reference: Chapter[]): Hypothesis;
}

/** Trivial anchor: one topic. */
export const noBoundaries: Segmenter = { name: 'no boundaries', run: () => ({ starts: [0] }) };

/** Trivial anchor: the true number of topics, equally long. */
export const equidistant: Segmenter = {
  name: 'equidistant, true count',
  run: (document, reference) => {
    const units = document.segments.length;
    return { starts: reference.map((_, i) => Math.round((i * units) / reference.length)) };
  },
};

/** The unit whose start is nearest to `time`. */
function unitAt(document: EvalDocument, time: number): number {
  const segments = document.segments;
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.start <= time) lo = mid;
    else hi = mid - 1;
  }
  const next = segments[lo + 1];
  return next && next.start - time < time - segments[lo]!.start ? lo + 1 : lo;
}

/** The built-in analyzer, timed without process start. */
export const localAnalyzer: Segmenter = {
  name: 'local analyzer',
  run: (document) => {
    const started = performance.now();
    const output = analyzeLocally(document.segments);
    const ms = performance.now() - started;
    const starts = [...new Set(output.topics.map((t) => unitAt(document, t.startTime)))].sort((a, b) => a - b);
    return { starts: starts.length ? starts : [0], topics: output.topics, ms };
  },
};

/** The segmentation figures, for a document or as means over a corpus. */
interface SegmentationFigures {
  pk: number;
  windowDiff: number;
  f1Units: number;
  f1Seconds: number | null;
  topics: number;
  referenceTopics: number;
}

export interface DocumentScore extends SegmentationFigures {
  /** Per reference title matched to a hypothesis topic: ROUGE-L of its title and of the baseline. */
  titles: { title: number; baseline: number }[];
  ms: number | null;
}

/** The first sentence of the topic starting at `startTime`, cut to 9 words: the title baseline. */
function firstSentence(sentences: Sentence[], startTime: number): string {
  const sentence = sentences.find((s) => s.end > startTime + 0.01);
  return (sentence?.text ?? '').split(/\s+/).slice(0, TITLE_MAX_WORDS).join(' ');
}

export function scoreDocument(document: EvalDocument, reference: Chapter[], hypothesis: Hypothesis): DocumentScore {
  const units = document.segments.length;
  const refStarts = reference.map((c) => c.startIndex);
  const ref = boundaryString(refStarts, units);
  const hyp = boundaryString(hypothesis.starts, units);
  const k = windowSize(units, reference.length);
  const inner = (starts: number[]) => starts.filter((s) => s > 0);
  const seconds = (starts: number[]) => inner(starts).map((s) => document.segments[s]!.start);
  const byUnits = boundaryF1(inner(refStarts), inner(hypothesis.starts), UNIT_TOLERANCE);
  const bySeconds = document.timed ? boundaryF1(seconds(refStarts), seconds(hypothesis.starts), SECONDS_TOLERANCE) : null;

  const titles: DocumentScore['titles'] = [];
  const topics = hypothesis.topics;
  if (topics?.length) {
    // Chapter 0 goes with topic 0; the others with the topic whose start matched theirs.
    const topicStarts = topics.map((t) => unitAt(document, t.startTime));
    const pairs = document.timed
      ? matchBoundaries(
          reference.map((c) => document.segments[c.startIndex]!.start),
          topics.map((t) => t.startTime),
          SECONDS_TOLERANCE,
        )
      : matchBoundaries(refStarts, topicStarts, UNIT_TOLERANCE);
    const sentences = sentencesOf(document.segments);
    const matched = new Map(pairs.filter(([c, t]) => c > 0 && t > 0));
    matched.set(0, 0);
    for (const [chapterIndex, topicIndex] of matched) {
      const topic = topics[topicIndex]!;
      titles.push({
        title: rougeL(reference[chapterIndex]!.title, topic.title),
        baseline: rougeL(reference[chapterIndex]!.title, firstSentence(sentences, topic.startTime)),
      });
    }
  }
  return {
    pk: pk(ref, hyp, k),
    windowDiff: windowDiff(ref, hyp, k),
    f1Units: byUnits.f1,
    f1Seconds: bySeconds?.f1 ?? null,
    topics: hypothesis.starts.length,
    referenceTopics: reference.length,
    titles,
    ms: hypothesis.ms ?? null,
  };
}

export interface CorpusRow extends SegmentationFigures {
  segmenter: string;
  documents: number;
  titleRouge: number | null;
  baselineRouge: number | null;
  titlesMatched: number;
  msPerDocument: number | null;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Means over documents (each document weighs the same). */
export function summarize(segmenter: string, scores: DocumentScore[]): CorpusRow {
  const titles = scores.flatMap((s) => s.titles);
  const timed = scores.every((s) => s.f1Seconds !== null);
  const ms = scores.map((s) => s.ms).filter((m): m is number => m !== null);
  return {
    segmenter,
    documents: scores.length,
    pk: mean(scores.map((s) => s.pk)),
    windowDiff: mean(scores.map((s) => s.windowDiff)),
    f1Units: mean(scores.map((s) => s.f1Units)),
    f1Seconds: timed ? mean(scores.map((s) => s.f1Seconds!)) : null,
    topics: mean(scores.map((s) => s.topics)),
    referenceTopics: mean(scores.map((s) => s.referenceTopics)),
    titleRouge: titles.length ? mean(titles.map((t) => t.title)) : null,
    baselineRouge: titles.length ? mean(titles.map((t) => t.baseline)) : null,
    titlesMatched: titles.length,
    msPerDocument: ms.length ? mean(ms) : null,
  };
}

interface Level {
  name: string;
  pick: (d: EvalDocument) => Chapter[] | null;
  /** Whether its outputs go into the quote report (the sets the quote targets were set on). */
  quotes: boolean;
}

/** TinyRec at both annotation levels and QMSum, then one level per other folder of the set, by name. */
export function levelsOf(documents: EvalDocument[]): Level[] {
  const levels: Level[] = [
    { name: 'TinyRec coarse', pick: (d) => (d.corpus === 'tinyrec' ? d.chapters : null), quotes: true },
    { name: 'TinyRec fine', pick: (d) => (d.corpus === 'tinyrec' ? d.chaptersFine : null), quotes: false },
    { name: 'QMSum', pick: (d) => (d.corpus === 'qmsum' ? d.chapters : null), quotes: true },
  ];
  const others = [...new Set(documents.map((d) => d.corpus))].filter((c) => c !== 'tinyrec' && c !== 'qmsum');
  return [
    ...levels,
    ...others.map((corpus) => ({
      name: corpus,
      pick: (d: EvalDocument) => (d.corpus === corpus ? d.chapters : null),
      quotes: false,
    })),
  ];
}

export interface QuoteReport {
  quotes: number;
  startsOnSentence: number;
  endsOnSentence: number;
  within8to60s: number;
  seconds: { min: number; p10: number; median: number; p90: number; max: number };
}

const SENTENCE_START = /^["'“‘(]?[\p{Lu}\p{Lt}\p{Lo}\p{N}]/u;
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

/** How the quotes look: sentence boundaries judged from the text itself, lengths in seconds. */
export function quoteReport(outputs: AnalysisOutput[]): QuoteReport {
  const quotes = outputs.flatMap((o) => o.topics.flatMap((t) => t.quotes));
  const lengths = quotes.map((q) => q.endTime - q.startTime).sort((a, b) => a - b);
  const at = (p: number) => lengths[Math.min(lengths.length - 1, Math.floor(p * lengths.length))] ?? 0;
  const share = (test: (q: (typeof quotes)[number]) => boolean) =>
    quotes.length ? quotes.filter(test).length / quotes.length : 0;
  return {
    quotes: quotes.length,
    startsOnSentence: share((q) => SENTENCE_START.test(q.content.trim())),
    endsOnSentence: share((q) => SENTENCE_END.test(q.content.trim())),
    within8to60s: share((q) => q.endTime - q.startTime >= 8 && q.endTime - q.startTime <= 60),
    seconds: { min: lengths[0] ?? 0, p10: at(0.1), median: at(0.5), p90: at(0.9), max: lengths.at(-1) ?? 0 },
  };
}

/** Scores every segmenter on every level of the set. */
export function evaluate(documents: EvalDocument[], segmenters: Segmenter[] = [noBoundaries, equidistant, localAnalyzer]) {
  const outputs: AnalysisOutput[] = [];
  const tables = levelsOf(documents).map((level) => {
    const docs = documents.flatMap((d) => {
      const reference = level.pick(d);
      return reference ? [{ document: d, reference }] : [];
    });
    const rows = segmenters.map((segmenter) =>
      summarize(
        segmenter.name,
        docs.map(({ document, reference }) => {
          const hypothesis = segmenter.run(document, reference);
          if (hypothesis.topics && level.quotes) outputs.push({ topics: hypothesis.topics });
          return scoreDocument(document, reference, hypothesis);
        }),
      ),
    );
    return { level: level.name, documents: docs.length, rows };
  });
  return { tables, quotes: quoteReport(outputs) };
}
