import {
  AppError,
  createShareRequestSchema,
  declaredLanguage,
  type MessageResponse,
  type SharedAnalysisResponse,
  type ShareResponse,
} from '@findclips/contracts';
import compression from 'compression';
import { Router, type Request, type RequestHandler } from 'express';
import { currentUser, requireUser } from '../auth/require-user';
import { parseInput } from '../http/errors';
import { guestIdentity, guestIdOf, readGuestId } from '../videos/guest-id';
import type { WebApp } from '../http/web-app';
import { readShare, sharePreview, type ReadShareDeps, type Viewer } from './read-share';
import { removeShare, shareAnalysis, type ShareAnalysisDeps } from './share-analysis';
import { withPreview, type PagePreview } from './share-page';

interface SharesRoutesDeps extends ShareAnalysisDeps, ReadShareDeps {
  web: WebApp;
  /** The app's public origin (PUBLIC_URL): links to a share are built on it, never on the Host header. */
  publicUrl: string;
}

/** Shares: create or update, read publicly (with view counts), list and remove; the shared page's preview. */
export function sharesRoutes(deps: SharesRoutesDeps) {
  const { shares, web, publicUrl } = deps;
  const shareUrl = (shareId: string) => `${publicUrl}/shared/${shareId}`;
  const router = Router();
  const viewerOf = (req: Request): Viewer => ({
    userId: req.user?.id ?? null,
    guestId: readGuestId(req) ?? null,
    address: req.ip ?? '',
    probing: req.method === 'HEAD',
  });

  // A guest shares under their guest id; a member's share is theirs, and makes them none.
  const sharerIdentity: RequestHandler = (req, res, next) => (req.user ? next() : guestIdentity(req, res, next));
  router.post('/api/analysis/share', sharerIdentity, async (req, res) => {
    const body = parseInput(createShareRequestSchema, req.body);
    const sharer = req.user ? { user: req.user } : { guestId: guestIdOf(req) };
    const { share, created } = await shareAnalysis(deps, sharer, body);
    const answer: ShareResponse = { shareId: share.shareId, youtubeId: share.youtubeId, url: shareUrl(share.shareId) };
    // Created, or the sharer's share of the video updated.
    res.status(created ? 201 : 200).json(answer);
  });

  router.get('/api/shared/:shareId', async (req, res) => {
    const { share, topics, viewCount, isOwner } = await readShare(deps, String(req.params.shareId), viewerOf(req));
    const body: Omit<SharedAnalysisResponse, 'sharedTopics'> = {
      shareId: share.shareId,
      youtubeId: share.youtubeId,
      title: share.title,
      description: share.description,
      viewCount,
      isOwner,
      createdAt: share.createdAt.toISOString(),
      video: share.video,
      // Which captions the topics came from, and their language, as they were shared.
      transcriptSource: share.transcriptSource,
      language: declaredLanguage(share.transcriptSource, share.language),
    };
    // The topics' JSON as kept, added last rather than serialized again for each visitor.
    const json = `${JSON.stringify(body).slice(0, -1)},"sharedTopics":${topics.json}}`;
    res.set('Cache-Control', 'no-store').type('application/json').send(json);
  });

  router.get('/api/analysis/shares-map', requireUser, async (req, res) => {
    const rows = await shares.listForUser(currentUser(req).id);
    res.json(rows.map(({ shareId, youtubeId }) => ({ shareId, youtubeId })));
  });

  router.delete('/api/analysis/shared/:shareId', requireUser, async (req, res) => {
    await removeShare(shares, currentUser(req).id, String(req.params.shareId));
    res.json({ message: 'Share removed' } satisfies MessageResponse);
  });

  // The shared page compressed when the browser or link preview takes it, as every other page is:
  // a hundred topics' key moments are tens of kilobytes of markup.
  router.use('/shared', compression());
  /** A shared page's address that is not valid percent-encoding names no share: the app says so. */
  router.use('/shared', (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      if (req.method === 'GET' || req.method === 'HEAD') {
        return void res.status(404).set('Cache-Control', 'no-cache').type('html').send(web.page('/shared/'));
      }
    }
    next();
  });

  /** The shared page: the app, with the preview tags of this share rendered on the server. */
  router.get('/shared/:shareId', async (req, res) => {
    let preview: PagePreview;
    try {
      preview = await sharePreview(deps, String(req.params.shareId), shareUrl);
    } catch (error) {
      // No such share: the app says so. The database away is no answer about the share: the app
      // (which says it could not load it, with Try again) with 503, kept nowhere, so that no
      // preview bot, crawler or cache takes a live share for a removed one.
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return void res.status(404).set('Cache-Control', 'no-cache').type('html').send(web.page('/shared/'));
      }
      req.log?.warn({ err: error }, 'shared page: the share could not be read');
      return void res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': '5' })
        .type('html')
        .send(web.page('/shared/'));
    }
    res
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(withPreview(web.page('/shared/', preview.data ? [preview.data] : []), preview));
  });

  return router;
}
