import {
  AppError,
  captionsMessages,
  GUEST_VIDEO_MAX_SECONDS,
  VIDEO_MAX_SECONDS,
  quotaMessages,
  videoMessages,
  type AnalysisStatus,
  errorCodes,
  type CheckStatusResponse,
  type ErrorCode,
  type Topic,
} from '@findclips/contracts';
import {
  readTopics,
  type AnalysisEdits,
  type CachedVideo,
  type CachedVideos,
  type GuestAnalyses,
  type MemberAnalyses,
  type MemberHistory,
  type UploadedTranscripts,
  type UserEntity,
} from '@findclips/db';
import { analysisJobKey, enqueueAnalysis, jobsAhead, type AnalysisQueue } from '@findclips/queue';
import type { VideoFailures } from '@findclips/runtime';
import { YoutubeError } from '@findclips/youtube';
import type { EntityManager } from 'typeorm';
import { youtubeFailure, type VideoFacts, type VideoMetadataService } from './metadata';
import { topicsRead } from './topics-read';
import type { CreditRefusal, GuestCredits, MemberAnalysisLimit } from './quotas';

export interface SubmitVideoDeps {
  cached: CachedVideos;
  memberAnalyses: MemberAnalyses;
  history: MemberHistory;
  guests: GuestAnalyses;
  edits: AnalysisEdits;
  uploads: UploadedTranscripts;
  metadata: VideoMetadataService;
  queue: AnalysisQueue;
  credits: GuestCredits;
  memberLimit: MemberAnalysisLimit;
}

/** What the submitter is told of the video: from our row once analysed, else from YouTube. */
export type Described = Pick<CachedVideo, 'title' | 'thumbnailUrl' | 'durationSeconds'>;

/** A submission's outcome: the finished topics at once, or a queued (or running) analysis. */
export type Submission =
  | { kind: 'ready'; video: Described; topics: Topic[]; left?: number }
  | { kind: 'queued'; video: Described; status: 'pending' | 'analyzing'; left?: number };

/** Who submits, and the request's id for the job's logs. */
export interface Submitter {
  videoId: string;
  /** The client's address, for the YouTube lookup limit and the guests' cap per network. */
  address: string;
  requestId: string;
}

/**
 * The length rules: 2 hours for everyone, 60 minutes for guests; a video whose length YouTube does
 * not give (a live stream on the air, an upcoming premiere) is refused rather than let past both
 * caps, first: captions brought for it would be refused the same way. A video without captions is
 * refused here, before anyone pays for it.
 */
function checkVideo(facts: VideoFacts, guest: boolean, { captionsUploaded = false } = {}): void {
  const seconds = facts.durationSeconds;
  if (seconds === null) throw new AppError('VIDEO_TOO_LONG', videoMessages.unknownLength);
  if (!facts.hasCaptions && !captionsUploaded) throw youtubeFailure(new YoutubeError('NO_TRANSCRIPT', facts.videoId));
  if (seconds > VIDEO_MAX_SECONDS) throw new AppError('VIDEO_TOO_LONG', videoMessages.tooLong);
  if (guest) checkGuestLength(seconds);
}

/** Guests get videos of at most 60 minutes, also when someone else has analysed one already. */
function checkGuestLength(seconds: number | null): void {
  if (seconds !== null && seconds > GUEST_VIDEO_MAX_SECONDS) {
    throw new AppError('GUEST_VIDEO_TOO_LONG', videoMessages.guestTooLong);
  }
}

/**
 * A guest's refusal: either way they can start nothing new now, so `left` is 0 (as the credits
 * route then says), and Retry-After says when the limit that refused frees a credit.
 */
async function quotaError(credits: GuestCredits, refused: CreditRefusal, guestId: string, address: string): Promise<AppError> {
  const retryAfterSeconds = await credits.retryAfter(guestId, address);
  return new AppError('GUEST_QUOTA_EXCEEDED', quotaMessages[refused](retryAfterSeconds), {
    extra: { left: 0 },
    retryAfterSeconds,
  });
}

/**
 * Takes one of the member's analyses of the hour for the job `key`, or refuses saying when one is
 * free, then runs `enqueue` (which queues the job), giving it back when that fails. A request for
 * a job that already waits or runs joins it and takes nothing, as does one racing the request that
 * paid for it, whoever sent it.
 */
async function paidForJob(
  { memberLimit, queue }: Pick<SubmitVideoDeps, 'memberLimit' | 'queue'>,
  userId: number,
  key: string,
  enqueue: () => Promise<void>,
): Promise<void> {
  if (await jobRunning(queue, key).catch(() => false)) return enqueue();
  const taken = await memberLimit.take(userId, key);
  if (!taken.ok) {
    throw new AppError('ANALYSIS_QUOTA_EXCEEDED', quotaMessages.member(taken.retryAfterSeconds), {
      retryAfterSeconds: taken.retryAfterSeconds,
    });
  }
  let queued = false;
  try {
    await enqueue();
    queued = true;
  } finally {
    // Nothing queued (PostgreSQL or Redis failed on the way): the analysis was never had, and the
    // member who asks again should not pay for it twice. (A job Redis took whose answer was lost,
    // 'Command timed out', is then had for nothing: rare, and the member's gain.)
    if (!queued) await memberLimit.giveBack(userId, taken.use).catch(() => undefined);
    await memberLimit.queued(key);
  }
}

const running = (row: Pick<CachedVideo, 'analysisStatus'> | null) =>
  row?.analysisStatus === 'analyzing' ? 'analyzing' : 'pending';

/**
 * Where the shared analysis of a video stands, as the dashboard asks when it opens `?video=` (after
 * a reload, say): the stored row's status, or, until the worker has stored the video (it does so
 * once it has the captions), pending while a job for it waits or runs, and failed when its last
 * job failed before that. A failure says why, as its live event did.
 */
export async function analysisStatus(
  { cached, queue, failures }: Pick<SubmitVideoDeps, 'cached' | 'queue'> & { failures: VideoFailures },
  videoId: string,
): Promise<CheckStatusResponse> {
  // The queue first: a job that stores its row and ends between the two reads is then seen by the row.
  // The queue unreachable: nothing known to run, and the row says what it can.
  const standing = await jobStanding(queue, analysisJobKey({ scope: 'shared', videoId, userId: null })).then(
    (job) => ({ job, unreadable: null }),
    (error: unknown) => ({ job: null, unreadable: error }),
  );
  const queued = standing.unreadable ? null : unfinished(standing.job);
  const row = await cached.statusOf(videoId);
  // Nothing stored and the queue unreadable (Redis away): whether a job waits is not known, and is
  // not said to be none (status null), which a page following the analysis takes for its job gone
  // with Redis's data, there to stop waiting (the failures remembered are in Redis too): the queue's
  // error, a dependency unavailable (503).
  if (!row && standing.unreadable) throw standing.unreadable;
  let status = shownStatus(row?.status ?? null, queued);
  let failure = status === 'failed' ? (row?.failure ?? null) : null;
  if (!row && status === null) {
    // A refusal before any job (YouTube said the video is gone or has no captions, remembered for
    // everyone, 10 minutes), else a job that failed before the video was stored (24 hours): the
    // latest word on it.
    const unstored =
      (await failures.recall(videoId).then(
        (refused) => refused && { ...refused, categories: [] },
        () => null,
      )) ?? (await failures.lastAnalysisFailure(videoId).catch(() => null));
    if (unstored) {
      status = 'failed';
      const known = (errorCodes as readonly string[]).includes(unstored.code);
      failure = {
        type: known ? (unstored.code as ErrorCode) : 'ANALYSIS_FAILED',
        message: unstored.message,
        categories: unstored.categories,
      };
    }
  }
  return {
    videoId,
    exists: Boolean(row),
    status,
    createdAt: row?.createdAt.toISOString() ?? null,
    errorType: failure?.type ?? null,
    errorMessage: failure?.message ?? null,
    errorCategories: failure ? failure.categories : null,
    ahead: status === 'pending' && standing.job ? await jobsAhead(queue, standing.job).catch(() => null) : null,
  };
}

/** What the row says, read with whether a job runs for it (null: the queue could not be read). */
function shownStatus(stored: AnalysisStatus | null, queued: boolean | null): AnalysisStatus | null {
  // A failed row says failed only while nothing runs for it again.
  if (stored === 'failed' && queued) return 'pending';
  // Left 'analyzing' by a job that has ended (its last failure not recorded: the database was away).
  if (stored === 'analyzing' && queued === false) return 'failed';
  return stored ?? (queued ? 'pending' : null);
}

/** The states of a job that will still run (waiting, running, or waiting to be retried). */
const UNFINISHED = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Whether the member's own re-analysis of the video waits, runs or waits to be retried: the
 * dashboard asks when it opens a video they have topics for (after a reload, say), to go on
 * following it rather than offer another.
 */
export const reanalysisRunning = (queue: AnalysisQueue, userId: number, videoId: string) =>
  jobRunning(queue, analysisJobKey({ scope: 'private', videoId, userId }));

/**
 * The member's re-analysis of the video: whether it waits or runs (see `reanalysisRunning`), and
 * how many analyses wait before it (null when it does not wait, or the line could not be read),
 * from one read of its job.
 */
export async function reanalysisStanding(queue: AnalysisQueue, userId: number, videoId: string) {
  const job = await jobStanding(queue, analysisJobKey({ scope: 'private', videoId, userId }));
  return { reanalyzing: unfinished(job), ahead: job ? await jobsAhead(queue, job).catch(() => null) : null };
}

/** A job by its deduplication key, which names it until it ends, with its state; null when none. Rejects when the queue cannot be read. */
async function jobStanding(queue: AnalysisQueue, key: string): Promise<{ id: string; state: string } | null> {
  const id = await queue.getDeduplicationJobId(key);
  return id ? { id, state: await queue.getJobState(id) } : null;
}

/** Whether a job waits, runs or waits to be retried. */
const unfinished = (job: { state: string } | null) => job !== null && UNFINISHED.has(job.state);

/**
 * Whether a job waits, runs or waits to be retried (its deduplication key names it until it
 * ends); rejects when the queue cannot be read, so that nobody is told it ended.
 */
async function jobRunning(queue: AnalysisQueue, key: string): Promise<boolean> {
  return unfinished(await jobStanding(queue, key));
}

/**
 * A member submits a link: answered at once from their own (edits included) or a finished analysis
 * (history recorded), else checked (length, captions, hourly limit) and queued.
 */
export async function submitAsMember(
  { cached: shared, memberAnalyses, edits, history, metadata, queue, memberLimit }: SubmitVideoDeps,
  user: UserEntity,
  { videoId, address, requestId }: Submitter,
): Promise<Submission> {
  const [personal, cached, edited] = await Promise.all([
    memberAnalyses.find(user.id, videoId),
    shared.find(videoId),
    edits.find(user.id, videoId),
  ]);
  if (cached && (personal || edited || cached.analysisStatus === 'complete')) {
    await history.add(user.id, videoId, cached);
    return { kind: 'ready', video: cached, topics: topicsRead(cached, personal, edited) };
  }

  const facts = await metadata.get(videoId, address);
  checkVideo(facts, false);
  await paidForJob({ memberLimit, queue }, user.id, analysisJobKey({ scope: 'shared', videoId, userId: null }), async () => {
    await history.add(user.id, videoId, facts);
    await enqueueAnalysis(
      queue,
      { videoId, scope: 'shared', userId: user.id, provider: user.aiProvider, requestId },
      { userId: user.id },
    );
  });
  return { kind: 'queued', video: facts, status: running(cached) };
}

/**
 * A guest submits a link: re-opening a video they analysed, or whose analysis they paid for is
 * under way, is free; a new one costs a credit, and so does one whose analysis failed (its credit
 * was given back, and the video forgotten as theirs). The credits are checked before YouTube is
 * asked anything, and spent in one atomic step with the record of the video, so parallel requests
 * for one video pay once.
 */
export async function submitAsGuest(
  { cached: shared, guests, metadata, queue, credits }: SubmitVideoDeps,
  guestId: string,
  { videoId, address, requestId }: Submitter,
): Promise<Submission> {
  const [cached, opened] = await Promise.all([shared.find(videoId), guests.has(guestId, videoId)]);
  const finished = cached?.analysisStatus === 'complete' ? cached : null;
  // Whether a job for the video waits or runs (the queue unreachable: none known).
  const queuedStill = () => jobRunning(queue, analysisJobKey({ scope: 'shared', videoId, userId: null })).catch(() => false);
  // Free: analysed, or paid for and under way (in the window's paid videos, or waiting longer than the window).
  const reopened = opened && (finished !== null || (await credits.paidFor(guestId, videoId)) || (await queuedStill()));
  // A video we know too long for guests (analysed, or being analysed, for someone, or looked up on
  // YouTube before) says so before the credits do: no credit would open it.
  if (cached) checkGuestLength(cached.durationSeconds);
  // A video the guests' provider (the default: a job of no provider of its own) refused for its
  // content is refused as it was, free: queued again, it was refused again and the credit came back
  // again, as often as asked (a stranger's abuse audit: one guest had one video analysed without
  // end, for nothing). Unless an analysis of it waits or runs again. A refusal by a member's own
  // provider is not the guests' provider's verdict: theirs is asked.
  if (
    cached?.analysisStatus === 'failed' &&
    cached.errorType === 'CONTENT_POLICY' &&
    cached.analysisProvider === null &&
    !(await queuedStill())
  ) {
    throw new AppError('CONTENT_POLICY', cached.errorMessage || videoMessages.contentPolicy, {
      extra: { errorCategories: cached.errorCategories ?? [] },
    });
  }
  // What we know of an unfinished video without asking YouTube (its row, or an earlier lookup).
  const known = finished ? null : await metadata.known(videoId);
  if (!reopened) {
    if (known) checkVideo(known, true);
    const { refused } = await credits.standing(guestId, address);
    // A request racing the one that paid for this video (a double submit) joins it, not refused.
    if (refused && !(await credits.paidFor(guestId, videoId))) throw await quotaError(credits, refused, guestId, address);
  }
  // A finished analysis needs nothing from YouTube; anything else is looked up (and checked).
  const video: { finished: CachedVideo } | { finished: null; facts: VideoFacts } = finished
    ? { finished }
    : { finished: null, facts: known ?? (await metadata.ask(videoId, address)) };

  // Anything unfinished is checked here, with the limits for everyone first (a finished one, above).
  if (!video.finished) checkVideo(video.facts, true);
  const enqueue = () =>
    enqueueAnalysis(queue, { videoId, scope: 'shared', userId: null, provider: null, requestId }, { guestId });
  if (reopened) {
    const left = await credits.left(guestId, address);
    if (video.finished) return ready(video.finished, left);
    await enqueue();
    return { kind: 'queued', video: video.facts, status: running(cached), left };
  }

  const spent = await credits.spendOn(guestId, address, videoId, { finished: Boolean(video.finished) });
  if (!spent.ok) throw await quotaError(credits, spent.refused, guestId, address);
  let done = false;
  try {
    await guests.record(guestId, videoId);
    if (!video.finished) await enqueue();
    done = true;
  } finally {
    // Not recorded or not queued (PostgreSQL or Redis failed on the way): the guest has nothing for
    // the credit this request spent, and asking again pays again. Unless a request racing this one
    // (a double submit) queued the job on the strength of this spend: then it was paid for.
    if (!done && spent.paid && !(await queuedStill())) {
      await credits.giveBack(guestId, address, videoId, spent.use).catch(() => undefined);
      await guests.forget([guestId], videoId).catch(() => undefined);
    }
  }
  if (video.finished) return ready(video.finished, spent.left);
  return { kind: 'queued', video: video.facts, status: running(cached), left: spent.left };
}

const ready = (video: CachedVideo, left: number): Submission => ({
  kind: 'ready',
  video,
  topics: readTopics(video.analyzedTopics),
  left,
});

/** How a re-analysis goes: with the member's consent to lose their edits, from captions they brought. */
interface ReanalyzeOptions {
  discardEdits?: boolean;
  /**
   * Captions the member brings for a video without any on YouTube, read once the rules that need
   * no reading of them have passed (a file of 2 million characters holds the gateway's event loop
   * for 0.5 s or more: refused for another reason, it is never read): where they end (they must end
   * within the video), and how to store them once every rule has passed, before the job is queued.
   */
  captions?: { read(): Promise<{ end: number; store(tx?: EntityManager): Promise<void> }> };
}

/** A member's private re-analysis: their own provider, seen by them alone. */
export async function reanalyze(
  { cached, memberAnalyses, history, edits, uploads, metadata, queue, memberLimit }: SubmitVideoDeps,
  user: UserEntity,
  { videoId, address, requestId }: Submitter,
  { discardEdits = false, captions }: ReanalyzeOptions = {},
): Promise<void> {
  // Captions the member brought before serve every re-analysis of the video.
  const captionsUploaded = Boolean(captions) || (await uploads.nameOf(user.id, videoId)) !== null;
  // Re-analysed is a finished analysis: the member's own, or the shared one (a video nobody has
  // analysed, or whose analysis still runs, is submitted, not re-analysed).
  if (!captionsUploaded) {
    const [personal, shared] = await Promise.all([memberAnalyses.find(user.id, videoId), cached.find(videoId)]);
    if (!personal && shared?.analysisStatus !== 'complete') throw new AppError('CONFLICT', videoMessages.reanalyzeFirst);
  }
  const facts = await metadata.get(videoId, address);
  if (captions && facts.hasCaptions) throw new AppError('CONFLICT', captionsMessages.hasCaptions);
  checkVideo(facts, false, { captionsUploaded });
  const key = analysisJobKey({ scope: 'private', videoId, userId: user.id });
  // Asked again in the member's turn (below); here, so that a file is not read for nothing.
  if (captions && (await jobRunning(queue, key).catch(() => false))) {
    throw new AppError('CONFLICT', captionsMessages.analysisRunning);
  }
  const upload = captions ? await captions.read() : null;
  if (upload) checkCaptionsEnd(facts, upload.end);
  // The member's edits are replaced by the new analysis (once it is stored): only if they agreed.
  // Asked last: a member asked to confirm is not then refused for another reason.
  if (!discardEdits && (await edits.find(user.id, videoId))) throw new AppError('CONFLICT', videoMessages.editsWouldBeLost);
  // In the member's turn, its writes go through `tx`, the connection the turn holds: one from the
  // pool could wait on the connections of requests waiting for this turn, each holding one (a
  // stranger's race audit: more re-analyses or uploads at once than the pool has connections
  // answered 503, every one of them). The job reads the captions once the turn has ended.
  const queued = async (tx?: EntityManager) => {
    // New captions would join the analysis that runs (one job per member and video) and never be
    // read: they wait until it has finished. (Asked in the member's turn on the video, so two
    // uploads cannot both find none running.)
    if (captions && (await jobRunning(queue, key).catch(() => false))) {
      throw new AppError('CONFLICT', captionsMessages.analysisRunning);
    }
    await paidForJob({ memberLimit, queue }, user.id, key, async () => {
      await upload?.store(tx);
      await history.add(user.id, videoId, facts, tx);
      await enqueueAnalysis(
        queue,
        { videoId, scope: 'private', userId: user.id, provider: user.aiProvider, requestId },
        { userId: user.id },
      );
    });
  };
  if (discardEdits) return captions ? edits.inTurn(user.id, videoId, queued) : queued();
  // Queued in the member's turn on the video, unless they have edits: an edit made meanwhile
  // either comes first (and this is refused) or finds the re-analysis queued (and is refused).
  if (!(await edits.unlessEdited(user.id, videoId, queued))) throw new AppError('CONFLICT', videoMessages.editsWouldBeLost);
}

/**
 * A slack for captions a little longer than the video (a last cue held on screen, or the time
 * guessed for the last line of timed text, which says only when it starts).
 */
export const CAPTIONS_OVERRUN_SECONDS = 30;

/** Captions brought for a video end within it. */
function checkCaptionsEnd(facts: VideoFacts, end: number): void {
  if (facts.durationSeconds !== null && end > facts.durationSeconds + CAPTIONS_OVERRUN_SECONDS) {
    throw new AppError('VALIDATION_ERROR', captionsMessages.pastTheEnd(facts.durationSeconds), { field: 'text' });
  }
}
