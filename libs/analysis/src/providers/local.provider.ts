import { CHAPTER_RULES, type AnalysisOutput, type TranscriptSegment, type VideoChapter } from '@findclips/contracts';
import { sentencesOf, type Sentence } from '../sentences';
import { languageOf, linesJoinWithoutSpace, saysSomethingIn, spoken, stopWordsOf, words } from '../text';
import { titleTopics, wordBase } from '../titles';
import type { AnalysisProvider, AnalyzeInput } from '../provider';
import { expectedTopics, opensTopic, segmentInto, segmentTopics } from '../segmentation';

const STRONG =
  /\b(?:never|always|best|worst|most|biggest|hardest|only|every|nobody|everyone|rule|mistake|secret|truth|simple|exactly|percent|million|billion|thousand|hundred)\b/i;
const CONNECTOR_START = /^(?:and|but|so|or|because|which|that|then|also|y|pero|et|mais|und|aber)\b/i;
/** Openings that lean on what was said before ('it', 'that', 'they'): a clip starting so needs context. */
const CONTEXT_START = /^(?:it|that|this|these|those|they|he|she|them|there)\b/i;
/**
 * Last sentences that announce what comes next ('So here's the line I wish someone had told me.',
 * 'And finally, value capture.') or trail off ('…'): a clip ending so stops before its point.
 */
const LEADS_ON =
  /(?:…|\.\.\.)["'”’]?$|^(?:(?:so|and|but|now|okay),? )?here['’]?s (?:the|what|how|why|my|our|one|a|an|where|who)\b[^:]*$|^(?:and )?(?:first|second|third|fourth|next|finally|lastly),(?: (?!(?:i|we|you|they|he|she|it|that|this|there)\b)\S+){1,3}[.!]?$/i;
/** Quotation marks in a text: straight ones (an inch mark after a digit is none), „, “ and ”. */
interface Marks {
  straight: number;
  low: number;
  open: number;
  close: number;
}
const marksOf = (text: string): Marks => ({
  straight: text.match(/(?<!\d)"/g)?.length ?? 0,
  low: text.match(/„/g)?.length ?? 0,
  open: text.match(/“/g)?.length ?? 0,
  close: text.match(/”/g)?.length ?? 0,
});
const addMarks = (a: Marks, b: Marks): Marks => ({
  straight: a.straight + b.straight,
  low: a.low + b.low,
  open: a.open + b.open,
  close: a.close + b.close,
});
const NO_MARKS: Marks = { straight: 0, low: 0, open: 0, close: 0 };
/**
 * A quote that opens a quotation it does not close (or closes one it did not open) is cut inside
 * it. Straight marks pair up; „ closes with “ (German), “ with ” (English), and ” with ” (Swedish).
 */
const unbalanced = ({ straight, low, open, close }: Marks) =>
  straight % 2 === 1 || (low > 0 ? low !== open : open > 0 ? open !== close : close % 2 === 1);

/** Whether a span of sentences ends before its point: on an announcement, trailing off, or inside a quotation. */
export const endsBeforeItsPoint = (sentences: string[]) =>
  LEADS_ON.test(spoken(sentences.at(-1) ?? '')) || unbalanced(sentences.map(marksOf).reduce(addMarks, NO_MARKS));
/** A sentence's last characters when it ends on its punctuation. */
const ENDS_SENTENCE = /[.!?…。！？।॥؟۔]["'”’)\]]*$/u;
/** Sentences that start as sentences do: a capital, a digit, a quote mark, or a script without case. */
const SENTENCE_START = /^["'“‘(]?[\p{Lu}\p{Lt}\p{Lo}\p{N}]/u;

interface Unit extends Sentence {
  terms: string[];
  /** The text as spoken (no non-speech tags): what quotes are judged to open on. */
  spoken: string;
  /** Its words, lower-cased. */
  spokenWords: string[];
}

/** One quote per 2 minutes of a topic: at least 1, at most 5. */
const quotesFor = (seconds: number) => Math.min(5, Math.max(1, Math.round(seconds / 120)));
/** Candidates tried per part of a topic before deciding it has nothing new to quote. */
const MAX_TRIES = 40;
/** What a span ending before its point loses (a quote's score is mostly 1-4). */
const CUT_SHORT_PENALTY = 2;
/**
 * What a span with a question after its first sentence loses (as a span cut short, its part's
 * last choice): such a question is mostly the host's, so the span joins two speakers. On the
 * development set, quotes holding a question followed by more go from 558 to 392 of 3,408 (466 at
 * a penalty of 1, which still joins them where a topic has nothing else to quote).
 */
const TURN_PENALTY = 2;
/** Two quotes sharing more than this share of their content words say the same thing. */
const MAX_OVERLAP = 0.3;
/**
 * Weight of the log-likelihood that a quote's restored start and end are sentence edges (chosen
 * by leave-one-channel-out cross-validation on podcasts stripped to auto-captions).
 */
const EDGE_WEIGHT = 5;
/**
 * On restored sentences, a quote is only cut where the boundary model finds its start and end
 * together this likely (the product of both probabilities); a topic with no such quote still gets
 * its best one. On podcasts stripped to auto-captions, quotes start and end on a sentence 78% / 67%
 * of the time with no such bar (2,030 quotes), 81% / 68% at 0.1, and 81-83% / 69-70% from 0.2 to
 * 0.5, where the quotes get fewer (1,743 at 0.2, 1,017 at 0.5): the lowest bar of the plateau keeps
 * the most clips. (Measured in stop 84; when the bar was chosen, 83-84% / 70-71%, 1,971 and 1,087.)
 */
const MIN_EDGE_SURE = 0.2;

/**
 * The content words of the quotes an analysis has chosen so far, indexed by word, so that a new
 * candidate is compared only with the quotes it shares words with.
 */
class SaidSoFar {
  private readonly sizes: number[] = [];
  private readonly quotesWith = new Map<string, number[]>();
  private readonly shared: number[] = [];

  add(terms: Set<string>): void {
    const index = this.sizes.length;
    this.sizes.push(terms.size);
    this.shared.push(0);
    for (const term of terms) {
      const list = this.quotesWith.get(term);
      if (list) list.push(index);
      else this.quotesWith.set(term, [index]);
    }
  }

  /** True when some quote shares more than MAX_OVERLAP of the words of both (Jaccard). */
  repeats(terms: Set<string>): boolean {
    const touched: number[] = [];
    for (const term of terms) {
      for (const quote of this.quotesWith.get(term) ?? []) {
        if (this.shared[quote] === 0) touched.push(quote);
        this.shared[quote]!++;
      }
    }
    let repeated = false;
    for (const quote of touched) {
      const common = this.shared[quote]!;
      if (common / (this.sizes[quote]! + terms.size - common) > MAX_OVERLAP) repeated = true;
      this.shared[quote] = 0;
    }
    return repeated;
  }
}

/**
 * The most quotable spans of whole sentences lasting 8 to 60 seconds, one from each equal part of
 * the topic so that they cover it; never one that says what an earlier quote of the analysis
 * said (`said`), nor one that opens on a pronoun needing what came before or on a segue, nor one
 * that runs into the next speaker's turn where the captions mark turns.
 */
function quotesOf(
  units: Unit[],
  idf: Map<string, number>,
  wanted: number,
  said: SaidSoFar,
  after?: Unit,
  /** The topic is kept whatever it says (a creator's chapter): a quote repeating an earlier one rather than none. */
  kept = false,
) {
  // The sentence after a span: past the topic's last, the next topic's first (its start is the span's end).
  const nextOf = (to: number) => units[to + 1] ?? after;
  // What each sentence brings, computed once: spans of up to four sentences are scored from it.
  // Punctuated captions: most sentences end on their punctuation (caption lines, restored
  // sentences and other scripts' lines do not).
  const punctuated = units.filter((unit) => ENDS_SENTENCE.test(unit.text)).length >= units.length / 2;
  const facts = units.map((unit, i) => ({
    weight: unit.terms.reduce((sum, t) => sum + (idf.get(t) ?? 1), 0),
    words: unit.spokenWords.length,
    digit: /\d/.test(unit.text),
    strong: STRONG.test(unit.text),
    leadsOn: LEADS_ON.test(unit.spoken),
    marks: marksOf(unit.text),
    question: /\?["'”’)\]]*$/.test(unit.text),
    // Punctuated captions cut by the next speaker mid-sentence (a listener's 'Mm-hmm' while the
    // speaker goes on): a span ending here stops before its sentence does.
    interrupted: punctuated && Boolean(nextOf(i)?.turn) && !ENDS_SENTENCE.test(unit.text),
  }));
  const candidates: {
    from: number;
    to: number;
    score: number;
    start: number;
    end: number;
    leaning: boolean;
    /** It runs into another speaker's turn, as the captions mark turns: a last resort. */
    joins: boolean;
    /** It stops where another speaker cuts in mid-sentence: a last resort too. */
    cut: boolean;
    /** Its edges are likely enough sentence edges (MIN_EDGE_SURE). */
    sure: boolean;
    terms?: Set<string>;
  }[] = [];
  for (let from = 0; from < units.length; from++) {
    const opening = units[from]!.spoken;
    // Preferably not on a pronoun that needs what came before, a segue, or a guessed sentence start.
    const leaning = CONTEXT_START.test(opening) || opensTopic(opening) || Boolean(units[from]!.forced);
    // Restored sentences: how sure the start is (punctuated: sure).
    const startSure = units[from]!.confidence ?? 1;
    let weight = 0;
    let wordCount = 0;
    let digit = false;
    let strong = false;
    let marks = NO_MARKS;
    // A question after the span's first sentence (TURN_PENALTY).
    let asks = false;
    let joins = false;
    for (let to = from; to < Math.min(units.length, from + 4); to++) {
      const start = units[from]!.start;
      const end = units[to]!.end;
      const length = end - start;
      if (length > 60) break;
      const fact = facts[to]!;
      weight += fact.weight;
      wordCount += fact.words;
      digit ||= fact.digit;
      strong ||= fact.strong;
      marks = addMarks(marks, fact.marks);
      if (to > from && fact.question) asks = true;
      if (to > from && units[to]!.turn) joins = true;
      if (length < 8) continue;
      let score = weight / Math.sqrt(Math.max(1, wordCount));
      if (digit) score += 0.6;
      if (strong) score += 0.4;
      if (CONNECTOR_START.test(opening)) score -= 0.6;
      if (!SENTENCE_START.test(opening)) score -= 1;
      if (units[to]!.text.endsWith('?')) score -= 0.8;
      if (nextOf(to)?.forced) score -= 2;
      // On restored sentences, the edges the boundary model is surest of.
      const endSure = nextOf(to)?.confidence ?? 1;
      score += EDGE_WEIGHT * (Math.log(startSure) + Math.log(endSure));
      const sure = startSure * endSure >= MIN_EDGE_SURE;
      if (length >= 12 && length <= 40) score += 0.3;
      // Nor ending before its point, on an announcement or inside a quotation: such a span wins its
      // part only when the part has nothing else worth quoting. (One that stops where another
      // speaker cuts in mid-sentence wins no part at all, below: it is a topic's last resort.)
      if (fact.leadsOn || fact.interrupted || unbalanced(marks)) score -= CUT_SHORT_PENALTY;
      if (asks) score -= TURN_PENALTY;
      candidates.push({ from, to, score, start, end, leaning, joins, cut: fact.interrupted, sure });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const topicStart = units[0]!.start;
  const part = (units.at(-1)!.end - topicStart) / wanted;
  const chosen: typeof candidates = [];
  const termsOf = (c: (typeof candidates)[number]) =>
    (c.terms ??= new Set(units.slice(c.from, c.to + 1).flatMap((u) => u.terms)));
  const fits = (candidate: (typeof candidates)[number]) =>
    chosen.every((c) => candidate.to < c.from || candidate.from > c.to) && !said.repeats(termsOf(candidate));
  for (let k = 0; k < wanted; k++) {
    const inPart = (c: (typeof candidates)[number]) => c.start >= topicStart + k * part && c.start < topicStart + (k + 1) * part;
    // The best few of the part only: when they all repeat earlier quotes, the part has no new one.
    let tries = 0;
    const best = candidates.find(
      (c) => c.sure && !c.leaning && !c.joins && !c.cut && inPart(c) && tries++ < MAX_TRIES && fits(c),
    );
    if (!best) continue;
    chosen.push(best);
    said.add(termsOf(best));
  }
  // A topic gets a quote whenever it has something new to say: its best passage, when none stands
  // on its own (preferably one speaker's, with sure edges and not leaning on what came before).
  const fallback =
    chosen.length === 0
      ? (candidates.find((c) => c.sure && !c.leaning && !c.joins && !c.cut && fits(c)) ??
        candidates.find((c) => !c.leaning && !c.joins && !c.cut && fits(c)) ??
        candidates.find((c) => !c.leaning && !c.joins && fits(c)) ??
        candidates.find((c) => !c.joins && fits(c)) ??
        candidates.find(fits) ??
        (kept ? candidates[0] : undefined))
      : undefined;
  if (fallback) {
    chosen.push(fallback);
    said.add(termsOf(fallback));
  }
  // The sentences as the transcript joins them: no space between two of a script without spaces
  // ('。' then '高铁'), or the quote is not found as said and grounding looks for its words elsewhere.
  const textOf = (c: (typeof candidates)[number]) =>
    units
      .slice(c.from, c.to + 1)
      .map((u) => u.text)
      .reduce(
        (text, next) => (text === '' ? next : `${text}${linesJoinWithoutSpace(text.slice(-2), next) ? '' : ' '}${next}`),
        '',
      );
  return chosen.sort((a, b) => a.start - b.start).map((c) => ({ content: textOf(c), startTime: c.start, endTime: c.end }));
}

/**
 * Where the creator's chapters start among the sentences: for each, the sentence that starts
 * nearest its time (the first chapter, the first sentence). A chapter after the last sentence
 * starts is left out; two on one sentence keep the later (the earlier has no sentence of its own,
 * as a music intro without captions); null when fewer than YouTube's 3 are left (captions that
 * cover too little).
 */
function chapterStarts(units: Unit[], chapters: readonly VideoChapter[]): { starts: number[]; titles: string[] } | null {
  const starts: number[] = [];
  const titles: string[] = [];
  const last = units.at(-1)!.start;
  for (const chapter of chapters) {
    if (starts.length > 0 && chapter.start > last) break;
    // The first sentence starting at or after the chapter's time, or the one before it if nearer.
    let low = 0;
    let high = units.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (units[middle]!.start < chapter.start) low = middle + 1;
      else high = middle;
    }
    const before = low - 1;
    const nearest =
      starts.length === 0
        ? 0
        : before >= 0 && chapter.start - units[before]!.start < units[low]!.start - chapter.start
          ? before
          : low;
    if (starts.length > 0 && nearest <= starts.at(-1)!) titles[titles.length - 1] = chapter.title;
    else {
      starts.push(nearest);
      titles.push(chapter.title);
    }
  }
  return starts.length >= CHAPTER_RULES.minChapters ? { starts, titles } : null;
}

/**
 * The built-in analyzer: no key, no network. Segments the transcript by vocabulary shift, topic
 * cues and pauses, into as many topics as the vocabulary shifts call for (at most 24); titles from
 * distinctive phrases; quotes from whole sentences scored for what people quote (numbers, strong
 * claims). A video its creator chaptered gets those chapters as its topics, titled as the creator
 * titled them, and quotes from each.
 */
export function analyzeLocally(
  segments: TranscriptSegment[],
  durationSeconds?: number,
  {
    topics: count,
    chapters = [],
  }: {
    /** Exactly this many topics (evaluation: our boundaries given a reference's count). */
    topics?: number;
    /** The creator's chapters of the video (YouTube's rules met). */
    chapters?: readonly VideoChapter[];
  } = {},
): AnalysisOutput {
  if (segments.length === 0) return { topics: [] };
  const duration = durationSeconds ?? segments.at(-1)!.end;
  const sentences = sentencesOf(segments);
  const language = languageOf(
    words(
      sentences
        .slice(0, 400)
        .map((s) => s.text)
        .join(' '),
    ),
  );
  const stop = stopWordsOf(language);
  const saysSomething = saysSomethingIn(language);
  const term = (w: string) => saysSomething(w) && !stop.has(w);
  const units: Unit[] = sentences.map((s) => {
    // Non-speech tags ([Music], {vocalsound}) stay in the vocabulary: how often they come changes
    // with what is going on. Titles and cues read the spoken words only.
    const all = words(s.text, language);
    const said = spoken(s.text);
    return {
      ...s,
      terms: all.filter(term),
      spoken: said,
      spokenWords: said.length === s.text.length ? all : words(said, language),
    };
  });
  // Topics and quotes read each word's base ('İstanbul'da', 'İstanbul'un': 'istanbul'; '경제를',
  // '경제는': '경제'), or a subject's name is as many words as it has endings, its vocabulary
  // scattered (a stranger's Turkish talk: its İstanbul topic had no İstanbul in its title; Korean
  // talks of four subjects: a boundary 21 s early, a fifth topic titled '먹어 봐야'). Titles read the
  // words as said, with the same base.
  const base = wordBase(
    language,
    units.map((unit) => unit.terms),
  );
  const asSaid = new Map<Unit, string[]>();
  for (const unit of units) {
    const said = unit.terms.filter((w) => term(base(w)));
    asSaid.set(unit, said);
    unit.terms = said.map(base);
  }

  // Captions of nothing but music notes or dashes: no sentence, no topic.
  if (units.length === 0) return { topics: [] };

  const documentFrequency = new Map<string, number>();
  for (const unit of units)
    for (const term of new Set(unit.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = new Map([...documentFrequency].map(([term, df]) => [term, Math.log(1 + units.length / df)]));

  const chaptered = chapters.length > 0 ? chapterStarts(units, chapters) : null;
  const starts =
    chaptered?.starts ??
    (count === undefined ? segmentTopics(units, idf, expectedTopics(duration)) : segmentInto(units, idf, count));
  const slices = starts.map((from, k) => units.slice(from, starts[k + 1] ?? units.length));
  const titles =
    chaptered?.titles ??
    titleTopics(
      slices.map((slice) => ({
        units: slice.map((unit) => ({ text: unit.text, terms: asSaid.get(unit)! })),
      })),
      language,
      base,
    );
  const said = new SaidSoFar();
  const topics = slices.map((slice, k) => {
    const start = slice[0]!.start;
    const end = slice.at(-1)!.end;
    return {
      title: titles[k]!,
      startTime: start,
      endTime: end,
      quotes: quotesOf(slice, idf, quotesFor(end - start), said, slices[k + 1]?.[0], chaptered !== null),
    };
  });
  return { topics: coveringTheirTime(topics) };
}

/**
 * The topics with a quote, covering the time of those without: a topic with nothing new to quote
 * (all it says, an earlier topic said) is no topic of its own, and grounding drops it, which left
 * its minutes in no topic. Its time goes to the topic before it (the first's, to the one after).
 */
function coveringTheirTime(topics: AnalysisOutput['topics']): AnalysisOutput['topics'] {
  const covering: AnalysisOutput['topics'] = [];
  let uncoveredFrom: number | undefined;
  for (const topic of topics) {
    if (topic.quotes.length === 0) {
      if (covering.length > 0) covering.at(-1)!.endTime = topic.endTime;
      else uncoveredFrom ??= topic.startTime;
    } else {
      covering.push(uncoveredFrom === undefined ? topic : { ...topic, startTime: uncoveredFrom });
      uncoveredFrom = undefined;
    }
  }
  return covering;
}

/** The `local` provider. */
export const localProvider: AnalysisProvider = {
  name: 'local',
  model: 'findclips-local-1',
  analyze: async ({ segments, durationSeconds, chapters }: AnalyzeInput) =>
    analyzeLocally(segments, durationSeconds, { chapters }),
};
