import { performance } from 'node:perf_hooks';
import type { AnalysisOutput, TranscriptSegment } from '@findclips/contracts';
import { AnalysisError } from '../errors';
import { firstWhere } from '../first-where';
import { groundTopics } from '../grounding';
import { analyzeTranscript } from '../pipeline';
import type { AnalysisProvider } from '../provider';
import { analyzeLocally, localProvider } from '../providers/local.provider';
import { sentencesOf, type Sentence } from '../sentences';
import { tfidfBaseline } from './baseline';
import type { Chapter, EvalDocument } from './corpus';
import { boundaryF1, boundaryString, contentWordF1, matchBoundaries, pk, rougeL, windowDiff, windowSize } from './metrics';
import { judgeQuotes, type QuoteJudgement } from './quotes';
import { namesAnAction } from './title-verbs';

/** Tolerances of the issue: ±3 units everywhere, ±30 s where times are real. */
const UNIT_TOLERANCE = 3;
const SECONDS_TOLERANCE = 30;
/** The first-sentence title baseline is cut to the longest title we allow. */
const TITLE_MAX_WORDS = 9;
/** Videos longer than this should not have one topic over MAX_TOPIC_SHARE of their length. */
const LONG_VIDEO_SECONDS = 20 * 60;
const MAX_TOPIC_SHARE = 0.35;

/** What a segmenter proposes for a document: topic starts as unit indexes, maybe titled topics. */
export interface Hypothesis {
  starts: number[];
  topics?: AnalysisOutput['topics'];
  ms?: number;
  /** The analysis refused the transcript (e.g. the content policy): what the user got instead. */
  refused?: string;
}

export interface Segmenter {
  name: string;
  run(document: EvalDocument, reference: Chapter[]): Hypothesis | Promise<Hypothesis>;
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
function unitAt(segments: TranscriptSegment[], time: number): number {
  const lo = Math.max(0, firstWhere(segments, (s) => s.start > time) - 1);
  const next = segments[lo + 1];
  return next && next.start - time < time - segments[lo]!.start ? lo + 1 : lo;
}

/**
 * A provider through the pipeline the worker and the CLI run (moderation, chunks, grounding): what
 * users get, timed without process start. A refused transcript is scored as one topic.
 */
export function pipelineSegmenter(
  provider: AnalysisProvider,
  name = provider.name === 'local' ? 'local analyzer' : `${provider.name} (${provider.model})`,
): Segmenter {
  return {
    name,
    run: async (document) => {
      const started = performance.now();
      try {
        const { topics } = await analyzeTranscript({ segments: document.segments, provider });
        const ms = performance.now() - started;
        return { starts: startsOf(document.segments, topics), topics, ms };
      } catch (error) {
        if (!(error instanceof AnalysisError)) throw error;
        return { starts: [0], topics: [], ms: performance.now() - started, refused: error.code };
      }
    },
  };
}

export const localAnalyzer = pipelineSegmenter(localProvider);

/**
 * Anchor: our boundaries when told the reference's number of topics, so that the tables show how
 * much is left to gain from the count alone and how much from where boundaries go.
 */
export const trueCountAnalyzer: Segmenter = {
  name: 'local analyzer, true count',
  run: (document, reference) => {
    const { segments } = document;
    // Grounded as the pipeline grounds every analysis, so that only the count differs.
    const output = analyzeLocally(segments, undefined, { topics: reference.length });
    return { starts: startsOf(segments, groundTopics(output, segments, segments.at(-1)!.end)) };
  },
};

/** The units where `topics` start, the first unit always among them. */
function startsOf(segments: TranscriptSegment[], topics: AnalysisOutput['topics']): number[] {
  const starts = [...new Set(topics.map((t) => unitAt(segments, t.startTime)))].sort((a, b) => a - b);
  if (starts[0] !== 0) starts.unshift(0);
  return starts;
}

/** The first sentence of the topic starting at `startTime`, cut to 9 words: the title baseline. */
function firstSentence(sentences: Sentence[], startTime: number): string {
  const sentence = sentences.find((s) => s.end > startTime + 0.01);
  return (sentence?.text ?? '').split(/\s+/).slice(0, TITLE_MAX_WORDS).join(' ');
}

/** What one analysis' titles look like. */
interface TitleFigures {
  /** Per reference chapter matched to a topic: scores of its title and of the first-sentence baseline. */
  matched: { rouge: number; baselineRouge: number; f1: number; baselineF1: number }[];
  titles: number;
  /** Titles of 2 to 8 words. */
  wellSized: number;
  /** Titles that repeat an earlier title of the same analysis. */
  duplicates: number;
  /** Titles the tagger could read in their topic, and those of them naming an action, not a subject. */
  readAsSpoken: number;
  actions: number;
}

export interface DocumentScore {
  pk: number;
  windowDiff: number;
  f1Units: number;
  f1Seconds: number | null;
  topics: number;
  referenceTopics: number;
  /** The longest topic's share of the transcript's length. */
  longestShare: number;
  long: boolean;
  titles: TitleFigures | null;
  quotes: QuoteJudgement | null;
  ms: number | null;
  refused: boolean;
}

function titleFigures(document: EvalDocument, reference: Chapter[], topics: AnalysisOutput['topics']): TitleFigures {
  // Chapter 0 goes with topic 0; the others with the topic whose start matched theirs.
  const topicStarts = topics.map((t) => unitAt(document.segments, t.startTime));
  const pairs = document.timed
    ? matchBoundaries(
        reference.map((c) => document.segments[c.startIndex]!.start),
        topics.map((t) => t.startTime),
        SECONDS_TOLERANCE,
      )
    : matchBoundaries(
        reference.map((c) => c.startIndex),
        topicStarts,
        UNIT_TOLERANCE,
      );
  const sentences = sentencesOf(document.segments);
  const matched = new Map(pairs.filter(([c, t]) => c > 0 && t > 0));
  matched.set(0, 0);
  const seen = new Set<string>();
  let duplicates = 0;
  let readAsSpoken = 0;
  let actions = 0;
  for (const topic of topics) {
    const key = topic.title.toLowerCase();
    if (seen.has(key)) duplicates++;
    seen.add(key);
    const action = namesAnAction(
      topic.title,
      sentences.filter((s) => s.end > topic.startTime && s.start < topic.endTime),
    );
    if (action !== null) readAsSpoken++;
    if (action) actions++;
  }
  return {
    matched: [...matched].map(([chapterIndex, topicIndex]) => {
      const title = reference[chapterIndex]!.title;
      const topic = topics[topicIndex]!;
      const baseline = firstSentence(sentences, topic.startTime);
      return {
        rouge: rougeL(title, topic.title),
        baselineRouge: rougeL(title, baseline),
        f1: contentWordF1(title, topic.title),
        baselineF1: contentWordF1(title, baseline),
      };
    }),
    titles: topics.length,
    wellSized: topics.filter((t) => {
      const count = t.title.split(/\s+/).filter(Boolean).length;
      return count >= 2 && count <= 8;
    }).length,
    duplicates,
    readAsSpoken,
    actions,
  };
}

function scoreDocument(document: EvalDocument, reference: Chapter[], hypothesis: Hypothesis): DocumentScore {
  const segments = document.segments;
  const units = segments.length;
  const refStarts = reference.map((c) => c.startIndex);
  const ref = boundaryString(refStarts, units);
  const hyp = boundaryString(hypothesis.starts, units);
  const k = windowSize(units, reference.length);
  const inner = (starts: number[]) => starts.filter((s) => s > 0);
  const seconds = (starts: number[]) => inner(starts).map((s) => segments[s]!.start);
  const byUnits = boundaryF1(inner(refStarts), inner(hypothesis.starts), UNIT_TOLERANCE);
  const bySeconds = document.timed ? boundaryF1(seconds(refStarts), seconds(hypothesis.starts), SECONDS_TOLERANCE) : null;
  const first = segments[0]!.start;
  const last = segments.at(-1)!.end;
  const edges = [...hypothesis.starts.map((s) => segments[s]!.start), last];
  const longest = Math.max(...edges.slice(1).map((edge, i) => edge - edges[i]!));
  const topics = hypothesis.topics;
  return {
    pk: pk(ref, hyp, k),
    windowDiff: windowDiff(ref, hyp, k),
    f1Units: byUnits.f1,
    f1Seconds: bySeconds?.f1 ?? null,
    topics: hypothesis.starts.length,
    referenceTopics: reference.length,
    longestShare: longest / Math.max(last - first, 1e-9),
    long: document.timed && last - first > LONG_VIDEO_SECONDS,
    titles: topics?.length ? titleFigures(document, reference, topics) : null,
    quotes: topics ? judgeQuotes(document, topics) : null,
    ms: hypothesis.ms ?? null,
    refused: Boolean(hypothesis.refused),
  };
}

export interface CorpusRow {
  segmenter: string;
  documents: number;
  pk: number;
  windowDiff: number;
  f1Units: number;
  f1Seconds: number | null;
  /** The median over documents of our topics per reference chapter. */
  topicRatio: number;
  topics: number;
  referenceTopics: number;
  longestShare: number;
  /** Videos over 20 minutes, and those with a topic over 35% of their length. */
  longVideos: number;
  oversized: number;
  refused: number;
  titles: {
    matched: number;
    f1: number;
    baselineF1: number;
    rouge: number;
    baselineRouge: number;
    wellSized: number;
    duplicates: number;
    count: number;
    readAsSpoken: number;
    actions: number;
  } | null;
  quotes: QuoteJudgement | null;
  msPerDocument: number | null;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return 0;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Means over documents (each document weighs the same); titles and quotes pooled. */
function summarize(segmenter: string, scores: DocumentScore[]): CorpusRow {
  const timed = scores.every((s) => s.f1Seconds !== null);
  const ms = scores.map((s) => s.ms).filter((m): m is number => m !== null);
  const titled = scores.flatMap((s) => (s.titles ? [s.titles] : []));
  const matched = titled.flatMap((t) => t.matched);
  const judged = scores.flatMap((s) => (s.quotes ? [s.quotes] : []));
  return {
    segmenter,
    documents: scores.length,
    pk: mean(scores.map((s) => s.pk)),
    windowDiff: mean(scores.map((s) => s.windowDiff)),
    f1Units: mean(scores.map((s) => s.f1Units)),
    f1Seconds: timed ? mean(scores.map((s) => s.f1Seconds!)) : null,
    topicRatio: median(scores.map((s) => s.topics / s.referenceTopics)),
    topics: mean(scores.map((s) => s.topics)),
    referenceTopics: mean(scores.map((s) => s.referenceTopics)),
    longestShare: mean(scores.map((s) => s.longestShare)),
    longVideos: scores.filter((s) => s.long).length,
    oversized: scores.filter((s) => s.long && s.longestShare > MAX_TOPIC_SHARE).length,
    refused: scores.filter((s) => s.refused).length,
    titles: titled.length
      ? {
          matched: matched.length,
          f1: mean(matched.map((m) => m.f1)),
          baselineF1: mean(matched.map((m) => m.baselineF1)),
          rouge: mean(matched.map((m) => m.rouge)),
          baselineRouge: mean(matched.map((m) => m.baselineRouge)),
          wellSized: titled.reduce((n, t) => n + t.wellSized, 0),
          duplicates: titled.reduce((n, t) => n + t.duplicates, 0),
          count: titled.reduce((n, t) => n + t.titles, 0),
          readAsSpoken: titled.reduce((n, t) => n + t.readAsSpoken, 0),
          actions: titled.reduce((n, t) => n + t.actions, 0),
        }
      : null,
    quotes: judged.length ? poolQuotes(judged) : null,
    msPerDocument: ms.length ? mean(ms) : null,
  };
}

/** The quotes of several analyses as one: counts summed, lists joined. */
function poolQuotes(judged: QuoteJudgement[]): QuoteJudgement {
  const sum = (pick: (j: QuoteJudgement) => number) => judged.reduce((n, j) => n + pick(j), 0);
  return {
    quotes: sum((j) => j.quotes),
    lengths: judged.flatMap((j) => j.lengths),
    within8to60s: sum((j) => j.within8to60s),
    verbatim: sum((j) => j.verbatim),
    sentenceKnown: judged.some((j) => j.sentenceKnown),
    startsOnSentence: sum((j) => j.startsOnSentence),
    endsOnSentence: sum((j) => j.endsOnSentence),
    judgedOnSentence: sum((j) => j.judgedOnSentence),
    nearDuplicatePairs: sum((j) => j.nearDuplicatePairs),
    leaningOpenings: sum((j) => j.leaningOpenings),
    spreads: judged.flatMap((j) => j.spreads),
    speakersKnown: sum((j) => j.speakersKnown),
    joiningSpeakers: sum((j) => j.joiningSpeakers),
  };
}

/** A level of the set: which documents, against which of their chapters. */
interface Level {
  name: string;
  documents: { document: EvalDocument; reference: Chapter[] }[];
  /** A folder's documents by source (`source.kind` or channel), when it has several. */
  groups: boolean;
}

/** Words per line of YouTube's auto-captions (the FSDL lectures: median 18 words, 6 s). */
const AUTO_CAPTION_WORDS = 17;

/**
 * A punctuated transcript as auto-captions show it: lower case, no punctuation, lines of 17 words
 * cut wherever they fall (times interpolated within the original captions), the same words. Its
 * quotes are then judged against the sentences of the original (`truth`).
 */
export function asAutoCaptions(document: EvalDocument): EvalDocument {
  const timed: { word: string; time: number }[] = [];
  for (const segment of document.segments) {
    const text = segment.text.toLowerCase().replace(/[^\p{L}\p{N}'’\s-]|(?<![\p{L}\p{N}])['’-]|['’-](?![\p{L}\p{N}])/gu, ' ');
    const span = segment.end - segment.start;
    for (const match of text.matchAll(/\S+/g)) {
      timed.push({ word: match[0], time: segment.start + (span * match.index) / Math.max(text.length, 1) });
    }
  }
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < timed.length; i += AUTO_CAPTION_WORDS) {
    const line = timed.slice(i, i + AUTO_CAPTION_WORDS);
    segments.push({
      text: line.map((t) => t.word).join(' '),
      start: line[0]!.time,
      end: timed[i + AUTO_CAPTION_WORDS]?.time ?? document.segments.at(-1)!.end,
    });
  }
  // The reference chapters start at the line holding their first word.
  const lineOf = (segmentIndex: number) => {
    const time = document.segments[segmentIndex]!.start;
    const found = segments.findIndex((s) => s.end > time);
    return found < 0 ? segments.length - 1 : found;
  };
  const rechapter = (chapters: Chapter[]) =>
    chapters.map((c) => ({ ...c, startIndex: c.startIndex === 0 ? 0 : lineOf(c.startIndex) }));
  return {
    ...document,
    id: `${document.id} (auto-captions)`,
    corpus: `${document.corpus}, as auto-captions`,
    segments,
    chapters: rechapter(document.chapters),
    chaptersFine: document.chaptersFine && rechapter(document.chaptersFine),
    truth: document.segments,
  };
}

/**
 * A transcript whose source says who speaks, with its caption lines marked as captioning marks a
 * new speaker ('>> ' before the first words of each turn).
 */
function withTurnsMarked(document: EvalDocument): EvalDocument {
  const speakers = document.speakers!;
  return {
    ...document,
    id: `${document.id} (turns marked)`,
    segments: document.segments.map((segment, i) =>
      i > 0 && speakers[i] !== speakers[i - 1] ? { ...segment, text: `>> ${segment.text}` } : segment,
    ),
  };
}

/**
 * TinyRec at both annotation levels and QMSum, then each other folder of the set by name, then the
 * podcasts again as auto-captions (lower case, no punctuation), as most YouTube videos have them;
 * last, the transcripts that say who speaks, as they are and with their turns marked as captions
 * mark them.
 */
export function levelsOf(documents: EvalDocument[]): Level[] {
  const of = (pick: (d: EvalDocument) => Chapter[] | null, from = documents) =>
    from.flatMap((document) => {
      const reference = pick(document);
      return reference ? [{ document, reference }] : [];
    });
  const folders = [...new Set(documents.map((d) => d.corpus))].filter((c) => c !== 'tinyrec' && c !== 'qmsum');
  const stripped = documents.filter((d) => d.corpus === 'podcasts').map(asAutoCaptions);
  const labelled = documents.filter((d) => d.speakers);
  const levels: Level[] = [
    { name: 'TinyRec coarse', documents: of((d) => (d.corpus === 'tinyrec' ? d.chapters : null)), groups: false },
    { name: 'TinyRec fine', documents: of((d) => (d.corpus === 'tinyrec' ? d.chaptersFine : null)), groups: false },
    { name: 'QMSum', documents: of((d) => (d.corpus === 'qmsum' ? d.chapters : null)), groups: false },
    ...folders.map((corpus) => ({ name: corpus, documents: of((d) => (d.corpus === corpus ? d.chapters : null)), groups: true })),
    { name: 'podcasts, as auto-captions', documents: of((d) => d.chapters, stripped), groups: false },
    { name: 'speaker-labelled', documents: of((d) => d.chapters, labelled), groups: false },
    {
      name: 'speaker-labelled, turns marked (>>)',
      documents: of((d) => d.chapters, labelled.map(withTurnsMarked)),
      groups: false,
    },
  ];
  return levels.filter((level) => level.documents.length > 0);
}

export interface LevelTable {
  level: string;
  documents: number;
  rows: CorpusRow[];
  /** Per source within the level: the analyzer's row and the classical baseline's. */
  groups: { group: string; rows: CorpusRow[] }[];
  /** The analyzer's (the last segmenter's) scores of each document, for `--save` and `--against`. */
  analyzerScores: { id: string; score: DocumentScore }[];
}

interface EvaluateOptions {
  segmenters?: Segmenter[];
  /** Only the levels `selects` keeps for one of these. */
  only?: string[];
}

/**
 * Whether `--only NAME` keeps a level: its name starts with NAME ('TinyRec' keeps both of
 * TinyRec's), or all its documents come from the folder NAME ('podcasts' keeps the podcasts and
 * their auto-captions, not the speaker-labelled levels, which hold other folders' too), in any case.
 */
export function selects(name: string, level: Level): boolean {
  const wanted = name.toLowerCase();
  return (
    level.name.toLowerCase().startsWith(wanted) ||
    level.documents.every(({ document }) => document.corpus.toLowerCase() === wanted)
  );
}

/** Scores every segmenter on every level of the set. */
export async function evaluate(documents: EvalDocument[], options: EvaluateOptions = {}): Promise<LevelTable[]> {
  const segmenters = options.segmenters ?? [noBoundaries, equidistant, trueCountAnalyzer, tfidfBaseline, localAnalyzer];
  const levels = levelsOf(documents).filter((l) => !options.only || options.only.some((name) => selects(name, l)));
  const tables: LevelTable[] = [];
  // A transcript scored at two levels against the same chapters (those that say who speaks are
  // also TinyRec's, QMSum's and the podcasts') is segmented and scored once by each segmenter: one
  // answer per document and chapters, as a provider would be asked once.
  const scored = new Map<Segmenter, WeakMap<EvalDocument, Map<Chapter[], DocumentScore>>>(
    segmenters.map((s) => [s, new WeakMap()]),
  );
  const score = async (segmenter: Segmenter, document: EvalDocument, reference: Chapter[]) => {
    const byDocument = scored.get(segmenter)!;
    const known = byDocument.get(document) ?? new Map<Chapter[], DocumentScore>();
    byDocument.set(document, known);
    const found = known.get(reference) ?? scoreDocument(document, reference, await segmenter.run(document, reference));
    known.set(reference, found);
    return found;
  };
  for (const level of levels) {
    const scores = new Map<Segmenter, DocumentScore[]>();
    for (const segmenter of segmenters) {
      const list: DocumentScore[] = [];
      for (const { document, reference } of level.documents) {
        list.push(await score(segmenter, document, reference));
      }
      scores.set(segmenter, list);
    }
    const analyzerScores = scores.get(segmenters.at(-1)!)!;
    const groups = level.groups
      ? [...new Set(level.documents.map(({ document }) => document.group ?? '–'))].sort().map((group) => {
          const members = level.documents
            .map(({ document }, i) => ((document.group ?? '–') === group ? i : -1))
            .filter((i) => i >= 0);
          return {
            group,
            rows: segmenters
              .filter((s) => s === tfidfBaseline || s === segmenters.at(-1))
              .map((s) =>
                summarize(
                  s.name,
                  members.map((i) => scores.get(s)![i]!),
                ),
              ),
          };
        })
      : [];
    tables.push({
      level: level.name,
      documents: level.documents.length,
      rows: segmenters.map((s) => summarize(s.name, scores.get(s)!)),
      groups: groups.length > 1 ? groups : [],
      analyzerScores: level.documents.map(({ document }, i) => ({ id: document.id, score: analyzerScores[i]! })),
    });
  }
  return tables;
}
