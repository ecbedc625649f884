// Opening a shared analysis: finding it, counting the view, and what its page shows.
import { createHmac } from 'node:crypto';
import {
  AppError,
  fallbackThumbnail,
  SERVICE_UNAVAILABLE_MESSAGE,
  shareIdSchema,
  shareMessages,
  sharePageTitle,
  shareTabTitle,
  type Topic,
} from '@findclips/contracts';
import { readTopics, type PublicShare, type Shares } from '@findclips/db';
import { clientAddressKey, redisKeys, type RedisClient } from '@findclips/runtime';
import { LRUCache } from 'lru-cache';
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

/** A share's topics as its readers get them: read and checked once, and their JSON. */
export interface KeptTopics {
  topics: Topic[];
  json: string;
}

/** A share's topics are no longer those its MD5 named: shared again, made private or removed. */
class TopicsChanged extends Error {}

/**
 * Public shares' topics in memory, by share and the MD5 of their stored JSON: a share is read by
 * everyone its link reaches, and its topics, up to hundreds of kilobytes, change only when it is
 * shared again, which gives them another MD5. Read from PostgreSQL, parsed and checked against the
 * contract for each visitor, a 40-minute analysis's share answered a fifth of what a bare route
 * answers (`npm run bench`). Bounded by size, as the finished analyses are; readers of topics not
 * held yet share one read of them.
 */
export class SharedTopics {
  private readonly cache: LRUCache<string, KeptTopics>;

  constructor(shares: Shares, { maxBytes = 64 * 1024 * 1024, ttlMs = 10 * 60 * 1000 } = {}) {
    this.cache = new LRUCache<string, KeptTopics>({
      maxSize: maxBytes,
      // Their JSON and the topics parsed from it: measured, 2.1 times the JSON's length in bytes
      // for English, 3.9 for Japanese (two bytes a character).
      sizeCalculation: (entry) => 4 * entry.json.length,
      ttl: ttlMs,
      ignoreFetchAbort: true,
      // Nothing kept when the share has other topics now or is gone. Thrown, not answered as
      // undefined: lru-cache lets a read pushed out while running answer only with a value, and
      // rejected an undefined with 'evicted', a 500 for each of its readers (a stranger's review).
      fetchMethod: async (key) => {
        const [shareId, tag] = key.split(':');
        const stored = await shares.publicTopics(shareId!, tag!);
        if (stored === null) throw new TopicsChanged();
        const topics = readTopics(stored);
        return { topics, json: JSON.stringify(topics) };
      },
    });
  }

  /** The share's topics, as tagged when it was read; undefined if they have changed since. */
  async read(share: PublicShare): Promise<KeptTopics | undefined> {
    try {
      return await this.cache.fetch(`${share.shareId}:${share.topicsTag}`);
    } catch (error) {
      if (error instanceof TopicsChanged) return undefined;
      throw error;
    }
  }
}

export interface ReadShareDeps {
  shares: Shares;
  views: ShareViews;
  topics: SharedTopics;
}

/**
 * Who is looking, for the view count: the member, else the client's address (an IPv6 /64),
 * whatever browser or guest id it claims (a guest id is the browser's own word, so new ones would
 * count anew). Null for the share's owner: their visits are no views.
 */
function visitorOf({ userId, guestId, address, probing }: Viewer, share: PublicShare): string | null {
  if (probing) return null;
  if (userId !== null) return share.userId === userId ? null : `u:${userId}`;
  if (guestId && share.guestSessionId === guestId) return null;
  return `a:${clientAddressKey(address)}`;
}

/**
 * A public share by its id, with its topics; an id that cannot be one, a removed or a private
 * share are all "not found".
 */
async function findPublicShare(
  { shares, topics }: Pick<ReadShareDeps, 'shares' | 'topics'>,
  shareId: string,
): Promise<{ share: PublicShare; topics: KeptTopics }> {
  const parsed = shareIdSchema.safeParse(shareId);
  if (!parsed.success) throw new AppError('NOT_FOUND', shareMessages.notFound);
  // A second time when its topics changed between the two reads (shared again at that moment).
  for (let tries = 1; tries <= 2; tries++) {
    const share = await shares.findPublic(parsed.data);
    if (!share) throw new AppError('NOT_FOUND', shareMessages.notFound);
    const kept = await topics.read(share);
    if (kept) return { share, topics: kept };
  }
  // Shared again during each of two reads: a share that is there, so no "not found", which a
  // crawler would take for a removed one (a stranger's review).
  throw new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
}

/**
 * A visitor opens a share: counted once per visitor and window (never the owner, nor a HEAD
 * request).
 */
export async function readShare(deps: ReadShareDeps, shareId: string, viewer: Viewer) {
  const { shares, views } = deps;
  const { share, topics } = await findPublicShare(deps, shareId);
  const visitor = visitorOf(viewer, share);
  const viewCount =
    visitor !== null && (await views.first(share.shareId, visitor)) ? await shares.countView(share.shareId) : share.viewCount;
  return { share, topics, viewCount, isOwner: viewer.userId !== null && share.userId === viewer.userId };
}

/**
 * What a shared page's HTML says of its share before the app runs (link previews, search engines):
 * its title (the video's when the sharer gave none), picture, description, key moments, and the API
 * address the page reads first. `url` builds a share's public address. NOT_FOUND as the share does.
 */
export async function sharePreview(
  deps: Pick<ReadShareDeps, 'shares' | 'topics'>,
  shareId: string,
  url: (shareId: string) => string,
): Promise<PagePreview> {
  const { share, topics } = await findPublicShare(deps, shareId);
  const { video } = share;
  // The video's name as the page itself gives it (shared-page.tsx) when we know no title of it.
  const videoTitle = video.title ?? `YouTube video ${share.youtubeId}`;
  const title = sharePageTitle(share.title, videoTitle);
  const image = video.thumbnailUrl ?? fallbackThumbnail(share.youtubeId);
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
      durationSeconds: video.durationSeconds,
      url: address,
      topics: topics.topics,
    }),
  };
}
