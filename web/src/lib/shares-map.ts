import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tabChannel } from './tab-channel';

/** GET /api/analysis/shares-map: the member's shared pages, one per video. */
const SHARES_MAP_KEY = ['/api/analysis/shares-map'] as const;

/**
 * The member's shared pages, as every screen that shows or changes them reads them; a share made
 * or removed in another tab of the browser shows here too (a history left open kept offering to
 * copy the link of a share removed in another tab, 'Copied' of a page that was gone).
 */
export function useSharesMap(options: { enabled?: boolean; staleTime?: number } = {}) {
  const client = useQueryClient();
  useEffect(() => void otherTabs(client), [client]);
  return useQuery<{ shareId: string; youtubeId: string }[]>({ queryKey: SHARES_MAP_KEY, ...options });
}

/**
 * A share was made (or shared again) or removed in this tab: the shares and that share's page are
 * read again here and in the browser's other tabs.
 */
export function sharesChanged(client: QueryClient, shareId: string): Promise<unknown> {
  otherTabs(client)?.postMessage({ shareId } satisfies SharedMessage);
  return readAgain(client, shareId);
}

const readAgain = (client: QueryClient, shareId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: SHARES_MAP_KEY }),
    client.invalidateQueries({ queryKey: ['/api/shared', shareId], exact: true }),
  ]);

/** The browser's tabs tell each other the shares they make and remove. */
const SHARES_CHANNEL = 'findclips.shares';

interface SharedMessage {
  shareId: string;
}

/** The channel to the browser's other tabs: the shares they make and remove are read again here. */
const otherTabs = tabChannel<SharedMessage>(SHARES_CHANNEL, (client, data) => {
  if (typeof data?.shareId === 'string') void readAgain(client, data.shareId);
});
