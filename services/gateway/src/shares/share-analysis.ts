import { AppError, shareIdSchema, shareMessages, type CreateShareRequest, type Quote, type Topic } from '@findclips/contracts';
import {
  readTopics,
  type AnalysisEdits,
  type CachedVideos,
  type GuestAnalyses,
  type MemberAnalyses,
  type MemberHistory,
  type ShareOwner,
  type Shares,
  type SharedAnalysisEntity,
  type UserEntity,
} from '@findclips/db';

export interface ShareAnalysisDeps {
  shares: Shares;
  cached: CachedVideos;
  memberAnalyses: MemberAnalyses;
  guests: GuestAnalyses;
  edits: AnalysisEdits;
  history: MemberHistory;
}

/** Who shares: a member, else the guest of this browser. */
type Sharer = { user: UserEntity } | { guestId: string };

const sameQuote = (a: Quote, b: Quote) =>
  a.id === b.id && a.content === b.content && a.startTime === b.startTime && a.endTime === b.endTime;

/** How far a topic may start before the one before it ends: the analyses' own rounding. */
const OVERLAP_SLACK_SECONDS = 0.5;

/** A shared topic is one of `readable`, whole or with fewer quotes, never altered. */
function isFrom(topic: Topic, readable: Topic[]): boolean {
  return readable.some(
    (original) =>
      original.id === topic.id &&
      original.title === topic.title &&
      original.startTime === topic.startTime &&
      original.endTime === topic.endTime &&
      topic.quotes.every((quote) => original.quotes.some((known) => sameQuote(known, quote))),
  );
}

/**
 * Publishes the sharer's choice of topics of a video (one share per owner and video, updated in
 * place: `created` tells which). The topics must come from an analysis of that video the sharer
 * can read: the finished shared analysis (members, and guests who analysed the video) or the
 * member's private one, as the member edited it. Nobody can publish invented topics or quotes on a
 * page with our name.
 */
export async function shareAnalysis(
  { shares, cached, memberAnalyses, guests, edits, history }: ShareAnalysisDeps,
  sharer: Sharer,
  request: CreateShareRequest,
): Promise<{ share: SharedAnalysisEntity; created: boolean }> {
  const { youtubeId } = request;
  const video = await cached.find(youtubeId);
  if (!video) throw new AppError('NOT_FOUND', shareMessages.analyseFirst, { field: 'youtubeId' });

  let owner: ShareOwner;
  const readable: Topic[] = [];
  // Topics of the member's own analysis of captions they brought, and their edits of it.
  let fromUpload: Topic[] = [];
  if ('user' in sharer) {
    owner = { userId: sharer.user.id };
    const personal = await memberAnalyses.find(sharer.user.id, youtubeId);
    if (personal) readable.push(...readTopics(personal.analyzedTopics));
    // The member's edited version: renamed titles and moved starts are theirs to publish.
    const edited = await edits.find(sharer.user.id, youtubeId);
    if (edited) readable.push(...edited.topics);
    if (personal?.transcriptSource === 'upload') fromUpload = [...readable];
  } else if (await guests.has(sharer.guestId, youtubeId)) {
    owner = { guestSessionId: sharer.guestId };
  } else {
    throw new AppError('FORBIDDEN', shareMessages.signInOrGuest);
  }
  if (video.analysisStatus === 'complete') readable.push(...readTopics(video.analyzedTopics));
  if (!request.topics.every((topic) => isFrom(topic, readable))) {
    throw new AppError('VALIDATION_ERROR', shareMessages.notFromAnalysis, { field: 'topics' });
  }
  // Each topic may come from another version (the analysis, a re-analysis, the member's edits): the
  // page numbers them as sent, so they must play in order, none over another (an edit's moved start
  // against the original's end).
  if (!request.topics.every((topic, i) => i === 0 || topic.startTime >= request.topics[i - 1]!.endTime - OVERLAP_SLACK_SECONDS)) {
    throw new AppError('VALIDATION_ERROR', shareMessages.notInOrder, { field: 'topics' });
  }

  // The page says which captions its topics came from, as they were shared: the member's own when
  // every topic is of their analysis of them (the one they read and edit), else YouTube's.
  const transcriptSource = request.topics.every((topic) => isFrom(topic, fromUpload)) ? 'upload' : 'youtube';
  // Sent empty, none; left out, as the share has it (the app always sends both).
  const written = await shares.upsert(owner, {
    youtubeId,
    topics: request.topics,
    transcriptSource,
    language: transcriptSource === 'upload' ? null : video.language,
    title: request.title === undefined ? undefined : request.title || null,
    description: request.description === undefined ? undefined : request.description || null,
  });
  // A member's share is managed from their history: the video is in it, also when a link opened it.
  if ('user' in sharer) await history.keep(sharer.user.id, youtubeId, video);
  return written;
}

/** A member removes one of their shares: an id that cannot be one, or a share of somebody else's, is NOT_FOUND. */
export async function removeShare(shares: Shares, userId: number, shareId: string): Promise<void> {
  if (!shareIdSchema.safeParse(shareId).success || !(await shares.remove(userId, shareId))) {
    throw new AppError('NOT_FOUND', shareMessages.notYours);
  }
}
