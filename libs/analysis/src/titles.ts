/**
 * Topic titles without a language model: for each topic, the noun phrase its speakers use that
 * best tells it apart from the other topics of the same transcript.
 *
 * 1. Word weights. A word's weight in a topic is its keyness (the log-likelihood term of Dunning
 *    1993): observed × log(observed / expected), where expected is its count in the whole
 *    transcript times the topic's share of the transcript's words; frequent AND concentrated words
 *    win. A word said in the topic's opening sentences, where speakers announce what comes next,
 *    counts OPENING_FACTOR times more.
 * 2. Candidates are phrases as spoken, never across punctuation, around the topic's TOP_WORDS
 *    heaviest words: one to MAX_GROUP content words ("recurrent neural networks"), or two such
 *    groups joined by "of" / "for" / "vs" ("history of dinosaurs"). In English a candidate must
 *    look like a noun phrase: its last word a noun, no adverb, pronoun-ish or vague word in it, no
 *    verb's -ing form that says what is done ('Doing Research'), no plural before a plural ('Males
 *    Adults'), and a given name only after a name, or where the transcript has capitals after a
 *    word spelt with one ('Billy Joel', 'San Diego', not 'Explainability Sergey').
 *    Parts of speech come from compromise's lexicon (a hash lookup, no tagging of text: the
 *    tagger costs ~0.3 ms a word) and, for words the lexicon lists as verbs ("model", "engineers",
 *    "training"), from the words before them in this topic: "the model" is a noun, "I think" and
 *    "we're talking" are verbs; a noun to the lexicon ("tell") or a word it does not know
 *    ("connects") that the topic says only as a verb ("to tell", "we connect") is a verb. And
 *    wherever a word that may be a verb ("cut", "passes": compromise's noun-or-verb switches, or an
 *    unknown word whose ending reads as a verb's) comes after a subject or a modal, before an
 *    object pronoun, after 'go and', after 'have' as a participle before an object, or after a
 *    plural before 'like' or 'people' ("we can cut fresh waste", "the senate passes it", "go and
 *    raise venture money", "have cut fresh waste", "cities move people"), no phrase holding it is
 *    counted there. Other languages: runs of non-stop words, no part-of-speech rule.
 * 3. A candidate scores the sum of its content words' weights, times (its count / its words' mean
 *    count) ^ RARITY, so a longer phrase must recur to beat its own words.
 * 4. Titles are chosen in topic order; a title whose content words (singular) equal an earlier
 *    title's takes its topic's next candidate. A title has 2-8 words: a lone word is replaced by
 *    the best candidate of two words or more that contains it, when there is one.
 *
 * Caller supplies: each topic's units in order (sentences: `text` as spoken, `terms` as the
 * analyzer makes them, lower-cased `words()` minus stop words and words of two letters or fewer),
 * and the transcript's language (ISO 639-3 from `languageOf`, null when unknown).
 * Returns one title per topic, in order, Title Case in English (sentence case otherwise).
 */
import { DICTIONARY_SCRIPTS } from '@findclips/contracts';
import nlp from 'compromise';
import {
  joinsWithoutSpace,
  saysSomething,
  saysSomethingIn,
  spoken,
  stopWordsOf,
  withoutTurkishSuffix,
  words,
  type Language,
} from './text';

interface TitleUnit {
  text: string;
  terms: string[];
}
interface TitleTopic {
  units: TitleUnit[];
}

/**
 * Punctuation a candidate never spans; and in Thai, Lao, Khmer and Burmese, a space, which they
 * write between phrases and sentences, not between words ('ฤดูพอดี ทุเรียน' is two).
 */
const BREAK = new RegExp(
  `[,;:.!?…"“”()\\u2014\\u2013、。！？「」『』（）：；।॥؟۔،؛]+|\\s-\\s|(?<=${DICTIONARY_SCRIPTS.source})\\s+(?=${DICTIONARY_SCRIPTS.source})`,
  'u',
);
const TAG_OR_HANDLE = /(?<![\p{L}\p{N}])[#@][\p{L}\p{N}_]+/gu;

/**
 * Vague words no title should contain (English): pronoun-ish and generic nouns, time words,
 * discourse fillers, and evaluative adjectives, which name no subject.
 */
const FILLER = new Set(
  (
    'thing things way ways lot lots week weeks everything anything nothing something people person stuff kind kinds ' +
    'yeah yes okay ok time times bit bits guy guys year years day days today tonight tomorrow yesterday month months ' +
    'question questions point points sense sort sorts fact facts case cases reason reasons part parts example examples ' +
    'number numbers whole right left piece pieces side sides end beginning start half top bottom less more back ' +
    'everybody everyone somebody someone anybody anyone nobody folks folk man men woman women minute minutes hour hours ' +
    'second seconds moment moments level levels area areas type types idea ideas life stuff place places ' +
    'mean gonna wanna gotta kinda sorta dude hey wow huh hmm um uh oh ah like really actually basically literally ' +
    'obviously definitely probably maybe pretty little big huge different good great bad important interesting ' +
    'cool nice awesome amazing crazy real true sure able certain specific particular general whatever ' +
    'episode podcast video channel talk conversation lecture slide slides thanks thank welcome mhm uh-huh mm-hmm mm hmm ' +
    'first last next new old same other another many much few several lots hundred thousand million billion ' +
    'enough main normal based seen done used called whole entire basic simple easy hard ' +
    'own recent quick summary advantage percent percentage amount list tiny bunch couple behind ahead inside outside beyond single com www http https'
  ).split(' '),
);

/**
 * A number spelled out in parts ('seventy-nine', 'twenty-two') or a time of day cut at its dot
 * ('three-fifteen-a' of 'three-fifteen a.m.', 'nine-a'): an amount or a time, no subject
 * (English). A number word alone may name one ('Net Zero', 'Seven Samurai').
 */
const NUMBER_WORD =
  '(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)';
const SPELLED_NUMBER = new RegExp(`^${NUMBER_WORD}(?:-${NUMBER_WORD})*-(?:${NUMBER_WORD}|[ap])$`);

/** compromise lexicon tags of nouns. */
const NOUN_TAGS = new Set([
  'Noun',
  'Singular',
  'Plural',
  'Uncountable',
  'ProperNoun',
  'Person',
  'Place',
  'Organization',
  'Actor',
  'Acronym',
  'FirstName',
  'LastName',
  'MaleName',
  'FemaleName',
  'Country',
  'City',
  'Region',
  'Demonym',
  'SportsTeam',
  'Company',
  'School',
  'Currency',
  'Unit',
  'Month',
  'WeekDay',
  'Holiday',
]);
/** Lexicon tags of words that may also be nouns ("model", "engineers", "training"): context decides. */
const AMBIGUOUS_TAGS = new Set(['Infinitive', 'PresentTense', 'Gerund', 'Verb', 'PhrasalVerb']);
/** Lexicon tags of words that may modify a noun but never end a title. */
const MODIFIER_TAGS = new Set(['Adjective', 'Comparative', 'Superlative', 'Demonym']);

/** Words before a noun ("the model", "of engineers"); before a verb ("I think", "to build"). */
const BEFORE_NOUN = new Set('the a an this these those my your our their his her its some any each every no of about'.split(' '));
const BEFORE_VERB = new Set(
  "to i we you they he she it who which that will would can could should might must don't doesn't didn't can't won't just i'll we'll you'll they'll let's".split(
    ' ',
  ),
);
/** Words before a verb's -ing form ("we're talking"), unlike a noun's ("model training"). */
const BEFORE_ING_VERB = new Set(
  "is are was were am be been being i'm we're you're they're it's he's she's that's there's keep keeps kept keeping start starts started starting stop stops stopped".split(
    ' ',
  ),
);

/** compromise's classes of a word's ending that make it a verb (its '-s' endings are nouns' too). */
const VERB_ENDINGS = new Set(['Verb', 'Infinitive']);
/** compromise's words that are a noun or a verb as their sentence has it ('work', 'passes', 'engineer'). */
const VERB_SWITCHES = new Set(['Noun|Verb', 'Plural|Verb', 'Actor|Verb', 'Person|Verb']);
/**
 * Object pronouns and the particle 'up': they follow a verb, not a noun phrase's last word ('it
 * tells us', 'the senate passes it', 'the model ends up'), so a word that may be a verb is one where
 * it comes before them. (Determiners, possessives, 'people' and 'out' may follow a noun in speech:
 * 'the costs people pay', 'the budget the council passed', 'the data centers out there'.)
 */
const AFTER_VERB = new Set('it them us me him up'.split(' '));
/**
 * Words before a verb that never come before a noun (but 'that', 'which' and 'just' may: 'that
 * model'), and subjects that are no content word ('people work'). ('have' and 'has' come before
 * nouns as often: 'we have trade issues'.)
 */
const BEFORE_VERB_SAID = new Set([
  ...[...BEFORE_VERB].filter((w) => w !== 'that' && w !== 'which' && w !== 'just'),
  ..."it'll that'll he'll she'll people everyone everybody someone somebody nobody".split(' '),
]);
/** Forms of 'have' before a participle ('we have cut', 'they've built') or a noun ('we have data centers'). */
const HAVE = new Set("have has had i've we've you've they've who've".split(' '));
/**
 * Nouns that are also a verb's participle, spelt as its base ('we have cut fresh waste'): after
 * 'have' only these are read as verbs ('we have access this week' keeps its noun).
 */
const SAME_PARTICIPLE = new Set('cut set hit spread cost split run bet fit upset forecast broadcast'.split(' '));
/** Verbs that take another after 'and' ('go and raise', 'try and fix'). */
const GO = new Set('go goes went come comes came try tries tried'.split(' '));
/** Words that open a verb's object ('cut the', 'cut our'). (Not 'this' or 'every', which open time phrases too: 'have access this week'.) */
const OBJECT_OPENERS = new Set('the a an these those my your our their his her its some any'.split(' '));
/** Verbs' -ing forms that say what is done, not what it is done to ('Doing Males', 'Having Models Run'). */
const LIGHT_VERBS = new Set(
  'doing having getting going being saying thinking knowing wanting trying looking seeing coming telling talking'.split(' '),
);

/** A noun said as a verb at least this many times, once after a subject, and never as a noun, is taken for a verb. */
const VERB_EVIDENCE = 2;
/** Words before a verb that also come before nouns ('to school', 'that system'): no subject. */
const NOT_SUBJECTS = new Set(['to', 'that', 'which', 'just']);

/** Prepositions that may join two noun groups into one candidate ("history of dinosaurs"). */
const LINKS = new Set(['of', 'for', 'vs', 'versus']);
/** Lower-case words inside an English Title Case title. */
const SMALL = new Set('a an the of for in on with vs versus and or to at by from as'.split(' '));

/** Content words in one group of a candidate (a noun phrase rarely needs more). */
const MAX_GROUP = 3;
/** A title has at most this many words. */
const MAX_WORDS = 8;
/** Candidates are built only around a topic's this many heaviest words (for speed). */
const TOP_WORDS = 25;
/**
 * The opening of a topic: its first OPENING_SHARE of units, at least OPENING_MIN. Words said there
 * weigh OPENING_FACTOR times more. (On the development set's podcasts and lectures, the top three
 * words so weighted share a fifth more words with the creators' chapter titles; the result barely
 * moves between 5% and 15% and a factor of 2 to 3.)
 */
const OPENING_SHARE = 0.05;
const OPENING_MIN = 2;
const OPENING_FACTOR = 3;
/**
 * What hosts and lecturers say when opening a show or lecture, looked for in the first topic's
 * first INTRO_UNITS units; such a topic is titled "Introduction to <its phrase>".
 */
const INTRO_CUE =
  /\b(?:welcome|today|episode|my guest|joining (?:me|us)|this (?:lecture|talk|video|session|class|course|lesson))\b/i;
const INTRO_UNITS = 8;
/** How much a phrase rarer than its words loses: score × (phrase count / mean word count) ^ RARITY. */
const RARITY = 0.25;
/** A word spelt with a capital after another word of its sentence. */
const MID_SENTENCE_CAPITAL = /(?<=[\p{L}\p{N},;:]\s+)\p{Lu}[\p{L}\p{N}'’-]*/gu;
/**
 * Whether the text at `index` follows a word, a number or a comma, colon or semicolon and a space:
 * a word there is not a sentence's first, whose capital says nothing.
 */
function midSentence(text: string, index: number): boolean {
  let before = index;
  while (before > 0 && /\s/.test(text[before - 1]!)) before--;
  if (before === index || before === 0) return false;
  // (A letter outside the Basic Multilingual Plane is two code units: read it whole. Case-blind as
  // the look behind was: Greek's iota below, U+0345, a mark, is then a letter, ending 'τῷ' in NFD.)
  const last = text.codePointAt(before - 2);
  const char = last !== undefined && last > 0xffff ? String.fromCodePoint(last) : text[before - 1]!;
  return /[\p{L}\p{N},;:]/iu.test(char);
}
/**
 * Where `text` says `word` in any case, whole (no letter or digit after it), and how: by `pattern`
 * (`word` then that look ahead, flags 'giu'), or for a word in ASCII in a text whose lower case
 * keeps its length, by finding it in that lower case, which is many times faster and finds the
 * same (but for the long s, 'ſ', which a case-blind pattern takes for an 's').
 */
function* spellings(text: string, word: string, pattern: RegExp): Generator<[number, string]> {
  // (The text is lower-cased only for a word the fast way can find.)
  const fast = /^\p{ASCII}+$/u.test(word) && !text.includes('ſ');
  const lower = fast ? text.toLowerCase() : '';
  if (!fast || lower.length !== text.length) {
    for (const m of text.matchAll(pattern)) yield [m.index, m[0]];
    return;
  }
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) {
    const next = text.codePointAt(at + word.length);
    if (next === undefined || !/[\p{L}\p{N}]/iu.test(String.fromCodePoint(next))) yield [at, text.slice(at, at + word.length)];
  }
}
/** Units read to find how the transcript spells a title word (for its capitals). */
const CASE_SAMPLE = 20;
/** Candidates kept per topic, to find one no earlier topic took. */
const KEEP = 30;

type Tag = 'noun' | 'ambiguous' | 'modifier' | 'other';
/** Lexicon tags of given names ('Sergey'), and of any part of a person's name ('Davis', 'Austin'). */
const GIVEN_NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName']);
const NAME_TAGS = new Set([...GIVEN_NAME_TAGS, 'LastName', 'Person']);

/**
 * What the lexicon says of a word: its class, and whether it is only a plural ('adults', not
 * 'news'), a given name, any part of a name.
 */
interface Kind {
  tag: Tag;
  plural: boolean;
  given: boolean;
  name: boolean;
  /** It may be a verb ('work', 'passes', 'defend'): the words around each time it is said decide. */
  verbal: boolean;
  /** A person ('grandfather', 'farmer') or a part of a name: who does something more often than a part of a compound. */
  person: boolean;
}
/** Cached: the same words recur in every transcript. */
const kindCache = new Map<string, Kind>();
interface Model {
  one: { lexicon: Record<string, string | string[]> };
  two: { switches: Record<string, string>; suffixPatterns: (Record<string, string> | null)[] };
}
/** compromise's model, read once (its lexicon, noun-or-verb switches and endings). */
let loaded: Model | undefined;
const model = () => (loaded ??= (nlp as unknown as { world(): { model: Model } }).world().model);
/** The class compromise's tagger gives a word it does not know, from its longest known ending ('-ize': a verb). */
function suffixTag(word: string): string | undefined {
  const suffixes = model().two.suffixPatterns;
  for (let n = Math.min(word.length - 1, suffixes.length - 1); n > 1; n--) {
    const tag = suffixes[n]?.[word.slice(-n)];
    if (tag) return tag;
  }
  return undefined;
}
function kindOf(word: string): Kind {
  const cached = kindCache.get(word);
  if (cached) return cached;
  const { lexicon } = model().one;
  const entry = lexicon[word];
  const tags = entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
  let tag: Tag;
  if (!entry) {
    // Not in the lexicon: mostly names and technical nouns; guess other classes by suffix, and
    // verbs, adverbs and adjectives by the endings compromise's tagger reads them by ('defend',
    // 'commoditize'; 'afterwards', 'worldwide').
    if (/ly$/.test(word) && word.length > 4) tag = 'other';
    else if (/(?:ous|ful|ive|able|ible|ical|less|ish)$/.test(word) || (/ed$/.test(word) && word.length > 4)) tag = 'modifier';
    else if (/(?:[^i]al|ic)$/.test(word) && word.length > 5) tag = 'modifier';
    else if (/ing$/.test(word) && word.length > 5) tag = 'ambiguous';
    else {
      const ending = suffixTag(word);
      // (An -s form by its stem's ending: 'connects', not 'cranes', which compromise's '-nes' reads as a verb.)
      const verb = (w: string) => VERB_ENDINGS.has(suffixTag(w) ?? '');
      if (ending === 'Adverb') tag = 'other';
      else if (ending === 'Adjective') tag = 'modifier';
      else tag = verb(word) || (word.endsWith('s') && verb(word.slice(0, -1))) ? 'ambiguous' : 'noun';
    }
  } else if (tags.some((t) => NOUN_TAGS.has(t))) tag = 'noun';
  else if (tags.some((t) => AMBIGUOUS_TAGS.has(t))) tag = 'ambiguous';
  else if (tags.some((t) => MODIFIER_TAGS.has(t))) tag = 'modifier';
  else tag = 'other';
  const kind = {
    tag,
    plural: tags.includes('Plural') && !tags.includes('Singular') && !tags.includes('Uncountable'),
    given: tags.some((t) => GIVEN_NAME_TAGS.has(t)),
    name: tags.some((t) => NAME_TAGS.has(t)),
    verbal: tag === 'ambiguous' || VERB_SWITCHES.has(model().two.switches[word] ?? ''),
    person: tags.some((t) => t === 'Actor' || NAME_TAGS.has(t)),
  };
  if (kindCache.size < 50_000) kindCache.set(word, kind);
  return kind;
}
/**
 * A plural noun: one the lexicon lists as such, or an -s form of a noun it does not know
 * ('robots', 'streets').
 */
function pluralNoun(word: string): boolean {
  const kind = kindOf(word);
  if (kind.plural) return true;
  return kind.tag === 'noun' && model().one.lexicon[word] === undefined && word.length > 3 && /[^sui]s$/.test(word);
}
/** A verb said in a tense ('built', 'made', 'uses'): not a noun's bare form ('stop', 'set'). */
function tensed(word: string): boolean {
  const entry = model().one.lexicon[word];
  if (entry === undefined) return /[^e]ed$/.test(word) && word.length > 4;
  return (Array.isArray(entry) ? entry : [entry]).some((t) => t === 'PastTense' || t === 'Participle' || t === 'PresentTense');
}
/**
 * A clause at `at`, its subject then its verb ('the bus stops | the city built', 'the data sets |
 * your team uses'): what follows a noun phrase, not a verb's object ('the money tells | the story').
 */
const clauseAt = (words: string[], at: number) =>
  at + 1 < words.length && lexTag(words[at]!) === 'noun' && tensed(words[at + 1]!);
/** The lexicon's word class of a word. */
const lexTag = (word: string): Tag => kindOf(word).tag;

interface Candidate {
  words: string[];
  /** The content words (not the link words). */
  content: string[];
  count: number;
  score: number;
  /** Said in the topic's opening. */
  early: boolean;
}

const norm = (w: string) => (w.length > 3 ? w.replace(/s$/, '') : w);
/** No word said twice, nor with its plural or a longer form ('Environments Environment', 'National Security Nation'). */
const distinct = (words: string[]) =>
  words.every((w, i) =>
    words.every(
      (v, j) => j <= i || (norm(w) !== norm(v) && !(Math.min(w.length, v.length) >= 5 && (w.startsWith(v) || v.startsWith(w)))),
    ),
  );
const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Korean particles written onto the word before them ('경제를', '김치는', '서울에서'), longest first. */
const KOREAN_PARTICLES =
  '에서는 으로는 에서 으로 에게 한테 까지 부터 처럼 보다 에는 이나 이랑 은 는 이 가 을 를 에 의 도 로 와 과 만 랑'.split(' ');
/** Particles written after a syllable closed by a consonant ('경제를' but '수출을'); the others, after a vowel. */
const AFTER_CONSONANT = new Set('으로는 으로 이나 이랑 은 이 을 과'.split(' '));
const AFTER_VOWEL = new Set('는 가 를 와 로 랑'.split(' '));
/** Case particles and verbs' endings, which end no noun ('맛을', '월드컵에', '만드는', '나갑니다'). */
const NO_NOUN_ENDS = '에서는 으로는 에서 으로 에게 한테 까지 부터 처럼 보다 에는 은 는 을 를 에 니다 시다'.split(' ');
/** The particle a Korean word ends with, where its last syllable before it allows it ('마을' has none). */
function koreanParticle(word: string, particles: readonly string[] = KOREAN_PARTICLES): string | undefined {
  return particles.find((p) => {
    if (!word.endsWith(p) || word.length <= p.length) return false;
    const syllable = word.charCodeAt(word.length - p.length - 1) - 0xac00;
    if (syllable < 0 || syllable >= 11172) return false;
    const final = syllable % 28;
    // (로 after a vowel or ㄹ: '서울로'.)
    if (p === '로' || p === '랑') return final === 0 || final === 8;
    return AFTER_CONSONANT.has(p) ? final !== 0 : AFTER_VOWEL.has(p) ? final === 0 : true;
  });
}
/** Particles joining a Korean noun to the next ('배추와 고춧가루', cabbage and chili): two subjects, as 'and' says. */
const KOREAN_ANDS = ['와', '과', '이랑', '랑', '이나'];
/**
 * A whole run of Korean ending a word: only where a run starts, so that a hostile caption's run of
 * 100,000 syllables is read once (tried from each of its syllables, it kept a worker busy 20 s).
 */
const KOREAN_WORD = /(?<!\p{Script=Hangul})\p{Script=Hangul}+(?![\p{L}\p{M}\p{N}])/gu;
/** `text` with a phrase ending after each Korean noun of two syllables or more joined by 'and' to the next. */
const koreanAndsCut = (text: string) =>
  text.replace(KOREAN_WORD, (run) =>
    KOREAN_ANDS.some((and) => run.endsWith(and) && run.length - and.length >= 2) ? `${run};` : run,
  );
/**
 * A Korean word that ends no noun phrase: a case particle or a verb's ending ('맛을', '월드컵에',
 * '만드는', '나갑니다', '봅시다'), which end no noun (unlike 이, 가, 도, 로, 의: '고양이', '제도', '도로', '회의').
 */
const koreanNoHead = (word: string) =>
  /^\p{Script=Hangul}+$/u.test(word) &&
  (koreanParticle(word, NO_NOUN_ENDS) !== undefined || /\p{Script=Hangul}{2}요$/u.test(word));
/** Particles that make a word an adverb or an object ('마지막으로', '서울에서', '배추를'): it modifies no noun. */
const NO_MODIFIER_ENDS = ['에서는', '으로는', '에서', '으로', '에게', '한테', '까지', '부터', '처럼', '보다', '에는', '를', '에'];
const koreanNoModifier = (word: string) =>
  /^\p{Script=Hangul}+$/u.test(word) && koreanParticle(word, NO_MODIFIER_ENDS) !== undefined;
/** A word spelt with an elided stop word before an apostrophe ("l'économie", "dell'arte", "d'achat"). */
const ELIDED = /^(\p{L}+)['’](\p{L}[\p{L}\p{M}\p{N}'’-]*)$/u;

/**
 * Nouns made of a verb's form before a noun and '이' (person): '어린이' (children) is no '어린' (young,
 * said too: '어린 아이') with the particle '이' written onto it.
 */
const NOUNS_IN_I = new Set(['어린이', '젊은이', '늙은이', '지은이', '옮긴이', '엮은이', '글쓴이']);

/** A Korean word's noun and the particle written onto it ('경제를': '경제', '를'), or null. */
const koreanStem = (w: string) => {
  if (!/^\p{Script=Hangul}+$/u.test(w) || NOUNS_IN_I.has(w)) return null;
  const particle = koreanParticle(w);
  if (particle && !saysSomething(w.slice(0, -particle.length))) return null;
  return particle ? { stem: w.slice(0, -particle.length), particle } : null;
};

/**
 * A Korean word without the particle written onto it, where the transcript (the terms of its
 * sentences) says the noun bare or with another particle ('경제를', '경제는', '경제 성장': '경제'; not
 * '고양이', said only so). The analysis reads its sentences' terms so (a subject's '경제는', '경제를'
 * and '경제가' are one word to its topics), as titles do.
 */
function koreanBase(terms: Iterable<readonly string[]>): (word: string) => string {
  const endings = new Map<string, Set<string>>();
  for (const list of terms)
    for (const w of list) {
      const found = koreanStem(w);
      if (found) (endings.get(found.stem) ?? endings.set(found.stem, new Set()).get(found.stem)!).add(found.particle);
      (endings.get(w) ?? endings.set(w, new Set()).get(w)!).add('');
    }
  const cache = new Map<string, string>();
  return (w) => {
    let base = cache.get(w);
    if (base === undefined) {
      const found = koreanStem(w);
      base = found && (endings.get(found.stem)?.size ?? 0) >= 2 ? found.stem : w;
      cache.set(w, base);
    }
    return base;
  };
}

/**
 * A word's base in the transcript's language, the one word its forms are to topics, quotes and
 * titles alike: a Turkish name without the suffixes written onto it after an apostrophe
 * ("İstanbul'da": 'istanbul'); a Korean noun without its particle, where the transcript says it bare
 * or with another (`koreanBase` of `terms`, its sentences' words as said); in other languages than
 * English, a word without the elided stop word before its apostrophe ("l'économie": 'économie').
 */
export function wordBase(language: Language | null, terms: Iterable<readonly string[]>): (word: string) => string {
  if (language === 'eng') return (w) => w;
  if (language === 'tur') return withoutTurkishSuffix;
  const stop = stopWordsOf(language);
  const noParticle = language === 'kor' ? koreanBase(terms) : null;
  const cache = new Map<string, string>();
  return (w) => {
    let base = cache.get(w);
    if (base === undefined) {
      base = w;
      const elided = ELIDED.exec(w);
      if (elided && stop.has(elided[1]!) && saysSomething(elided[2]!)) base = elided[2]!;
      if (noParticle && base === w) base = noParticle(w);
      cache.set(w, base);
    }
    return base;
  };
}

/**
 * One title per topic, unique within the analysis, 2-8 words (1 only when a topic has no phrase).
 * The units' terms are their words as said; `base`, the analysis's `wordBase` where the caller has
 * made it already (else made here from these terms).
 */
export function titleTopics(
  topics: TitleTopic[],
  language: Language | null,
  base = wordBase(
    language,
    topics.flatMap((topic) => topic.units.map((unit) => unit.terms)),
  ),
): string[] {
  const english = language === 'eng';
  const stop = stopWordsOf(language);
  const longEnough = saysSomethingIn(language);
  const termsOf = (unit: TitleUnit) => unit.terms.map(base);
  const contentCache = new Map<string, boolean>();
  const isContent = (w: string) => {
    let known = contentCache.get(w);
    if (known === undefined) {
      known = longEnough(w) && !stop.has(w) && !(english && (FILLER.has(w) || SPELLED_NUMBER.test(w))) && !/^\d+$|['’]/.test(w);
      contentCache.set(w, known);
    }
    return known;
  };

  // Word counts per topic and overall, from the caller's terms.
  const counts = topics.map((topic) => {
    const map = new Map<string, number>();
    for (const unit of topic.units) for (const term of termsOf(unit)) bump(map, term);
    return map;
  });
  const lengths = topics.map((topic) => topic.units.reduce((n, u) => n + u.terms.length, 0));
  const total = lengths.reduce((a, b) => a + b, 0) || 1;
  const overall = new Map<string, number>();
  for (const map of counts) for (const [w, c] of map) bump(overall, w, c);

  const ranked = topics.map((topic, index) => {
    const mine = counts[index]!;
    const opening = topic.units.slice(0, Math.max(OPENING_MIN, Math.ceil(topic.units.length * OPENING_SHARE)));
    const announced = new Set(opening.flatMap(termsOf));
    const weight = new Map<string, number>();
    for (const [w, observed] of mine) {
      if (!isContent(w) || (english && lexTag(w) === 'other')) continue;
      const expected = ((overall.get(w) ?? 0) * lengths[index]!) / total;
      const key = topics.length > 1 ? observed * Math.log(observed / expected) : Math.log(1 + observed);
      if (key > 0) weight.set(w, key * (announced.has(w) ? OPENING_FACTOR : 1));
    }
    const top = new Set(
      [...weight]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP_WORDS)
        .map(([w]) => w),
    );

    // Clauses (lower-cased words between punctuation) of the units that say a top word.
    const clauses: string[][] = [];
    const openingClauses = new Set<string[]>();
    topic.units.forEach((unit, u) => {
      if (!termsOf(unit).some((t) => top.has(t))) return;
      // Non-speech tags ([Music], {vocalsound}) are never title material.
      // Hashtags and handles ('#BusLanes', '@MarenOkafor') are labels, not speech: they break a clause.
      let text = spoken(unit.text).replace(TAG_OR_HANDLE, ';');
      if (language === 'kor') text = koreanAndsCut(text);
      for (const part of text.split(BREAK)) {
        // (Curly apostrophes as straight ones, as the word lists spell them: 'it’ll' is 'it'll'.)
        const said = words(part.replace(/’/g, "'"), language);
        const all = said.map(base);
        // A phrase starts at a word after an elided article ("ralentit | l'économie"), and at Arabic's
        // 'and' written onto the next word ('السياحة | وقناة السويس', tourism and the Suez Canal),
        // where the transcript says that word without it: two phrases, as 'and' says.
        const starts = all.flatMap((w, k) => {
          // A Turkish name's case ending after its apostrophe ends its phrase ("eski İstanbul'un |
          // sokakları"), which a French elided article opens.
          if (language === 'tur') return w !== said[k] && k + 1 < all.length ? [k + 1] : [];
          if (k > 0 && w !== said[k] && ELIDED.test(said[k]!)) return [k];
          return language === 'ara' && w.startsWith('و') && overall.has(w.slice(1)) ? [k] : [];
        });
        for (const [k, from] of [0, ...starts].entries()) {
          const found = all
            .slice(from, starts[k] ?? all.length)
            .map((w, n) => (language === 'ara' && n === 0 && k > 0 && w === said[from] ? w.slice(1) : w));
          if (!found.length) continue;
          clauses.push(found);
          if (u < opening.length) openingClauses.add(found);
        }
      }
    });
    // Words spelt with a capital mid-sentence in this topic (names, places).
    const capitalised = new Set<string>();
    const titled = new Set<string>();
    let caseless = true;
    if (english)
      for (const unit of topic.units) {
        if (caseless && unit.text !== unit.text.toLowerCase()) caseless = false;
        for (const m of unit.text.matchAll(MID_SENTENCE_CAPITAL)) {
          const word = m[0].toLowerCase();
          capitalised.add(word);
          // 'Lee', not 'SRI': an acronym is no name.
          if (m[0] !== m[0].toUpperCase()) titled.add(word);
        }
      }
    // A given name after a word that is no name ('Explainability Sergey', not 'Sergey Levine' or
    // 'Billy Joel'): where the transcript has capitals, after a word spelt without one (a place
    // may be spelt with one: 'San Diego'); on captions without capitals, after a word the lexicon
    // does not know as a name.
    const strayName = (w: string, before: string) =>
      kindOf(w).given && (caseless ? !kindOf(before).name : titled.has(w) && !capitalised.has(before));
    // Noun or verb: the words before each word ("the model", "we model").
    const nounSide = new Map<string, number>();
    const verbSide = new Map<string, number>();
    const subjectSide = new Map<string, number>();
    if (english)
      for (const words of clauses)
        for (let i = 1; i < words.length; i++) {
          const w = words[i]!;
          // Words the lexicon calls verbs are judged only among the top words.
          if (lexTag(w) === 'ambiguous' && !top.has(w)) continue;
          const before = words[i - 1]!;
          if (BEFORE_NOUN.has(before)) bump(nounSide, w);
          if (w.endsWith('ing') ? BEFORE_ING_VERB.has(before) : BEFORE_VERB.has(before)) {
            bump(verbSide, w);
            if (!NOT_SUBJECTS.has(before)) bump(subjectSide, w);
          }
        }
    // A word the lexicon calls a noun, or does not know, that this topic says as a verb ('to
    // tell'), at least once after a subject or a modal ('we tell'; 'connects' after 'we connect',
    // unless 'the connect' is said too or the lexicon knows it for a plural), never as a noun, nor
    // spells with a capital: no title names what is done.
    const saidAsVerb = (w: string) => {
      const base = w.length > 4 && w.endsWith('s') && !kindOf(w).plural && !nounSide.has(w.slice(0, -1)) ? w.slice(0, -1) : null;
      const count = (map: Map<string, number>) => (map.get(w) ?? 0) + (base ? (map.get(base) ?? 0) : 0);
      return count(verbSide) >= VERB_EVIDENCE && count(subjectSide) > 0 && !nounSide.has(w) && !capitalised.has(w);
    };
    const canHead = (w: string) => {
      if (!english) return language !== 'kor' || !koreanNoHead(w);
      const tag = lexTag(w);
      if (tag === 'noun') return !saidAsVerb(w);
      if (tag === 'ambiguous') return (nounSide.get(w) ?? 0) >= Math.max(1, verbSide.get(w) ?? 0);
      return false;
    };
    const canModify = (w: string) => {
      if (!english) return language !== 'kor' || !koreanNoModifier(w);
      // ('Search Terms', 'Terms of Service', but not 'Terms Explainability'.)
      if (LIGHT_VERBS.has(w) || w === 'terms') return false;
      const tag = lexTag(w);
      return (
        (tag === 'noun' && !saidAsVerb(w)) || tag === 'modifier' || (tag === 'ambiguous' && (canHead(w) || w.endsWith('ing')))
      );
    };

    // Candidates: spans of a run of content words holding a top word, ending on a head, then
    // optionally "<span ending the run> of <span opening the next run>".
    const found = new Map<string, Candidate>();
    let early = false;
    const add = (words: string[], content: string[]) => {
      const key = words.join(' ');
      const entry = found.get(key);
      if (entry) {
        entry.count++;
        entry.early ||= early;
      } else found.set(key, { words, content, count: 1, score: 0, early });
    };
    // A noun phrase: modifiers then a head, no word twice; no plural before a plural ('Males
    // Adults'), no stray given name.
    const valid = (span: string[]) =>
      canHead(span[span.length - 1]!) &&
      span.slice(0, -1).every(canModify) &&
      distinct(span) &&
      (!english ||
        span.every((w, k) => k === 0 || ((!kindOf(w).plural || !kindOf(span[k - 1]!).plural) && !strayName(w, span[k - 1]!))));
    // A content word, but not the 'terms' of 'in terms of'.
    const contentAt = (words: string[], i: number) => isContent(words[i]!) && !(words[i] === 'terms' && words[i - 1] === 'in');
    // Said here as a verb: a word that may be one, after a subject or a modal ('to raise', 'we
    // work', 'robots can cut') or before an object pronoun ('the senate passes it', 'it tells us'). A
    // phrase holding it is not said as a noun phrase there ('Raise Venture Money', 'State Senate Passes').
    const verbAt = (words: string[], k: number) => {
      const w = words[k]!;
      if (!english || w.endsWith('ing') || !kindOf(w).verbal) return false;
      const before = words[k - 1] ?? '';
      const after = words[k + 1] ?? '';
      if (BEFORE_VERB_SAID.has(before) || AFTER_VERB.has(after)) return true;
      // 'go and raise', 'try and fix'.
      if (before === 'and' && GO.has(words[k - 2] ?? '')) return true;
      // A participle spelt as its base after 'have', before what opens an object: 'have cut fresh
      // waste' ('have access this week', 'have data centers' and 'have trade issues' stay nouns).
      if (HAVE.has(before))
        return SAME_PARTICIPLE.has(w) && (OBJECT_OPENERS.has(after) || (after !== '' && lexTag(after) === 'modifier'));
      // After a singular noun, its subject: a verb of the present says its -s form there, before
      // an object ('the money tells you people believe', 'the bakery sells the bread'; but 'the bus
      // stops you see' is a noun before a clause); a bare form is a verb there only in the past, as
      // a participle spelt as its base after a person ('his grandfather hit water', 'the farmer cut
      // the hedge'; 'the bus stop', 'the tax cut the senate passed' and 'the data set' stay nouns).
      if (lexTag(before) === 'noun' && !pluralNoun(before)) {
        if (
          w.endsWith('s') &&
          ((OBJECT_OPENERS.has(after) && !clauseAt(words, k + 2)) ||
            (after === 'you' && !(k + 2 < words.length && kindOf(words[k + 2]!).verbal)))
        )
          return true;
        if (SAME_PARTICIPLE.has(w) && kindOf(before).person && after !== '' && (OBJECT_OPENERS.has(after) || isContent(after)))
          return true;
      }
      // A bare form after a plural subject, before 'like' or 'people': 'solar panels look like',
      // 'cities move people' (but 'the jobs report this month', 'farmers market vendors').
      return (after === 'like' || after === 'people') && !w.endsWith('s') && pluralNoun(before);
    };
    // Which words of the clause being read are said as verbs, found once per clause when asked.
    let verbs: boolean[] | null = null;
    const saidAsNoun = (words: string[], from: number, to: number) => {
      verbs ??= words.map((_, k) => verbAt(words, k));
      for (let k = from; k < to; k++) if (verbs[k]) return false;
      return true;
    };
    for (const words of clauses) {
      early = openingClauses.has(words);
      verbs = null;
      let i = 0;
      while (i < words.length) {
        if (!contentAt(words, i)) {
          i++;
          continue;
        }
        let j = i;
        while (j + 1 < words.length && contentAt(words, j + 1)) j++;
        // Run words[i..j].
        let hasTop = false;
        for (let k = i; k <= j; k++) if (top.has(words[k]!)) hasTop = true;
        if (hasTop) {
          for (let a = i; a <= j; a++)
            for (let b = a; b <= j && b - a < MAX_GROUP; b++) {
              const span = words.slice(a, b + 1);
              if (span.some((w) => top.has(w)) && valid(span) && saidAsNoun(words, a, b + 1)) add(span, span);
            }
          const link = words[j + 1];
          // ('of course' links nothing: speakers say it anywhere.)
          if (link && LINKS.has(link) && !(link === 'of' && words[j + 2] === 'course')) {
            let c = j + 2;
            if (words[c] === 'the' || words[c] === 'a' || words[c] === 'an') c++;
            let d = c;
            while (d < words.length && d - c < MAX_GROUP && contentAt(words, d)) d++;
            for (let a = Math.max(i, j - MAX_GROUP + 1); a <= j; a++) {
              const head = words.slice(a, j + 1);
              if (!valid(head) || !saidAsNoun(words, a, j + 1)) continue;
              for (let e = c + 1; e <= d; e++) {
                const tail = words.slice(c, e);
                if (!valid(tail) || !saidAsNoun(words, c, e) || !tail.concat(head).some((w) => top.has(w))) continue;
                const all = [...head, ...words.slice(j + 1, c), ...tail];
                const content = [...head, ...tail];
                if (all.length <= MAX_WORDS && distinct(content)) add(all, content);
              }
            }
          }
        }
        i = j + 1;
      }
    }

    const list = [...found.values()];
    for (const c of list) {
      const sum = c.content.reduce((s, w) => s + (weight.get(w) ?? 0), 0);
      const meanCount = c.content.reduce((s, w) => s + (mine.get(w) ?? 1), 0) / c.content.length;
      c.score = sum * Math.pow(Math.min(1, c.count / meanCount), RARITY);
    }
    return list
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, KEEP);
  });

  const used = new Set<string>();
  const signature = (c: Candidate) => [...new Set(c.content.map(norm))].sort().join(' ');
  return ranked.map((list, index) => {
    // Each candidate, a lone word replaced by the best longer candidate holding it.
    const options: Candidate[] = [];
    for (const c of list)
      options.push(c.words.length >= 2 ? c : (list.find((d) => d.words.length >= 2 && d.content.includes(c.words[0]!)) ?? c));
    const pick =
      options.find((c) => c.words.length >= 2 && !used.has(signature(c))) ?? options.find((c) => !used.has(signature(c)));
    if (!pick) return english ? `Part ${index + 1}` : `${index + 1}`;
    used.add(signature(pick));
    const title = render(pick.words, topics[index]!, language, base);
    // The opening topic of a show or lecture: say so, as creators do ("Introduction").
    if (
      english &&
      index === 0 &&
      topics.length > 1 &&
      pick.words.length <= MAX_WORDS - 2 &&
      topics[0]!.units.slice(0, INTRO_UNITS).some((u) => INTRO_CUE.test(u.text))
    )
      return `Introduction to ${title}`;
    return title;
  });
}

/**
 * Title Case in English, sentence case otherwise, keeping the transcript's own spelling of a word
 * when it is capitalised mid-sentence ("OpenAI", "GPT", "Python"). When the transcript has no
 * capitals at all (auto-captions), words of up to 3 letters the lexicon does not know, and words of
 * up to 5 letters without a vowel, are taken for acronyms ("GPU", "ML", "LSTM").
 */
function render(words: string[], topic: TitleTopic, language: Language | null, base: (word: string) => string): string {
  const english = language === 'eng';
  const turkish = language === 'tur';
  const units = topic.units;
  // Captions in capitals throughout ('THE CINNAMON ROLL INCIDENT') say no more of case than those without.
  const caseless = units.every((u) => u.text === u.text.toLowerCase()) || units.every((u) => u.text === u.text.toUpperCase());
  return (
    words
      .map((w, i) => {
        if (!caseless) {
          // The word's spellings after a sentence's first word, in up to CASE_SAMPLE units saying it.
          const forms = new Map<string, number>();
          // (In Turkish, 'i' is the small 'İ' and 'ı' the small 'I', which no case-blind match finds.)
          const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const spelt = turkish ? escaped.replace(/i/g, '[iİ]').replace(/ı/g, '[ıI]') : escaped;
          // (The word first, then what comes before it: a pattern opening on a look behind is tried
          // at every position of the text, which took most of the titles' time.)
          const pattern = new RegExp(`${spelt}(?![\\p{L}\\p{N}])`, 'giu');
          let seen = 0;
          for (const unit of units) {
            if (seen >= CASE_SAMPLE) break;
            if (!unit.terms.some((t) => base(t) === w)) continue;
            seen++;
            for (const [at, said] of spellings(unit.text, w, pattern)) if (midSentence(unit.text, at)) bump(forms, said);
          }
          const best = [...forms].sort((a, b) => b[1] - a[1])[0]?.[0];
          if (best && best !== w && best !== best.toLowerCase()) return best;
        } else if (
          english &&
          !stopWordsOf('eng').has(w) &&
          ((w.length <= 3 && !model().one.lexicon[w]) || (w.length <= 5 && !/[aeiouy]/.test(w)))
        )
          return w.toUpperCase();
        if (i > 0 && (!english || SMALL.has(w))) return w;
        // (A Turkish 'i' is a capital 'İ': 'İstanbul', not 'Istanbul'.)
        return (turkish ? w.charAt(0).toLocaleUpperCase('tr') : w.charAt(0).toUpperCase()) + w.slice(1);
      })
      // Words of a script without spaces are written together ('天下統一'), as the transcript has them.
      .reduce((title, w, i) => (i === 0 ? w : `${title}${joinsWithoutSpace(title, w) ? '' : ' '}${w}`), '')
  );
}
