import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Video fetches retry twice, waiting 1 s, 2 s, … up to 10 s. */
export const VIDEO_FETCH_RETRY = {
  retry: 2,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000),
} as const;

/** Video metadata is fresh for 5 minutes. */
export const METADATA_STALE_MS = 5 * 60 * 1000;

/**
 * The URL is the key; no retries, no refetch on focus, no polling, never stale. An action (a
 * mutation) is sent even offline, so that it fails at once with its own message: held until the
 * network came back, it showed progress, or a button pending, for as long as the network was away,
 * then ran by itself. (A query opened offline waits for the network: it reads, it changes nothing.)
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
