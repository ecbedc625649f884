import { useQuery } from '@tanstack/react-query';

/** GET /api/analysis/shares-map: the member's shared pages, one per video. */
export const SHARES_MAP_KEY = ['/api/analysis/shares-map'] as const;

/** The member's shared pages, as every screen that shows or changes them reads them. */
export const useSharesMap = (options: { enabled?: boolean; staleTime?: number } = {}) =>
  useQuery<{ shareId: string; youtubeId: string }[]>({ queryKey: SHARES_MAP_KEY, ...options });
