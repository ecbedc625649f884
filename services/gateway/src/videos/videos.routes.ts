import {
  AppError,
  analysisEditSchema,
  declaredLanguage,
  historyQuerySchema,
  ownAnalysesQuerySchema,
  parseYoutubeLink,
  reanalyzeRequestSchema,
  quotaMessages,
  uploadCaptionsRequestSchema,
  transcriptRequestSchema,
  videoIdQuerySchema,
  videoIdPathSchema,
  videoMessages,
  type AnalysisQueuedResponse,
  type GuestCreditsResponse,
  type ReanalysisStatus,
  type TranscriptResponse,
  type VideoAnalysisResponse,
} from '@findclips/contracts';
import { type CachedVideo, type CachedVideos, type EditedAnalysis, type UserVideoAnalysisEntity } from '@findclips/db';
import type { AnalysisQueue } from '@findclips/queue';
import type { VideoFailures } from '@findclips/runtime';
import { Router, type Request, type Response } from 'express';
import { currentUser, requireUser } from '../auth/require-user';
import { parseInput, parseQuery } from '../http/errors';
import {
  editAnalysis,
  listOwnAnalyses,
  ownAnalysis,
  undoEdits,
  type EditAnalysisDeps,
  type MemberAnalysis,
} from './edit-analysis';
import { guestIdentity, guestIdOf } from './guest-id';
import { uploadCaptions } from './upload-captions';
import { publicMetadata, type VideoMetadataService } from './metadata';
import { topicsRead } from './topics-read';
import { memberHistory, readFinishedTranscript, uploadedTranscript } from './read-videos';
import { FinishedAnswers, readFinished, type SerializedAnswer } from './finished-answers';
import {
  analysisStatus,
  reanalysisStanding,
  reanalyze,
  submitAsGuest,
  submitAsMember,
  type SubmitVideoDeps,
  type Submission,
} from './submit-video';

type VideosRoutesDeps = SubmitVideoDeps & EditAnalysisDeps;

/** What an answer reads of the shared row: all but how its analysis stands. */
type CachedRow = Omit<CachedVideo, 'analysisStatus' | 'errorType' | 'errorMessage'>;

/** An analysis as its reader gets it: the shared one, else a member's own re-analysis, with their edits over it. */
function analysisView(
  row: CachedRow,
  personal?: UserVideoAnalysisEntity | null,
  edited?: EditedAnalysis | null,
  uploaded?: string | null,
): VideoAnalysisResponse {
  const topics = topicsRead(row, personal, edited);
  return {
    videoId: row.youtubeId,
    youtubeId: row.youtubeId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    channelTitle: row.channelTitle,
    durationSeconds: row.durationSeconds,
    analyzedTopics: topics,
    hasEmptyTopics: topics.length === 0,
    isUserSpecific: Boolean(personal || edited),
    createdAt: (personal?.createdAt ?? row.createdAt).toISOString(),
    updatedAt: (personal?.updatedAt ?? row.updatedAt).toISOString(),
    userAnalysisUpdatedAt: personal ? personal.updatedAt.toISOString() : null,
    editedAt: edited ? edited.editedAt : null,
    transcriptSource: uploaded ? 'upload' : 'youtube',
    transcriptName: uploaded ?? null,
    language: declaredLanguage(uploaded ? 'upload' : 'youtube', row.language),
  };
}

const memberView = ({ row, personal, edited, uploaded }: MemberAnalysis) => analysisView(row, personal, edited, uploaded);

const videoIdParam = (req: Request) => parseInput(videoIdPathSchema, { id: req.params.id }).id;
const videoIdQuery = (req: Request) => parseQuery(videoIdQuerySchema, req.query).videoId;

/** A submission as the client reads it: 200 with the topics, or 202 while the analysis runs. */
function answer(videoId: string, submission: Submission): { status: 200 | 202; body: TranscriptResponse } {
  const { video, left } = submission;
  const body: TranscriptResponse = {
    videoId,
    analyzedTopics: submission.kind === 'ready' ? submission.topics : null,
    status: submission.kind === 'ready' ? 'complete' : submission.status,
    duration: video.durationSeconds ?? null,
    title: video.title ?? null,
    thumbnailUrl: video.thumbnailUrl ?? null,
    error: null,
    ...(left === undefined ? {} : { left }),
  };
  return { status: submission.kind === 'ready' ? 200 : 202, body };
}

/** The video endpoints: submit, read, history, metadata, status, re-analysis, guest credits. */
/**
 * Says how the answer may be kept and, when the browser's copy is current, answers 304: true then.
 * The tag is weak (`W/`) and the answer varies by encoding, the 304 too: the same JSON goes out
 * gzipped, in brotli or plain, which a strong tag would say are the same bytes (RFC 9110 8.8.3).
 */
function revalidated(req: Request, res: Response, tag: string, cacheControl: string): boolean {
  res.set({ ETag: tag.startsWith('W/') ? tag : `W/${tag}`, 'Cache-Control': cacheControl });
  res.vary('Accept-Encoding');
  if (!req.fresh) return false;
  res.status(304).end();
  return true;
}

export function videosRoutes(deps: VideosRoutesDeps) {
  const { history, credits } = deps;
  const router = Router();
  const submitter = (req: Request, videoId: string) => ({ videoId, address: req.ip ?? 'unknown', requestId: String(req.id) });

  /** A member submits a link: answered at once from a finished analysis, else queued. */
  router.post('/api/videos/transcript', requireUser, async (req, res) => {
    const videoId = videoIdQuery(req);
    // The link the member pasted, when given, is a YouTube link to this video.
    const { youtubeUrl } = parseInput(transcriptRequestSchema, req.body ?? {});
    const named = youtubeUrl ? parseYoutubeLink(youtubeUrl) : null;
    if (named && !named.ok) throw new AppError('VALIDATION_ERROR', named.description, { field: 'youtubeUrl' });
    if (named?.ok && named.videoId !== videoId)
      throw new AppError('VALIDATION_ERROR', videoMessages.otherVideo, { field: 'youtubeUrl' });
    const { status, body } = answer(videoId, await submitAsMember(deps, currentUser(req), submitter(req, videoId)));
    res.status(status).json(body);
  });

  /** A guest submits a link: a credit per new video, re-opening one is free. */
  router.post('/api/guest/videos/transcript', guestIdentity, async (req, res) => {
    const videoId = videoIdQuery(req);
    const { status, body } = answer(videoId, await submitAsGuest(deps, guestIdOf(req), submitter(req, videoId)));
    res.status(status).json(body);
  });

  router.get('/api/guest/credits', guestIdentity, async (req, res) => {
    // Nothing left: say why and how long until a credit comes back, as a new video would be told
    // (a page opened with none left says it of a link: it said 'Credits reset 24 hours after use').
    const [guestId, address] = [guestIdOf(req), req.ip ?? 'unknown'];
    const { left, refused } = await credits.standing(guestId, address);
    const body: GuestCreditsResponse = refused
      ? { left, message: quotaMessages[refused](await credits.retryAfter(guestId, address)) }
      : { left };
    res.set('Cache-Control', 'no-store').json(body);
  });

  /** A page of the member's private analyses, latest first; a `Link` header names the next (RFC 8288). */
  router.get('/api/user-videos', requireUser, async (req, res) => {
    const page = parseQuery(ownAnalysesQuerySchema, req.query);
    const { analyses, next } = await listOwnAnalyses(deps, currentUser(req).id, page);
    if (next) res.links({ next: `/api/user-videos?limit=${page.limit}&before=${next.at}.${next.id}` });
    res.json(analyses.map(({ row, personal }) => analysisView(row, personal)));
  });

  /** The member's own version of a video's analysis: their re-analysis or their edits (404: none, read the shared one). */
  router.get('/api/user-videos/:id', requireUser, async (req, res) => {
    res.json(memberView(await ownAnalysis(deps, currentUser(req).id, videoIdParam(req))));
  });

  /** One edit of the member's analysis before sharing it: rename, remove a topic or quote, move a start. */
  router.patch('/api/user-videos/:id', requireUser, async (req, res) => {
    const videoId = videoIdParam(req);
    const edit = parseInput(analysisEditSchema, req.body);
    res.json(memberView(await editAnalysis(deps, currentUser(req).id, videoId, edit)));
  });

  /**
   * Captions the member brings for a video without captions on YouTube (or better ones): an .srt
   * or .vtt file's text, or pasted timed text, analysed as their private analysis.
   */
  router.post('/api/user-videos/:id/transcript', requireUser, async (req, res) => {
    const videoId = videoIdParam(req);
    const request = parseInput(uploadCaptionsRequestSchema, req.body);
    await uploadCaptions(deps, currentUser(req), submitter(req, videoId), request);
    res.status(202).json({ videoId, status: 'pending' } satisfies AnalysisQueuedResponse);
  });

  /** The captions the member uploaded for the video, as the transcript endpoint serves YouTube's. */
  router.get('/api/user-videos/:id/transcript', requireUser, async (req, res) => {
    const { etag, body } = await uploadedTranscript(deps.uploads, currentUser(req).id, videoIdParam(req));
    if (revalidated(req, res, etag, 'private, no-cache')) return;
    res.json(body);
  });

  /** Undoes every edit: the member reads the analysis as it was made. */
  router.delete('/api/user-videos/:id/edits', requireUser, async (req, res) => {
    const { current, undoneAt } = await undoEdits(deps, currentUser(req).id, videoIdParam(req));
    res.json({ ...memberView(current), editsUndoneAt: undoneAt });
  });

  router.get('/api/videos', requireUser, async (req, res) => {
    const { sort } = parseQuery(historyQuerySchema, req.query);
    res.json(await memberHistory(history, currentUser(req).id, sort));
  });

  /** Whether the member's re-analysis of the video still waits or runs (after a reload). */
  router.get('/api/user-videos/:id/status', requireUser, async (req, res) => {
    const videoId = videoIdParam(req);
    const body: ReanalysisStatus = { videoId, ...(await reanalysisStanding(deps.queue, currentUser(req).id, videoId)) };
    res.json(body);
  });

  /** A member's private re-analysis: their own provider, seen by them alone. */
  router.post('/api/videos/analyze', requireUser, async (req, res) => {
    const { videoId, discardEdits } = parseInput(reanalyzeRequestSchema, req.body);
    await reanalyze(deps, currentUser(req), submitter(req, videoId), { discardEdits });
    res.status(202).json({ videoId, status: 'pending' } satisfies AnalysisQueuedResponse);
  });

  return router;
}

interface PublicVideoRoutesDeps {
  cached: CachedVideos;
  queue: AnalysisQueue;
  /** How analyses failed before their video was stored (for check-status). */
  failures: VideoFailures;
  metadata: VideoMetadataService;
  finished: FinishedKept;
}

/** What finished videos' readers get from memory: their shared analyses and their transcripts. */
type FinishedKept = ReturnType<typeof keptFinished>;

/**
 * The finished shared analyses, as `GET /api/cached-videos/:id` answers them, and the transcripts,
 * as `GET /api/videos/:id/transcript` does, kept in memory. A transcript is kept by its video and
 * the MD5 of its captions: captions changed in the table (a repair, a restore) are a new entry,
 * never a stale one.
 */
export const keptFinished = (cached: CachedVideos) => ({
  analyses: new FinishedAnswers(async (videoId) => analysisView(await readFinished(cached, videoId))),
  transcripts: new FinishedAnswers(
    async (key) => {
      const [videoId, tag] = key.split(':');
      return readFinishedTranscript(cached, videoId!, tag!);
    },
    { ttlMs: 30 * 60 * 1000 },
  ),
});

/** A kept answer, gzipped for a client that takes it: the API's compression passes an encoded answer by. */
function sendKept(req: Request, res: Response, answer: SerializedAnswer) {
  const gzipped = req.acceptsEncodings('gzip') === 'gzip';
  if (gzipped) res.set('Content-Encoding', 'gzip');
  res.type('application/json').send(gzipped ? answer.gzip : answer.json);
}

/**
 * Reads anyone may make, about a video rather than a person: served before the session
 * middleware, so they cost no session lookup. Finished analyses and transcripts come from memory
 * with an ETag.
 */
export function publicVideoRoutes({ cached, queue, failures, metadata, finished }: PublicVideoRoutesDeps) {
  const router = Router();

  router.get('/api/cached-videos/:id', async (req, res) => {
    const entry = await finished.analyses.read(videoIdParam(req));
    if (revalidated(req, res, entry.etag, 'no-cache')) return;
    sendKept(req, res, entry);
  });

  /**
   * The transcript of a finished analysis, with an ETag a browser keeps it by: the captions' MD5,
   * asked of PostgreSQL, so a browser that has them costs no read of hours of captions.
   */
  router.get('/api/videos/:id/transcript', async (req, res) => {
    const videoId = videoIdParam(req);
    for (const lastTry of [false, true]) {
      const tag = await cached.finishedTranscriptTag(videoId);
      if (!tag) throw new AppError('NOT_FOUND', videoMessages.notFound);
      if (revalidated(req, res, `W/"${tag}"`, 'no-cache')) return;
      try {
        return sendKept(req, res, await finished.transcripts.read(`${videoId}:${tag}`));
      } catch (error) {
        // Captions changed between their tag and their read (a repair, a restore) are not read
        // under the old tag, which would serve them to whoever holds it: the tag is
        // asked again, and a video no longer finished is NOT_FOUND then.
        if (lastTry || !(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      }
    }
  });

  router.get('/api/videos/metadata/:id', async (req, res) => {
    const facts = await metadata.get(videoIdParam(req), req.ip ?? 'unknown');
    res.set('Cache-Control', 'private, max-age=300').json(publicMetadata(facts));
  });

  router.get('/api/videos/check-status', async (req, res) => {
    res.json(await analysisStatus({ cached, queue, failures }, videoIdQuery(req)));
  });

  return router;
}
