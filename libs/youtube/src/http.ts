import { fetch as undiciFetch, ProxyAgent, type Dispatcher } from 'undici';

export interface YoutubeHttpOptions {
  /** Replaces https://www.youtube.com (e.g. a fake in tests). */
  baseUrl?: string;
  /** An outbound proxy for every YouTube request. */
  proxyUrl?: string;
  timeoutMs?: number;
}

export type YoutubeFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

const YOUTUBE_ORIGIN = 'https://www.youtube.com';

/**
 * The one function every YouTube HTTP call goes through: maps https://www.youtube.com to the
 * configured base URL, sends through the proxy when one is set, and bounds each request in time.
 */
export function createYoutubeFetch({
  baseUrl = YOUTUBE_ORIGIN,
  proxyUrl,
  timeoutMs = 15_000,
}: YoutubeHttpOptions = {}): YoutubeFetch {
  const base = baseUrl.replace(/\/$/, '');
  const dispatcher: Dispatcher | undefined = proxyUrl ? new ProxyAgent(proxyUrl) : undefined;
  return async (url, init = {}) => {
    const target = url.startsWith(YOUTUBE_ORIGIN)
      ? base + url.slice(YOUTUBE_ORIGIN.length)
      : url.replace(/^http:\/\/www\.youtube\.com/, base);
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    const response = await undiciFetch(target, { ...init, signal, dispatcher });
    return response as unknown as Response;
  };
}
