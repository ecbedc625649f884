import type { QueryClient } from '@tanstack/react-query';

/**
 * A channel to the browser's other tabs whose messages update this tab's data (`client`'s): open
 * from its first use for the tab's life, and opened anew for another client (after the app's root
 * was made again). Null where the browser has no BroadcastChannel.
 */
export function tabChannel<Message>(
  name: string,
  heard: (client: QueryClient, message: Message) => void,
): (client: QueryClient) => BroadcastChannel | null {
  let open: { channel: BroadcastChannel; client: QueryClient } | null = null;
  return (client) => {
    if (typeof BroadcastChannel === 'undefined') return null;
    if (open?.client === client) return open.channel;
    open?.channel.close();
    const channel = new BroadcastChannel(name);
    channel.onmessage = ({ data }: MessageEvent<Message>) => heard(client, data);
    open = { channel, client };
    return channel;
  };
}
