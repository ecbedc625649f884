import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { AppError, videoMessages } from '@findclips/contracts';
import type { CachedVideo, CachedVideos } from '@findclips/db';
import { LRUCache } from 'lru-cache';

const gzip = promisify(gzipCallback);

/** A video's shared analysis once it is complete: anyone may read it; before that, NOT_FOUND. */
export async function readFinished(cached: CachedVideos, videoId: string): Promise<CachedVideo> {
  const row = await cached.find(videoId);
  if (row?.analysisStatus !== 'complete') throw new AppError('NOT_FOUND', videoMessages.notFound);
  return row;
}

/** A JSON answer as it is sent: the JSON, the same gzipped, and its ETag. */
export interface SerializedAnswer {
  json: Buffer;
  /**
   * Compressed once, for every reader who takes gzip (every browser): compressed per request, a
   * 40 kB analysis cost 1.1 ms and a 300 kB one 9 ms of the event loop, more than the rest of the
   * request (compression's own Brotli at quality 4 is as large and as slow).
   */
  gzip: Buffer;
  etag: string;
}

/** How much each kind of answer kept in memory may hold: bytes of their JSON and its gzip. */
const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * Answers about finished videos (their shared analyses, their transcripts), serialized and
 * gzipped, in memory: once complete they do not change, and they are what every shared link and
 * returning visitor reads. Bounded by size: bounded by count (2,000) a gateway held 1.1 GB after
 * reading 2,000 analyses of 100 topics (a stranger's event-loop audit). One is read again
 * `ttlMs` after it was read; an expired one is freed only when read or pushed out by size, as
 * lru-cache advises (a busy gateway holds about its bound for good). Readers of one answer not
 * held yet share one read of it: the pages open on a video all ask the moment it is analysed.
 */
export class FinishedAnswers {
  private readonly cache: LRUCache<string, SerializedAnswer>;

  constructor(load: (key: string) => Promise<unknown>, { maxBytes = KEPT_BYTES, ttlMs = 5 * 60 * 1000 } = {}) {
    this.cache = new LRUCache<string, SerializedAnswer>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.json.byteLength + entry.gzip.byteLength + entry.etag.length,
      ttl: ttlMs,
      // A read pushed out of the cache before it is done still answers its readers (it rejected
      // with 'evicted', a 500 for each: a stranger's review).
      ignoreFetchAbort: true,
      // A read that fails (not found, the database away) is no entry: the next read tries again.
      fetchMethod: async (key) => {
        const json = Buffer.from(JSON.stringify(await load(key)));
        // On libuv's threads, off the event loop.
        const gzipped = await gzip(json);
        return { json, gzip: gzipped, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
      },
    });
  }

  /** The answer, serialized: from memory, else read (once, for everyone asking). */
  async read(key: string): Promise<SerializedAnswer> {
    return (await this.cache.fetch(key))!;
  }

  /** What is held now, in bytes. */
  get heldBytes(): number {
    return this.cache.calculatedSize;
  }
}
