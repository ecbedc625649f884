import type { AnalysisEvent } from '@findclips/contracts';
import { useEffect, useRef, useState } from 'react';
import { doubtSession } from '../lib/auth';
import { LiveChannel, type ConnectionStatus, type LiveIdentity } from '../lib/live';

/**
 * The live channel for whoever is here, once known (`who`: 'member:{id}' or 'visitor'): a member
 * connection replaces a guest one, and the channel follows the current video.
 * `identity` is read at each connect.
 */
export function useLiveChannel(
  who: string | null,
  identity: () => LiveIdentity | null,
  videoId: string | null,
  handlers: { onEvent(event: AnalysisEvent): void; onJoined(videoId: string): void },
): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const channel = useRef<LiveChannel | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const videoRef = useRef(videoId);
  videoRef.current = videoId;
  const identityRef = useRef(identity);
  identityRef.current = identity;

  useEffect(() => {
    if (!who) return;
    const live = new LiveChannel({
      identity: () => identityRef.current(),
      onEvent: (event) => latest.current.onEvent(event),
      onJoined: (id) => latest.current.onJoined(id),
      onStatus: setStatus,
      onSessionEnded: doubtSession,
    });
    live.watch(videoRef.current);
    live.connect();
    channel.current = live;
    return () => {
      live.close();
      channel.current = null;
      setStatus('disconnected');
    };
  }, [who]);

  useEffect(() => {
    channel.current?.watch(videoId);
  }, [videoId]);

  return status;
}
