import {
  AppError,
  GUEST_VIDEO_MAX_SECONDS,
  VIDEO_MAX_SECONDS,
  reanalyzeRequestSchema,
  transcriptRequestSchema,
  videoIdQuerySchema,
  videoIdSchema,
  videoMessages,
  type AnalysisProviderName,
  type CheckStatusResponse,
  type HistoryVideo,
  type TranscriptResponse,
  type VideoAnalysisResponse,
} from '@findclips/contracts';
import { readTopics, type CachedYoutubeDataEntity, type UserVideoAnalysisEntity } from '@findclips/db';
import { enqueueAnalysis, type AnalysisJob, type AnalysisQueue } from '@findclips/queue';
import { Router, type Request } from 'express';
import { currentUser, requireUser } from '../auth/require-user';
import { parseInput } from '../http/errors';
import { guestIdentity } from './guest-id';
import type { VideoMetadata, VideoMetadataService } from './metadata';
import type { GuestCredits, MemberAnalysisLimit } from './quotas';
import type { FinishedAnalyses } from './finished-analyses';
import type { VideosRepository } from './videos.repository';

export interface VideosRoutesDeps {
  videos: VideosRepository;
  metadata: VideoMetadataService;
  queue: AnalysisQueue;
  credits: GuestCredits;
  memberLimit: MemberAnalysisLimit;
}

type CachedRow = Pick<
  CachedYoutubeDataEntity,
  'youtubeId' | 'title' | 'thumbnailUrl' | 'channelTitle' | 'durationSeconds' | 'analyzedTopics' | 'createdAt' | 'updatedAt'
>;

function analysisView(row: CachedRow, personal?: UserVideoAnalysisEntity | null): VideoAnalysisResponse {
  const topics = readTopics(personal ? personal.analyzedTopics : row.analyzedTopics);
  return {
    videoId: row.youtubeId,
    youtubeId: row.youtubeId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    channelTitle: row.channelTitle,
    durationSeconds: row.durationSeconds,
    analyzedTopics: topics,
    hasEmptyTopics: topics.length === 0,
    isUserSpecific: Boolean(personal),
    createdAt: (personal?.createdAt ?? row.createdAt).toISOString(),
    updatedAt: (personal?.updatedAt ?? row.updatedAt).toISOString(),
    userAnalysisUpdatedAt: personal ? personal.updatedAt.toISOString() : null,
  };
}

const videoIdParam = (req: Request) => parseInput(videoIdSchema, req.params.id);
const videoIdQuery = (req: Request) => parseInput(videoIdQuerySchema, req.query).videoId;

function checkLength(metadata: VideoMetadata, guest: boolean) {
  const seconds = metadata.durationSeconds ?? 0;
  if (seconds > VIDEO_MAX_SECONDS) throw new AppError('VIDEO_TOO_LONG', videoMessages.tooLong);
  if (guest && seconds > GUEST_VIDEO_MAX_SECONDS) throw new AppError('GUEST_VIDEO_TOO_LONG', videoMessages.guestTooLong);
}

type Described = { title?: string | null; thumbnailUrl?: string | null; durationSeconds?: number | null };

const answer = (
  videoId: string,
  metadata: Described,
  topics: TranscriptResponse['analyzedTopics'],
  extra: Partial<TranscriptResponse> = {},
): TranscriptResponse => ({
  videoId,
  analyzedTopics: topics,
  status: topics ? 'complete' : 'pending',
  duration: metadata.durationSeconds ?? null,
  title: metadata.title ?? null,
  thumbnailUrl: metadata.thumbnailUrl ?? null,
  ...extra,
});

/** The video endpoints of SPEC §7: submit, read, history, metadata, status, re-analysis, guest credits. */
export function videosRoutes({ videos, metadata, queue, credits, memberLimit }: VideosRoutesDeps) {
  const router = Router();
  const enqueue = (req: Request, job: Omit<AnalysisJob, 'requestId'>) =>
    enqueueAnalysis(queue, { ...job, requestId: String(req.id) });

  /** A member submits a link: answered at once from a finished analysis, else queued. */
  router.post('/api/videos/transcript', requireUser, async (req, res) => {
    const user = currentUser(req);
    const videoId = videoIdQuery(req);
    parseInput(transcriptRequestSchema, req.body ?? {});

    const personal = await videos.findPrivate(user.id, videoId);
    const cached = await videos.findCached(videoId);
    if (personal && cached) {
      await videos.recordHistory(user.id, videoId, cached);
      return void res.json(answer(videoId, cached, readTopics(personal.analyzedTopics)));
    }
    if (cached?.analysisStatus === 'complete') {
      await videos.recordHistory(user.id, videoId, cached);
      return void res.json(answer(videoId, cached, readTopics(cached.analyzedTopics)));
    }

    const meta = await metadata.get(videoId);
    checkLength(meta, false);
    if (!(await memberLimit.take(user.id))) throw new AppError('ANALYSIS_QUOTA_EXCEEDED', videoMessages.memberQuota);
    await videos.recordHistory(user.id, videoId, meta);
    await enqueue(req, { videoId, scope: 'shared', userId: user.id, provider: user.aiProvider as AnalysisProviderName });
    res
      .status(202)
      .json(answer(videoId, meta, null, { status: cached?.analysisStatus === 'analyzing' ? 'analyzing' : 'pending' }));
  });

  /** A guest submits a link: a credit per new video, re-opening one is free. */
  router.post('/api/guest/videos/transcript', guestIdentity, async (req, res) => {
    const guestId = req.guestId!;
    const videoId = videoIdQuery(req);
    const cached = await videos.findCached(videoId);
    const meta = cached?.analysisStatus === 'complete' ? null : await metadata.get(videoId);
    if (meta) checkLength(meta, true);

    let left: number;
    if (await videos.guestHasAnalysed(guestId, videoId)) {
      left = await credits.left(guestId);
    } else {
      const spent = await credits.spend(guestId, req.ip ?? 'unknown');
      if (!spent.ok) {
        if (spent.limit === 'guest') throw new AppError('GUEST_QUOTA_EXCEEDED', videoMessages.guestQuota, undefined, { left: 0 });
        throw new AppError('GUEST_QUOTA_EXCEEDED', videoMessages.guestNetworkQuota, undefined, {
          left: await credits.left(guestId),
        });
      }
      left = spent.left;
      await videos.recordGuestAnalysis(guestId, videoId);
    }

    if (cached?.analysisStatus === 'complete')
      return void res.json(answer(videoId, cached, readTopics(cached.analyzedTopics), { left }));
    await enqueue(req, { videoId, scope: 'shared', userId: null, provider: null });
    res
      .status(202)
      .json(answer(videoId, meta!, null, { left, status: cached?.analysisStatus === 'analyzing' ? 'analyzing' : 'pending' }));
  });

  router.get('/api/guest/credits', guestIdentity, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ left: await credits.left(req.guestId!) });
  });

  router.get('/api/user-videos', requireUser, async (req, res) => {
    const personal = await videos.listPrivate(currentUser(req).id);
    const shared = new Map((await videos.findCachedMany(personal.map((p) => p.youtubeId))).map((row) => [row.youtubeId, row]));
    res.json(
      personal.flatMap((mine) => {
        const row = shared.get(mine.youtubeId);
        return row ? [analysisView(row, mine)] : [];
      }),
    );
  });

  router.get('/api/user-videos/:id', requireUser, async (req, res) => {
    const videoId = videoIdParam(req);
    const personal = await videos.findPrivate(currentUser(req).id, videoId);
    const row = personal && (await videos.findCached(videoId));
    if (!personal || !row) throw new AppError('NOT_FOUND', videoMessages.notFound);
    res.json(analysisView(row, personal));
  });

  router.get('/api/videos', requireUser, async (req, res) => {
    const sort = req.query.sort === 'title' ? 'title' : 'recent';
    const rows = await videos.listHistory(currentUser(req).id, sort);
    const list: HistoryVideo[] = rows.map((row) => ({
      id: row.id,
      videoId: row.youtubeId,
      youtubeId: row.youtubeId,
      title: row.title,
      thumbnailUrl: row.thumbnailUrl,
      processedAt: row.processedAt.toISOString(),
      createdAt: row.processedAt.toISOString(),
    }));
    res.json(list);
  });

  /** A member's private re-analysis (SPEC §4 Re-analyze): their own provider, seen by them alone. */
  router.post('/api/videos/analyze', requireUser, async (req, res) => {
    const user = currentUser(req);
    const { videoId } = parseInput(reanalyzeRequestSchema, req.body);
    const meta = await metadata.get(videoId);
    checkLength(meta, false);
    if (!(await memberLimit.take(user.id))) throw new AppError('ANALYSIS_QUOTA_EXCEEDED', videoMessages.memberQuota);
    await videos.recordHistory(user.id, videoId, meta);
    await enqueue(req, { videoId, scope: 'private', userId: user.id, provider: user.aiProvider as AnalysisProviderName });
    res.status(202).json({ videoId, status: 'pending' });
  });

  return router;
}

export interface PublicVideoRoutesDeps {
  videos: VideosRepository;
  metadata: VideoMetadataService;
  finished: FinishedAnalyses;
}

/**
 * Reads anyone may make, about a video rather than a person: served before the session
 * middleware, so they cost no session lookup. Finished analyses come from memory with an ETag.
 */
export function publicVideoRoutes({ videos, metadata, finished }: PublicVideoRoutesDeps) {
  const router = Router();

  router.get('/api/cached-videos/:id', async (req, res) => {
    const videoId = videoIdParam(req);
    let entry = finished.get(videoId);
    if (!entry) {
      const row = await videos.findCached(videoId);
      if (row?.analysisStatus !== 'complete') throw new AppError('NOT_FOUND', videoMessages.notFound);
      entry = finished.put(videoId, analysisView(row));
    }
    res.set({ ETag: entry.etag, 'Cache-Control': 'no-cache' });
    if (req.fresh) return void res.status(304).end();
    res.type('application/json').send(entry.json);
  });

  router.get('/api/videos/metadata/:id', async (req, res) => {
    const meta = await metadata.get(videoIdParam(req));
    res.set('Cache-Control', 'private, max-age=300').json(meta);
  });

  router.get('/api/videos/check-status', async (req, res) => {
    const videoId = videoIdQuery(req);
    const state = await videos.statusOf(videoId);
    const body: CheckStatusResponse = {
      videoId,
      exists: Boolean(state),
      status: state?.status ?? null,
      createdAt: state?.createdAt.toISOString() ?? null,
    };
    res.json(body);
  });

  return router;
}
