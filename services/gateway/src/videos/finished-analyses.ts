import { createHash } from 'node:crypto';
import { AppError, videoMessages } from '@findclips/contracts';
import type { CachedVideo, CachedVideos } from '@findclips/db';
import { LRUCache } from 'lru-cache';

/** A video's shared analysis once it is complete: anyone may read it; before that, NOT_FOUND. */
export async function readFinished(cached: CachedVideos, videoId: string): Promise<CachedVideo> {
  const row = await cached.find(videoId);
  if (row?.analysisStatus !== 'complete') throw new AppError('NOT_FOUND', videoMessages.notFound);
  return row;
}

export interface SerializedAnalysis {
  json: string;
  etag: string;
}

/**
 * Finished shared analyses, serialized, in memory: once complete they do not change, and they are
 * what every shared link and returning visitor reads. Bounded in entries and age.
 */
export class FinishedAnalyses {
  private readonly cache = new LRUCache<string, SerializedAnalysis>({ max: 2_000, ttl: 5 * 60 * 1000 });

  get(videoId: string): SerializedAnalysis | undefined {
    return this.cache.get(videoId);
  }

  put(videoId: string, body: unknown): SerializedAnalysis {
    const json = JSON.stringify(body);
    const entry = { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
    this.cache.set(videoId, entry);
    return entry;
  }
}
