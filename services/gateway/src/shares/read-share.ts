// Opening a shared analysis: finding it, counting the view, and what its page shows.
import { createHmac } from 'node:crypto';
import { AppError, fallbackThumbnail, shareIdSchema, shareMessages, sharePageTitle, shareTabTitle } from '@findclips/contracts';
import { readTopics, type CachedVideos, type SharedAnalysisEntity, type Shares } from '@findclips/db';
import { clientAddressKey, redisKeys, type RedisClient } from '@findclips/runtime';
import { keyMoments, type PagePreview } from './share-page';

/** A browser's reloads within this window count as one view. */
const VIEW_WINDOW_SECONDS = 10 * 60;

/** Who opens a share: a member, a guest, or only an address. */
export interface Viewer {
  userId: number | null;
  guestId: string | null;
  address: string;
  /** Only asks whether the share is there (HEAD: a link checker, an uptime monitor), without reading it. */
  probing?: boolean;
}

/**
 * Which visitors have been counted lately, per share (Redis keys that expire with the window), each
 * by a keyed hash of who they are (SESSION_SECRET's): an address hashed plainly is read back by
 * trying every IPv4 address (a stranger's privacy audit).
 */
export class ShareViews {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly secret: string,
  ) {}

  /** True the first time `visitor` opens the share within the window. */
  async first(shareId: string, visitor: string): Promise<boolean> {
    const pseudonym = createHmac('sha256', this.secret)
      .update(`findclips share viewer\0${visitor}`)
      .digest('base64url')
      .slice(0, 22);
    const set = await this.redis.set(redisKeys(this.keyPrefix).shareView(shareId, pseudonym), '1', {
      NX: true,
      EX: VIEW_WINDOW_SECONDS,
    });
    return Boolean(set);
  }
}

export interface ReadShareDeps {
  shares: Shares;
  cached: CachedVideos;
  views: ShareViews;
}

/**
 * Who is looking, for the view count: the member, else the client's address (an IPv6 /64),
 * whatever browser or guest id it claims (a guest id is the browser's own word, so new ones would
 * count anew). Null for the share's owner: their visits are no views.
 */
function visitorOf({ userId, guestId, address, probing }: Viewer, share: SharedAnalysisEntity): string | null {
  if (probing) return null;
  if (userId !== null) return share.userId === userId ? null : `u:${userId}`;
  if (guestId && share.guestSessionId === guestId) return null;
  return `a:${clientAddressKey(address)}`;
}

/** A public share by its id; an id that cannot be one, a removed or a private share are all "not found". */
async function findPublicShare(shares: Shares, shareId: string): Promise<SharedAnalysisEntity> {
  const parsed = shareIdSchema.safeParse(shareId);
  const share = parsed.success ? await shares.findPublic(parsed.data) : null;
  if (!share) throw new AppError('NOT_FOUND', shareMessages.notFound);
  return share;
}

/**
 * A visitor opens a share: counted once per visitor and window (never the owner, nor a HEAD
 * request), with what the page shows of the video.
 */
export async function readShare({ shares, cached, views }: ReadShareDeps, shareId: string, viewer: Viewer) {
  const share = await findPublicShare(shares, shareId);
  const visitor = visitorOf(viewer, share);
  const viewCount =
    visitor !== null && (await views.first(share.shareId, visitor)) ? await shares.countView(share.shareId) : share.viewCount;
  const video = await cached.describe(share.youtubeId);
  return { share, viewCount, video, isOwner: viewer.userId !== null && share.userId === viewer.userId };
}

/**
 * What a shared page's HTML says of its share before the app runs (link previews, search engines):
 * its title (the video's when the sharer gave none), picture, description, key moments, and the API
 * address the page reads first. `url` builds a share's public address. NOT_FOUND as the share does.
 */
export async function sharePreview(
  { shares, cached }: Pick<ReadShareDeps, 'shares' | 'cached'>,
  shareId: string,
  url: (shareId: string) => string,
): Promise<PagePreview> {
  const share = await findPublicShare(shares, shareId);
  const video = await cached.describe(share.youtubeId);
  // The video's name as the page itself gives it (shared-page.tsx) when we know no title of it.
  const videoTitle = video?.title ?? `YouTube video ${share.youtubeId}`;
  const title = sharePageTitle(share.title, videoTitle);
  const image = video?.thumbnailUrl ?? fallbackThumbnail(share.youtubeId);
  const address = url(share.shareId);
  return {
    title,
    // The tab's title as the page sets it: a right-to-left video title isolated from our words.
    tabTitle: shareTabTitle(share.title, videoTitle),
    description: share.description,
    image,
    url: address,
    data: `/api/shared/${encodeURIComponent(share.shareId)}`,
    structuredData: keyMoments({
      name: videoTitle,
      description: share.description,
      thumbnailUrl: image,
      youtubeId: share.youtubeId,
      uploadDate: share.createdAt,
      durationSeconds: video?.durationSeconds ?? null,
      url: address,
      topics: readTopics(share.sharedTopics),
    }),
  };
}
