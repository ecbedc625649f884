/**
 * The wire's plain values: cookie names, limits, event names and default texts. No zod here, so
 * the web app can read them without loading any schema code.
 */

/** How long a video may be, and what a guest may do and for how long. */
export const VIDEO_MAX_SECONDS = 2 * 60 * 60;

/**
 * How long the app waits for an API call's whole answer. The gateway's slowest work ends before it
 * (a YouTube lookup has 20 s in all). Without a limit, a call that never got an answer left its
 * screen waiting for ever (a stranger's slow-network audit: 'Analyzing…' at 85%, a greyed Save).
 */
export const API_ANSWER_TIMEOUT_MS = 30_000;
/** How long a request's body may take to come (the gateway's `requestTimeout`), and so an upload's answer. */
export const REQUEST_BODY_TIMEOUT_MS = 120_000;
export const GUEST_VIDEO_MAX_SECONDS = 60 * 60;
export const GUEST_CREDITS = 2;
export const GUEST_CREDIT_WINDOW_SECONDS = 24 * 60 * 60;
export const GUEST_COOKIE = 'gid';
/** How long a guest id (the gid cookie) lasts: set once, not renewed, so what a guest did is theirs no longer after it. */
export const GUEST_ID_DAYS = 365;
/** A guest id as the gateway issues it in the gid cookie: URL-safe, 16 to 64 characters. */
const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const isGuestId = (value: string | undefined): value is string => value !== undefined && GUEST_ID_PATTERN.test(value);
/** The session cookie (HttpOnly). */
export const SESSION_COOKIE = 'fc.sid';

export const SETTINGS_PASSWORD_MIN_LENGTH = 6;
/** The delete dialog checks a password only from this length on. */
export const VERIFY_PASSWORD_MIN_LENGTH = 3;

/**
 * YouTube's rules for chapters in a description: at least 3, the first at 0:00, each 10 s or
 * longer, in a description of at most 5,000 characters.
 */
export const CHAPTER_RULES = { minChapters: 3, minSeconds: 10, descriptionMaxChars: 5_000 } as const;

/** What separates a chapter's time from its title ('0:00 - Intro', '1:05 | Guest', '2:10 – Q&A'), before it and after it. */
const SEPARATES_BEFORE = String.raw`[\s\-–—|:•·.)]`;
const SEPARATES_AFTER = String.raw`[\s\-–—|:•·(]`;
const CHAPTER_SEPARATOR = new RegExp(`^${SEPARATES_BEFORE}+|${SEPARATES_AFTER}+$`, 'g');
/** The end of a time range written before the title ('0:00 - 1:30 Intro'): the title starts after it. */
const CHAPTER_TIME = String.raw`(?:\d+:)?\d{1,2}:\d{2}\b`;
const CHAPTER_RANGE_END = new RegExp(`^${CHAPTER_TIME}`);
/** A time at a title's start ('12:30 to freedom'), after any separators: read as a range's end. */
const CHAPTER_LEADING_TIME = new RegExp(`^${SEPARATES_BEFORE}*${CHAPTER_TIME}`);

/**
 * A chapter's title as a description line's reader takes it: the separators around it and the end
 * of a time range before it are the time's, not the title's; one line. (What the worker reads of a
 * creator's chapters, and what the chapters we write must survive.)
 */
export const chapterTitleAsRead = (title: string) =>
  title.replace(CHAPTER_SEPARATOR, '').replace(CHAPTER_RANGE_END, '').replace(CHAPTER_SEPARATOR, '').replace(/\s+/g, ' ').trim();

/**
 * A title to write after a chapter's time so that it reads back as itself (`chapterTitleAsRead`):
 * a time it starts with keeps its words with a look-alike colon ('12∶30'), separators around it go.
 * Empty when nothing but separators is left.
 */
export const chapterTitleToWrite = (title: string) =>
  chapterTitleAsRead(title.replace(CHAPTER_LEADING_TIME, (time) => time.replace(/:/g, '∶')));

/** A chapter of a video as its creator marked it: where it starts, in seconds, and its title. */
export interface VideoChapter {
  start: number;
  title: string;
}

/** Topics a share holds at most (and so the creator's chapters an analysis takes as its topics). */
export const SHARE_TOPICS_MAX = 100;
export const SHARE_TITLE_MAX = 200;
export const SHARE_DESCRIPTION_MAX = 1_000;
/** The share dialog's default description. */
export const DEFAULT_SHARE_DESCRIPTION = 'Watch the highlights';
/**
 * Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and
 * their presentation forms), for text that cannot be wrapped in `<bdi>` (a tab's title, a toast's sentence).
 */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A video's or topic's own words set inside our sentence or the tab's title, isolated (U+2068 …
 * U+2069) when they hold right-to-left letters: otherwise the title's first letter sets the
 * direction of the whole line (a tab's title, where no `<bdi>` can go, was laid out right to left,
 * ' · Find Clips' first) and marks at its end join our words. Left-to-right text is returned as it is.
 */
export const isolated = (text: string) => (RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text);

/** A shared page's title: the share's own, else the video's with the product's line. */
export const sharePageTitle = (shareTitle: string | null, videoTitle: string) =>
  shareTitle || `${videoTitle} - Find & Watch The Best Clips`;
/** A shared page's title where no `<bdi>` can go (its tab, its heading's text): the video's title isolated from our words. */
export const shareTabTitle = (shareTitle: string | null, videoTitle: string) => sharePageTitle(shareTitle, isolated(videoTitle));

export const analysisEventTypes = ['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_ERROR'] as const;

/** What a refused or missing video says, on the wire and in the web app. */
export const videoMessages = {
  tooLong: 'This video is longer than we can analyse (2 hours max). Please choose a shorter video.',
  guestTooLong: 'Guests can analyse videos of up to 60 minutes. Sign up to analyse videos of up to 2 hours.',
  guestQuota: 'You have used your 2 free analyses. Credits reset 24 hours after use; sign up for unlimited access.',
  memberQuota: 'You have started too many new analyses in the last hour. Please try again later.',
  unknownLength:
    'We could not tell how long this video is (a live stream or an upcoming premiere?), so it cannot be analysed yet.',
  notFound: 'No analysis of this video yet',
  /** A video whose shared analysis the content policy refused (its own reason, when the row lost it). */
  contentPolicy: 'This video was blocked by our content policy.',
  /** A video whose captions YouTube does not give (or gives without a word). */
  noCaptions: 'This video has no captions to analyse.',
  /** A member asking for their own version of an analysis others read: they have none. */
  noneOfYourOwn: 'You have no edits or re-analysis of this video',
  otherVideo: 'youtubeUrl names another video than videoId',
  reanalyzeFirst: 'Analyse this video before re-analysing it',
  editsWouldBeLost: 'You have edited this analysis: a re-analysis replaces your edits. Confirm to discard them.',
} as const;

/** How long until a limit frees a use, as a message says it: 'a minute', '12 minutes', '4 hours 5 minutes'. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return 'a minute';
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
}

/**
 * What a limit's refusal says when the server knows when a use frees (its Retry-After): the time
 * to wait, not only the limit (a guest whose credit came back in 5 minutes read 'Credits reset 24
 * hours after use', a member 'Please try again later').
 */
export const quotaMessages = {
  guest: (seconds: number) =>
    `You have used your 2 free analyses. Your next free analysis is available in ${waitText(seconds)}; sign up for unlimited access.`,
  network: (seconds: number) =>
    `Too many free analyses from this network today. The next is available in ${waitText(seconds)}; sign up for unlimited access.`,
  member: (seconds: number) =>
    `You have started too many new analyses in the last hour. Please try again in ${waitText(seconds)}.`,
};

/** The longest topic title a member can give when renaming a topic. */
export const TOPIC_TITLE_MAX = 120;

/**
 * Two times of an analysis closer than this are the same moment (caption times carry hundredths):
 * how edits judge where topics and quotes start and end, on the server and in the app alike.
 */
export const SAME_MOMENT_SECONDS = 0.5;

/** What editing an analysis answers when an edit cannot apply. */
export const editMessages = {
  titleRequired: 'A title cannot be empty',
  titleTooLong: `A title must be at most ${TOPIC_TITLE_MAX} characters`,
  unknownAction: 'action must be one of rename, removeTopic, restoreTopic, removeQuote, restoreQuote, moveStart',
  topicNotFound: 'This topic is not in your analysis (it may have been removed).',
  quoteNotFound: 'This quote is not in your analysis (it may have been removed).',
  lastTopic: 'An analysis keeps at least one topic.',
  lastQuote: 'A topic keeps at least one quote. Remove the topic instead.',
  noEarlier: 'This topic cannot start earlier: the previous topic (or the video) starts right before it.',
  noLater: 'This topic cannot start later: it would be shorter than one sentence.',
  pastQuote: 'This topic cannot start later than its first quote. Remove that quote first.',
  pastOnlyQuote: 'This topic cannot start later than its only quote.',
  quoteOfTopicBefore: 'The sentence before this topic is part of a quote of the topic before. Remove that quote first.',
  onlyQuoteOfTopicBefore: 'The sentence before this topic is part of the only quote of the topic before.',
  noTranscript: 'The transcript of this video is not available, so its topics cannot be moved.',
  notRemoved: 'This topic is in your analysis already.',
  remadeSinceRemoved: 'This video was analysed anew since the topic was removed: it cannot come back.',
  notMade: 'This topic is not in the analysis as it was made (the video may have been analysed anew since): it cannot come back.',
  noRoomToRestore: 'This topic cannot come back: the topics beside it now cover its time. Undo all edits to bring it back.',
  quoteNotRemoved: 'This quote is in your analysis already.',
  quoteNotMade:
    'This quote is not in the analysis as it was made (the video may have been analysed anew since): it cannot come back.',
  quoteOutsideTopic: 'This quote cannot come back: its topic no longer covers its time. Undo all edits to bring it back.',
  quoteTopicRemoved: 'This quote cannot come back: its topic was removed. Bring the topic back first.',
  remadeSinceQuoteRemoved: 'This video was analysed anew since the quote was removed: it cannot come back.',
  reanalysisRunning: 'Your re-analysis of this video is still running, and it will replace your edits: edit it once it is done.',
} as const;

/** Where an analysis's transcript came from: YouTube's captions, or captions a member uploaded. */
export const transcriptSources = ['youtube', 'upload'] as const;
export type TranscriptSource = (typeof transcriptSources)[number];

/** The most characters of captions one upload may carry (a 2-hour video's SubRip file is about 150 kB). */
export const CAPTIONS_MAX_CHARS = 2_000_000;

/** What uploading captions answers when they cannot be used. */
export const captionsMessages = {
  textRequired: 'Choose a caption file or paste timed text',
  tooLarge: `Captions can be at most ${(CAPTIONS_MAX_CHARS / 1_000_000).toFixed(0)} million characters`,
  tooLong: 'These captions run past 2 hours: videos can be at most 2 hours.',
  hasCaptions: 'This video has captions on YouTube: Find Clips reads those.',
  analysisRunning: 'An analysis of this video is running: bring new captions once it has finished.',
  noneUploaded: 'You have not uploaded captions for this video',
  pastTheEnd: (seconds: number) =>
    `These captions run past the end of the video (${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}): are they for another video?`,
} as const;

/** What share requests are told (in constants, free of schemas: the dashboard shows one). */
export const shareMessages = {
  notFound: 'Shared analysis not found',
  analyseFirst: 'Analyse this video before sharing it',
  notYours: 'Shared analysis not found',
  signInOrGuest: 'Sign in, or analyse this video as a guest, to share it',
  notFromAnalysis: 'Only topics and quotes of an analysis of this video you can read can be shared',
  notInOrder: 'Shared topics must be in the order they play, none over another',
} as const;

/**
 * Made on first use: this module is in the code every page runs first, and making a collator cost
 * Chromium 14-36 ms as a page's first Intl object, 1-6 ms after others.
 */
let titleOrder: Intl.Collator | undefined;
/**
 * The history's order by title, the API's and the page's: as a reader orders titles (capitals and
 * accents aside: the database's byte order put 'Zebra' before 'apple' and 'Éclair' after 'zebra'),
 * a video whose title is not known yet last. (Here, not beside the history's schemas: the history
 * page would load zod with it.)
 */
export const compareTitles = (a: string | null, b: string | null): number =>
  a === null || b === null
    ? Number(a === null) - Number(b === null)
    : (titleOrder ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a, b);
