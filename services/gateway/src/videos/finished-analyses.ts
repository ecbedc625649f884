import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

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
    const entry = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    this.cache.set(videoId, entry);
    return entry;
  }
}
