/**
 * How the quotes of one analysis look to a user: verbatim, 8 to 60 s, starting and ending on a
 * sentence (judged on the punctuated transcript, also when the analyzer saw it stripped as
 * auto-captions), not the same words twice, spread over their topic, not opening on a pronoun
 * that needs what came before or on the host's segue.
 */
import { NON_SPEECH, UNHEARD, type AnalysisOutput, type TranscriptSegment } from '@findclips/contracts';
import { groundQuote, indexTranscript, tokenFrom } from '../grounding';
import { opensTopic } from '../segmentation';
import type { EvalDocument } from './corpus';
import { contentWords, setOverlap } from './metrics';

/** Two quotes of one analysis sharing more than this share of their content words are one. */
const NEAR_DUPLICATE = 0.3;
/** Topics at least this long, with two quotes or more, have their spread measured. */
const SPREAD_MIN_SECONDS = 180;
const LEANING = /^(?:it|it's|that|that's|this|these|those|they|they're|them|he|he's|she|she's|him|her|there)\b/i;
/**
 * Text before a word that opens a sentence: a sentence's end, or a new speaker's mark ('>>'), then
 * perhaps an opening quotation mark ('. 'Cause').
 */
const ENDS_SENTENCE = /(?:[.!?…。！？।॥؟۔](?:\s*["'”’)\]])*|>>)\s*["'“‘(]?$/u;
/**
 * Text after a word that closes one: its end, perhaps after a closing quotation mark ('a tree " .',
 * as meeting transcripts space them); a new speaker cutting in mid-sentence does not end it.
 */
const STARTS_AFTER_END = /^(?:\s*["'”’)\]])*\s*[.!?…。！？।॥؟۔]/u;
/** Characters read each side of a quote for its edges. */
const CONTEXT = 200;
/**
 * The text each side of a quote as read for a sentence edge: without non-speech tags ('. {vocalsound}
 * So', 'um (laughs) .'), nor the part of one a word of the quote sits in. A tag that stands for
 * words ('{gap}', '{disfmarker}', '[inaudible]') stays a word: a sentence may go on in it.
 */
const untagged = (between: string) =>
  between
    .replace(NON_SPEECH, (tag) => (UNHEARD.test(tag) || /^\{disfmarker\}$/i.test(tag) ? ' ~ ' : ' '))
    .replace(/^[^{[]*[}\]]/, ' ')
    .replace(/[{[][^}\]]*$/, ' ');
/** A sentence's end then a quotation mark ('go home . " then', ". 'Cause"): a sentence starts there only on a capital. */
const MARK_AFTER_END = /[.!?…。！？।॥؟۔](?:\s*["'”’“‘])+\s*$/u;

export interface QuoteJudgement {
  quotes: number;
  lengths: number[];
  within8to60s: number;
  verbatim: number;
  /** Whether the transcript has the punctuation to judge sentence edges by. */
  sentenceKnown: boolean;
  startsOnSentence: number;
  endsOnSentence: number;
  /** Quotes whose sentence edges were judged. */
  judgedOnSentence: number;
  nearDuplicatePairs: number;
  /** Quotes opening on an unresolved pronoun or on a segue ('now let's turn to...'). */
  leaningOpenings: number;
  /** Per topic of 3 minutes or more with two quotes or more: (last start - first start) / its length. */
  spreads: number[];
  /** Quotes of transcripts that say who speaks, and those of them joining two speakers' words. */
  speakersKnown: number;
  joiningSpeakers: number;
}

/** True when most caption segments carry sentence punctuation. */
const punctuated = (segments: TranscriptSegment[]) =>
  segments.filter((s) => /[.!?。！？]/.test(s.text)).length >= segments.length * 0.3;

export function judgeQuotes(document: EvalDocument, topics: AnalysisOutput['topics']): QuoteJudgement {
  const shown = indexTranscript(document.segments);
  const truthSegments = document.truth ?? (punctuated(document.segments) ? document.segments : null);
  const truth = truthSegments && (truthSegments === document.segments ? shown : indexTranscript(truthSegments));
  // The stripped transcript has the same words as the original, so token i is the same word in both.
  const aligned = truth !== null && truth.tokens.length === shown.tokens.length;
  const quotes = topics.flatMap((t) => t.quotes);
  const judgement: QuoteJudgement = {
    quotes: quotes.length,
    lengths: quotes.map((q) => q.endTime - q.startTime),
    within8to60s: quotes.filter((q) => q.endTime - q.startTime >= 8 && q.endTime - q.startTime <= 60).length,
    verbatim: quotes.filter((q) => shown.text.includes(q.content)).length,
    sentenceKnown: aligned,
    startsOnSentence: 0,
    endsOnSentence: 0,
    judgedOnSentence: aligned ? quotes.length : 0,
    nearDuplicatePairs: 0,
    leaningOpenings: quotes.filter((q) => LEANING.test(q.content.trim()) || opensTopic(q.content)).length,
    spreads: [],
    speakersKnown: document.speakers ? quotes.length : 0,
    joiningSpeakers: 0,
  };
  // Each quote's words in the transcript shown to the analyzer, found once for both judgements below.
  const spans = quotes.flatMap((quote) => {
    const found = groundQuote(shown, quote.content, quote.startTime);
    if (!found) return [];
    const first = tokenFrom(shown, found.from);
    const last = tokenFrom(shown, found.to) - 1;
    return last < first ? [] : [{ first, last }];
  });
  // Who says each word: the speaker of its segment in the transcript as the source labelled it.
  const speakers = document.speakers;
  const labelled = speakers && (document.truth ? aligned && truth : shown);
  if (speakers && labelled) {
    for (const { first, last } of spans) {
      const said = new Set(labelled.tokens.slice(first, last + 1).map((token) => speakers[token.segment]));
      if (said.size > 1) judgement.joiningSpeakers++;
    }
  }
  if (aligned) {
    for (const { first, last } of spans) {
      // (Grounding reads the word of a tag ('{vocalsound}') as a word: read past tags, on both sides.)
      const from = truth.tokens[first]!.from;
      const to = truth.tokens[last]!.to;
      const before = truth.text.slice(Math.max(0, from - CONTEXT), from);
      const after = truth.text.slice(to, to + CONTEXT);
      const read = untagged(before);
      const opens = ENDS_SENTENCE.test(read) && (!MARK_AFTER_END.test(read) || /^[\p{Lu}\p{N}]/u.test(truth.text.slice(from)));
      if (first === 0 || opens) judgement.startsOnSentence++;
      if (last === truth.tokens.length - 1 || STARTS_AFTER_END.test(untagged(after))) judgement.endsOnSentence++;
    }
  }
  const words = quotes.map((quote) => contentWords(quote.content));
  for (let i = 0; i < quotes.length; i++) {
    for (let j = i + 1; j < quotes.length; j++) {
      if (setOverlap(words[i]!, words[j]!) > NEAR_DUPLICATE) judgement.nearDuplicatePairs++;
    }
  }
  for (const topic of topics) {
    const length = topic.endTime - topic.startTime;
    if (length < SPREAD_MIN_SECONDS || topic.quotes.length < 2) continue;
    const starts = topic.quotes.map((q) => q.startTime);
    judgement.spreads.push((Math.max(...starts) - Math.min(...starts)) / length);
  }
  return judgement;
}
