import {
  AppError,
  editMessages,
  SAME_MOMENT_SECONDS,
  TOPIC_TITLE_MAX,
  videoMessages,
  type AnalysisEdit,
  type Topic,
  type TranscriptSegment,
} from '@findclips/contracts';
import {
  readTopics,
  readTranscript,
  type AnalysesCursor,
  type AnalysisEdits,
  type CachedVideo,
  type CachedVideos,
  type EditedAnalysis,
  type MemberAnalyses,
  type MemberHistory,
  type UploadedTranscripts,
  type UserVideoAnalysisEntity,
} from '@findclips/db';
import type { AnalysisQueue } from '@findclips/queue';
import type { EntityManager } from 'typeorm';
import { reanalysisRunning } from './submit-video';

export interface EditAnalysisDeps {
  queue: AnalysisQueue;
  cached: CachedVideos;
  memberAnalyses: MemberAnalyses;
  edits: AnalysisEdits;
  uploads: UploadedTranscripts;
  history: MemberHistory;
}

/** What a member reads of a video: the shared analysis's row, their own re-analysis, their edits. */
export interface MemberAnalysis {
  row: CachedVideo;
  personal: UserVideoAnalysisEntity | null;
  edited: EditedAnalysis | null;
  /** The name of the captions the member uploaded for the video, which their analysis read; null: YouTube's. */
  uploaded: string | null;
}

/** A sentence starting this close to a topic's start is the topic's first sentence. */
const OWN_SENTENCE = 2;

/**
 * The analysis a member reads of a video, or null when there is none to read: their edits, else
 * their own re-analysis, else the finished shared analysis.
 */
async function memberAnalysis({ cached, memberAnalyses, edits, uploads }: EditAnalysisDeps, userId: number, videoId: string) {
  const [row, personal, edited, uploadName] = await Promise.all([
    cached.find(videoId),
    memberAnalyses.find(userId, videoId),
    edits.find(userId, videoId),
    uploads.nameOf(userId, videoId),
  ]);
  if (!row || (!personal && !edited && row.analysisStatus !== 'complete')) return null;
  // Uploaded captions are read by the member's own analyses that say they read them.
  const uploaded = personal?.transcriptSource === 'upload' ? (uploadName ?? 'uploaded captions') : null;
  return { row, personal, edited, uploaded } satisfies MemberAnalysis;
}

/** The member's own version of a video's analysis, their re-analysis or their edits: NOT_FOUND when they have none (they read the shared one). */
export async function ownAnalysis(deps: EditAnalysisDeps, userId: number, videoId: string): Promise<MemberAnalysis> {
  const current = await memberAnalysis(deps, userId, videoId);
  if (!current) throw new AppError('NOT_FOUND', videoMessages.notFound);
  // The analysis everyone reads is there; the member has no version of their own.
  if (!current.personal && !current.edited) throw new AppError('NOT_FOUND', videoMessages.noneOfYourOwn);
  return current;
}

/**
 * A page of the member's re-analyses, latest first, each with its video's row (one whose row is
 * gone is left out), and where the next page starts (null: this was the last).
 */
export async function listOwnAnalyses(
  { cached, memberAnalyses }: EditAnalysisDeps,
  userId: number,
  { limit, before }: { limit: number; before?: AnalysesCursor },
) {
  const { rows: personal, next } = await memberAnalyses.page(userId, limit, before);
  const rows = new Map((await cached.findMany(personal.map((p) => p.youtubeId))).map((row) => [row.youtubeId, row]));
  const analyses = personal.flatMap((mine) => {
    const row = rows.get(mine.youtubeId);
    return row ? [{ row, personal: mine }] : [];
  });
  return { analyses, next };
}

/** The topics a member reads before editing: their re-analysis, else the shared analysis. */
const unedited = ({ row, personal }: Pick<MemberAnalysis, 'row' | 'personal'>) =>
  readTopics(personal ? personal.analyzedTopics : row.analysisStatus === 'complete' ? row.analyzedTopics : null);

/**
 * One edit of the member's analysis, applied to what they read now and stored as their edited
 * version (the analysis itself is kept, so undoing the edits restores it).
 */
export async function editAnalysis(deps: EditAnalysisDeps, userId: number, videoId: string, edit: AnalysisEdit) {
  const current = await memberAnalysis(deps, userId, videoId);
  if (!current) throw new AppError('NOT_FOUND', videoMessages.notFound);
  // The member's re-analysis, once stored, replaces their edits: none is taken while it waits or
  // runs (it would be lost without a word; the edits the member had were theirs to keep or not).
  // Asked first, and again in the member's turn, where a re-analysis is queued (`reanalyze`).
  const noReanalysis = async () => {
    if (await reanalysisRunning(deps.queue, userId, videoId)) throw new AppError('CONFLICT', editMessages.reanalysisRunning);
  };
  await noReanalysis();
  // Moving a start needs the sentences of the transcript: read (and parsed) only for that edit.
  // A topic brought back at moved times needs them too; without a transcript, it comes back at its own.
  const readStarts = () => sentenceStarts(deps, userId, videoId, current.uploaded !== null);
  const starts =
    edit.action === 'moveStart'
      ? await readStarts()
      : edit.action === 'restoreTopic' && (edit.startTime ?? edit.endTime) !== undefined
        ? await readStarts().catch(() => [])
        : [];
  // The first edit starts from the analysis as it is once this member's turn comes (a re-analysis
  // may have stored new topics since `current` was read), read in the turn's transaction: the
  // member has no edits yet (else there is nothing to read).
  const original = async (tx: EntityManager) => {
    const row = await deps.cached.find(videoId, tx);
    const personal = await deps.memberAnalyses.find(userId, videoId, tx);
    if (!row || (!personal && row.analysisStatus !== 'complete')) throw new AppError('NOT_FOUND', videoMessages.notFound);
    return unedited({ row, personal });
  };
  // Bringing back a removed topic or quote reads it from the analysis as it was made.
  const made = edit.action === 'restoreTopic' || edit.action === 'restoreQuote' ? unedited(current) : [];
  const edited = await deps.edits.edit(
    userId,
    videoId,
    original,
    (topics) => applyEdit(topics, edit, starts, made),
    noReanalysis,
  );
  // Edited, the analysis is the member's: in their history from the first edit, also when a link opened it.
  if (!current.edited) await deps.history.keep(userId, videoId, current.row);
  return { ...current, edited };
}

/** Forgets the member's edits of the video: they read the analysis as it was made. */
export async function undoEdits(deps: EditAnalysisDeps, userId: number, videoId: string) {
  const undoneAt = await deps.edits.discard(userId, videoId);
  const current = await memberAnalysis(deps, userId, videoId);
  if (!current) throw new AppError('NOT_FOUND', videoMessages.notFound);
  return { current, undoneAt };
}

/** Where the sentences of the transcript the member's analysis read start, in seconds, in order. */
async function sentenceStarts(deps: EditAnalysisDeps, userId: number, videoId: string, uploaded: boolean): Promise<number[]> {
  let segments: TranscriptSegment[];
  if (uploaded) segments = (await deps.uploads.find(userId, videoId))?.segments ?? [];
  else {
    const row = await deps.cached.findFinishedTranscript(videoId);
    segments = row ? readTranscript(row.transcriptData) : [];
  }
  if (segments.length === 0) throw new AppError('CONFLICT', editMessages.noTranscript);
  const { sentencesOf } = await import('@findclips/analysis');
  return sentencesOf(segments).map((sentence) => Math.round(sentence.start * 100) / 100);
}

const find = (topics: Topic[], topicId: string) => {
  const index = topics.findIndex((topic) => topic.id === topicId);
  if (index < 0) throw new AppError('NOT_FOUND', editMessages.topicNotFound, { field: 'topicId' });
  return index;
};

/**
 * `edit` applied to `topics` (which it does not change). A topic's start moves to the start of
 * the sentence before or after it (`starts`, in order); the topic before follows, so no moment
 * belongs to two topics, and no move leaves a topic without a sentence or a quote outside its topic.
 * A removed topic comes back from `made` (the analysis as it was made) into the time no other
 * topic covers now, with the quotes that fall there; a removed quote, into its topic.
 */
export function applyEdit(topics: Topic[], edit: AnalysisEdit, starts: number[], made: Topic[] = []): Topic[] {
  if (edit.action === 'restoreTopic') return restoreTopic(topics, made, starts, edit);
  if (edit.action === 'restoreQuote') return restoreQuote(topics, made, edit);
  const index = find(topics, edit.topicId);
  const topic = topics[index]!;
  const replace = (changes: Partial<Topic>, at = index) => topics.map((t, i) => (i === at ? { ...t, ...changes } : t));
  switch (edit.action) {
    case 'rename':
      return replace({ title: edit.title });
    case 'removeTopic':
      if (topics.length === 1) throw new AppError('CONFLICT', editMessages.lastTopic);
      return topics.filter((_, i) => i !== index);
    case 'removeQuote':
      if (!topic.quotes.some((quote) => quote.id === edit.quoteId)) {
        throw new AppError('NOT_FOUND', editMessages.quoteNotFound, { field: 'quoteId' });
      }
      // Each topic has one or more quotes: a topic is its clips.
      if (topic.quotes.length === 1) throw new AppError('CONFLICT', editMessages.lastQuote);
      return replace({ quotes: topic.quotes.filter((quote) => quote.id !== edit.quoteId) });
    case 'moveStart':
      return moveStart(topics, index, edit.direction, starts);
  }
}

/**
 * A removed topic back as it was when removed (`edit`: its title, times and quotes), each checked
 * against the analysis as made: its quotes are among the topic's there, its times are the topic's
 * there or sentence starts (where moves put them), and a title other than the analyzer's is a
 * rename's. It comes into the time no other topic covers now, with the quotes that fall there.
 */
function restoreTopic(
  topics: Topic[],
  made: Topic[],
  starts: number[],
  edit: Extract<AnalysisEdit, { action: 'restoreTopic' }>,
): Topic[] {
  if (topics.some((t) => t.id === edit.topicId)) throw new AppError('CONFLICT', editMessages.notRemoved);
  sameAnalysis(topics, made);
  // Not in the analysis as made: it never had the topic, or the video was analysed anew since and
  // the edits were undone with it (nothing here tells the two apart).
  const topic = made.find((t) => t.id === edit.topicId);
  if (!topic) throw new AppError('NOT_FOUND', editMessages.notMade, { field: 'topicId' });
  const quotes = edit.quoteIds ? topic.quotes.filter((q) => edit.quoteIds!.includes(q.id)) : topic.quotes;
  if (quotes.length < (edit.quoteIds?.length ?? 0)) {
    throw new AppError('NOT_FOUND', editMessages.quoteNotFound, { field: 'quoteIds' });
  }
  const title = edit.title ?? topic.title;
  if (title !== topic.title && title.length > TOPIC_TITLE_MAX) {
    throw new AppError('VALIDATION_ERROR', editMessages.titleTooLong, { field: 'title' });
  }
  const at = (time: number | undefined, own: number) =>
    time === undefined || !starts.some((s) => Math.abs(s - time) < 0.01) ? own : time;
  // The topics now before and after it: it comes back into the gap between them.
  const wanted = { start: at(edit.startTime, topic.startTime), end: at(edit.endTime, topic.endTime) };
  const before = topics
    .filter((t) => t.startTime < wanted.start)
    .reduce<Topic | undefined>((a, t) => (a && a.startTime > t.startTime ? a : t), undefined);
  const after = topics
    .filter((t) => t.startTime >= wanted.start)
    .reduce<Topic | undefined>((a, t) => (a && a.startTime < t.startTime ? a : t), undefined);
  const startTime = Math.max(wanted.start, before?.endTime ?? 0);
  const endTime = Math.min(wanted.end, after?.startTime ?? Infinity);
  const kept = quotes.filter((q) => q.startTime >= startTime - SAME_MOMENT_SECONDS && q.endTime <= endTime + SAME_MOMENT_SECONDS);
  if (endTime - startTime <= SAME_MOMENT_SECONDS || kept.length === 0)
    throw new AppError('CONFLICT', editMessages.noRoomToRestore);
  return [...topics, { ...topic, title, startTime, endTime, quotes: kept }].sort((a, b) => a.startTime - b.startTime);
}

/** Edits only remove, rename and move the topics as made: any other topic is a newer analysis's. */
function sameAnalysis(topics: Topic[], made: Topic[], message: string = editMessages.remadeSinceRemoved) {
  if (!topics.every((t) => made.some((m) => m.id === t.id))) throw new AppError('CONFLICT', message);
}

/**
 * A removed quote back into its topic as the analysis made it, in its place among the topic's
 * quotes, while the topic covers its time as it did (a start moved past it leaves it no place).
 */
function restoreQuote(topics: Topic[], made: Topic[], edit: Extract<AnalysisEdit, { action: 'restoreQuote' }>): Topic[] {
  if (topics.some((t) => t.quotes.some((q) => q.id === edit.quoteId)))
    throw new AppError('CONFLICT', editMessages.quoteNotRemoved);
  sameAnalysis(topics, made, editMessages.remadeSinceQuoteRemoved);
  const madeTopic = made.find((t) => t.id === edit.topicId);
  const quote = madeTopic?.quotes.find((q) => q.id === edit.quoteId);
  if (!madeTopic || !quote) throw new AppError('NOT_FOUND', editMessages.quoteNotMade, { field: 'quoteId' });
  const index = topics.findIndex((t) => t.id === edit.topicId);
  if (index < 0) throw new AppError('CONFLICT', editMessages.quoteTopicRemoved);
  const topic = topics[index]!;
  const covers = (t: Topic) =>
    quote.startTime >= t.startTime - SAME_MOMENT_SECONDS && quote.endTime <= t.endTime + SAME_MOMENT_SECONDS;
  // Only a move takes a quote's time from its topic (one made outside it comes back as made).
  if (!covers(topic) && covers(madeTopic)) throw new AppError('CONFLICT', editMessages.quoteOutsideTopic);
  // In its place among the quotes as made (edits remove quotes, never add nor reorder them).
  const order = madeTopic.quotes.map((q) => q.id);
  const quotes = [...topic.quotes, quote].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return topics.map((t, i) => (i === index ? { ...topic, quotes } : t));
}

function moveStart(topics: Topic[], index: number, direction: 'earlier' | 'later', starts: number[]): Topic[] {
  const topic = topics[index]!;
  // The topic that plays before this one, if any, and whether it ends where this one starts.
  const before = topics
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => i !== index && t.startTime < topic.startTime)
    .sort((a, b) => b.t.startTime - a.t.startTime)[0];
  const adjoining = before !== undefined && before.t.endTime >= topic.startTime - SAME_MOMENT_SECONDS;

  // The sentence the topic starts with: the one starting nearest its start, if one is that near
  // (a topic found by the analyzer may start with the caption line a few words before it).
  const nearest = starts.reduce(
    (best, s, i) => (Math.abs(s - topic.startTime) < Math.abs((starts[best] ?? Infinity) - topic.startTime) ? i : best),
    -1,
  );
  const own = nearest >= 0 && Math.abs(starts[nearest]! - topic.startTime) <= OWN_SENTENCE ? nearest : -1;
  let start: number | undefined;
  if (direction === 'earlier') {
    start = own >= 0 ? starts[own - 1] : starts.filter((s) => s < topic.startTime - SAME_MOMENT_SECONDS).at(-1);
    if (start === undefined || (before && start <= before.t.startTime + SAME_MOMENT_SECONDS)) {
      throw new AppError('CONFLICT', editMessages.noEarlier);
    }
    if (before?.t.quotes.some((quote) => quote.endTime > start! + SAME_MOMENT_SECONDS)) {
      // A quote can be removed first, unless it is its topic's only one (a topic keeps one).
      throw new AppError(
        'CONFLICT',
        before.t.quotes.length > 1 ? editMessages.quoteOfTopicBefore : editMessages.onlyQuoteOfTopicBefore,
      );
    }
  } else {
    start = own >= 0 ? starts[own + 1] : starts.find((s) => s > topic.startTime + SAME_MOMENT_SECONDS);
    if (start === undefined || start >= topic.endTime - SAME_MOMENT_SECONDS) throw new AppError('CONFLICT', editMessages.noLater);
    if (topic.quotes.some((quote) => quote.startTime < start! - SAME_MOMENT_SECONDS))
      throw new AppError('CONFLICT', topic.quotes.length > 1 ? editMessages.pastQuote : editMessages.pastOnlyQuote);
  }
  const moved = topics.map((t, i) => (i === index ? { ...t, startTime: start } : t));
  if (before && (adjoining || before.t.endTime > start)) moved[before.i] = { ...before.t, endTime: start };
  return moved;
}
