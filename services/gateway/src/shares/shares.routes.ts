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
import { clientAddressKey, redisKeys, type RedisClient } from '@findclips/runtime';
import { Router, type Request } from 'express';
import { currentUser, requireUser } from '../auth/require-user';
import { parseInput } from '../http/errors';
import { guestIdentity, guestIdOf, readGuestId } from '../videos/guest-id';
import type { WebApp } from '../http/web-app';
import { shareAnalysis, type ShareAnalysisDeps } from './share-analysis';
import { keyMoments, withPreview } from './share-page';

export interface SharesRoutesDeps extends ShareAnalysisDeps {
  redis: RedisClient;
  keyPrefix: string;
  web: WebApp;
  /** The app's public origin (PUBLIC_URL): links to a share are built on it, never on the Host header. */
  publicUrl: string;
}

/** A browser's reloads within this window count as one view. */
const VIEW_WINDOW_SECONDS = 10 * 60;

/**
 * Who is looking, for the view count: the member, else the guest, else the client's address (an
 * IPv6 /64), whatever browser it claims to be. Null for the share's owner: their visits are no views.
 */
function visitorOf(req: Request, row: SharedAnalysisEntity): string | null {
  const gid = readGuestId(req);
  if (req.user) return row.userId === req.user.id ? null : `u:${req.user.id}`;
  if (gid) return row.guestSessionId === gid ? null : `g:${gid}`;
  return `a:${createHash('sha256')
    .update(clientAddressKey(req.ip ?? ''))
    .digest('base64url')
    .slice(0, 22)}`;
}

/** Shares: create or update, read publicly (with view counts), list and remove; the shared page's preview. */
export function sharesRoutes(deps: SharesRoutesDeps) {
  const { shares, cached, memberAnalyses, redis, keyPrefix, web, publicUrl } = deps;
  const shareUrl = (shareId: string) => `${publicUrl}/shared/${shareId}`;
  const router = Router();

  const publicShare = async (shareId: string): Promise<SharedAnalysisEntity> => {
    const parsed = shareIdSchema.safeParse(shareId);
    const row = parsed.success ? await shares.findPublic(parsed.data) : null;
    if (!row) throw new AppError('NOT_FOUND', shareMessages.notFound);
    return row;
  };

  router.post('/api/analysis/share', guestIdentity, async (req, res) => {
    const body = parseInput(createShareRequestSchema, req.body);
    const sharer = req.user ? { user: req.user } : { guestId: guestIdOf(req) };
    const row = await shareAnalysis(deps, sharer, body);
    const answer: ShareResponse = { shareId: row.shareId, youtubeId: row.youtubeId, url: shareUrl(row.shareId) };
    res.status(201).json(answer);
  });

  router.get('/api/shared/:shareId', async (req, res) => {
    const row = await publicShare(String(req.params.shareId));
    const visitor = visitorOf(req, row);
    const first =
      visitor !== null &&
      (await redis.set(redisKeys(keyPrefix).shareView(row.shareId, visitor), '1', { NX: true, EX: VIEW_WINDOW_SECONDS }));
    const viewCount = first ? await shares.countView(row.shareId) : row.viewCount;
    const video = await cached.describe(row.youtubeId);
    // A member's share comes from their own analysis when they have one: it says which captions it read.
    const uploaded = row.userId !== null && (await memberAnalyses.transcriptSourceOf(row.userId, row.youtubeId)) === 'upload';
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
      transcriptSource: uploaded ? 'upload' : 'youtube',
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
    const video = await cached.describe(row.youtubeId);
    const title = row.title || `${video?.title ?? 'A video'} - Find & Watch The Best Clips`;
    const description = row.description || DEFAULT_SHARE_DESCRIPTION;
    const image = video?.thumbnailUrl ?? `https://i.ytimg.com/vi/${row.youtubeId}/hqdefault.jpg`;
    const url = shareUrl(row.shareId);
    res
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(
        withPreview(html, {
          title,
          description,
          image,
          url,
          structuredData: keyMoments({
            name: video?.title ?? title,
            description,
            thumbnailUrl: image,
            youtubeId: row.youtubeId,
            uploadDate: row.createdAt,
            durationSeconds: video?.durationSeconds ?? null,
            url,
            topics: readTopics(row.sharedTopics),
          }),
        }),
      );
  });

  return router;
}
