import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** GET /api/analysis/shares-map: the member's shared pages, one per video. */
export const SHARES_MAP_KEY = ['/api/analysis/shares-map'] as const;

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

/** This tab's channel to the browser's other tabs, and the data it updates: open for the tab's life. */
let tabs: { channel: BroadcastChannel; client: QueryClient } | null = null;

function otherTabs(client: QueryClient): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (tabs?.client === client) return tabs.channel;
  tabs?.channel.close();
  const channel = new BroadcastChannel(SHARES_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<SharedMessage>) => {
    if (typeof data?.shareId === 'string') void readAgain(client, data.shareId);
  };
  tabs = { channel, client };
  return channel;
}
