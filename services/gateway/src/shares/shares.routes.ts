import { createHash } from 'node:crypto';
import {
  AppError,
  createShareRequestSchema,
  DEFAULT_SHARE_DESCRIPTION,
  shareIdSchema,
  shareMessages,
  type SharedAnalysisResponse,
  type ShareResponse,
} from '@findclips/contracts';
import { readTopics, type SharedAnalysisEntity } from '@findclips/db';
import type { RedisClient } from '@findclips/runtime';
import { Router, type Request } from 'express';
import { currentUser, requireUser } from '../auth/require-user';
import { parseInput } from '../http/errors';
import { guestIdentity, readGuestId } from '../videos/guest-id';
import type { VideosRepository } from '../videos/videos.repository';
import type { WebApp } from '../http/web-app';
import { withPreview } from './share-page';
import type { SharesRepository } from './shares.repository';

export interface SharesRoutesDeps {
  shares: SharesRepository;
  videos: VideosRepository;
  redis: RedisClient;
  keyPrefix: string;
  web: WebApp;
}

/** A browser's reloads within this window count as one view. */
const VIEW_WINDOW_SECONDS = 10 * 60;

const origin = (req: Request) => `${req.protocol}://${req.get('host')}`;
const shareUrl = (req: Request, shareId: string) => `${origin(req)}/shared/${shareId}`;

/** Who is looking: the member, else the guest, else the address and browser. */
function visitorOf(req: Request): string {
  if (req.user) return `u:${req.user.id}`;
  const gid = readGuestId(req);
  if (gid) return `g:${gid}`;
  return `a:${createHash('sha256')
    .update(`${req.ip}|${req.get('user-agent') ?? ''}`)
    .digest('base64url')
    .slice(0, 22)}`;
}

/** Shares: create or update, read publicly (with view counts), list and remove; the shared page's preview. */
export function sharesRoutes({ shares, videos, redis, keyPrefix, web }: SharesRoutesDeps) {
  const router = Router();

  const publicShare = async (shareId: string): Promise<SharedAnalysisEntity> => {
    const parsed = shareIdSchema.safeParse(shareId);
    const row = parsed.success ? await shares.findPublic(parsed.data) : null;
    if (!row) throw new AppError('NOT_FOUND', shareMessages.notFound);
    return row;
  };

  router.post('/api/analysis/share', guestIdentity, async (req, res) => {
    const body = parseInput(createShareRequestSchema, req.body);
    const video = await videos.describeVideo(body.youtubeId);
    if (!video) throw new AppError('NOT_FOUND', shareMessages.analyseFirst, { field: 'youtubeId' });
    let owner: { userId: number } | { guestSessionId: string };
    if (req.user) owner = { userId: req.user.id };
    else if (await videos.guestHasAnalysed(req.guestId!, body.youtubeId)) owner = { guestSessionId: req.guestId! };
    else throw new AppError('FORBIDDEN', shareMessages.signInOrGuest);

    const row = await shares.upsert(owner, {
      youtubeId: body.youtubeId,
      topics: body.topics,
      title: body.title || null,
      description: body.description || null,
    });
    const answer: ShareResponse = { shareId: row.shareId, youtubeId: row.youtubeId, url: shareUrl(req, row.shareId) };
    res.status(201).json(answer);
  });

  router.get('/api/shared/:shareId', async (req, res) => {
    const row = await publicShare(String(req.params.shareId));
    const first = await redis.set(`${keyPrefix}view:${row.shareId}:${visitorOf(req)}`, '1', {
      NX: true,
      EX: VIEW_WINDOW_SECONDS,
    });
    const viewCount = first ? await shares.countView(row.shareId) : row.viewCount;
    const video = await videos.describeVideo(row.youtubeId);
    const body: SharedAnalysisResponse = {
      shareId: row.shareId,
      youtubeId: row.youtubeId,
      title: row.title,
      description: row.description,
      viewCount,
      isOwner: Boolean(req.user && row.userId === req.user.id),
      sharedTopics: readTopics(row.sharedTopics),
      createdAt: row.createdAt.toISOString(),
      video: {
        title: video?.title ?? null,
        thumbnailUrl: video?.thumbnailUrl ?? null,
        channelTitle: video?.channelTitle ?? null,
      },
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/api/analysis/shares-map', requireUser, async (req, res) => {
    const rows = await shares.listForUser(currentUser(req).id);
    res.json(rows.map(({ shareId, youtubeId }) => ({ shareId, youtubeId })));
  });

  router.delete('/api/analysis/shared/:shareId', requireUser, async (req, res) => {
    const shareId = String(req.params.shareId);
    if (!shareIdSchema.safeParse(shareId).success || !(await shares.remove(currentUser(req).id, shareId))) {
      throw new AppError('NOT_FOUND', shareMessages.notYours);
    }
    res.json({ message: 'Share removed' });
  });

  /** The shared page: the app, with the preview tags of this share rendered on the server. */
  router.get('/shared/:shareId', async (req, res) => {
    const html = web.page();
    let row: SharedAnalysisEntity;
    try {
      row = await publicShare(String(req.params.shareId));
    } catch {
      return void res.status(404).type('html').send(html);
    }
    const video = await videos.describeVideo(row.youtubeId);
    const title = row.title || `${video?.title ?? 'A video'} - Find & Watch The Best Clips`;
    res
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(
        withPreview(html, {
          title,
          description: row.description || DEFAULT_SHARE_DESCRIPTION,
          image: video?.thumbnailUrl ?? `https://i.ytimg.com/vi/${row.youtubeId}/hqdefault.jpg`,
          url: shareUrl(req, row.shareId),
        }),
      );
  });

  return router;
}
