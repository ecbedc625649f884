import { AlertTriangle, PlayCircle, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { clipSpan } from '../lib/format';
import { Button } from './ui';
import { useEffect, useRef, useState } from 'react';
import { usePagePlayers, useReportTime, type PagePlayer } from './playback';
import { useSpokenText } from '../lib/spoken-language';

/** What a clip that cannot load says instead (embedding disabled, region, offline). */
export const CLIP_ERROR_MESSAGE =
  'Unable to load this video clip. The video may have embedding disabled or be unavailable in your region.';
const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
/**
 * The embed answers our 'listening' message within a second or two; silence this long after the
 * frame loaded means it never reached YouTube (offline, blocked), and the frame shows a browser
 * error page instead of a player.
 */
export const EMBED_SILENCE_MS = 8_000;

/** The privacy-enhanced YouTube embed of one clip: from `start` to `end`, in whole seconds. */
function clipUrl(youtubeId: string, start: number, end: number, autoplay = false): string {
  const { from, to } = clipSpan(start, end);
  const params = new URLSearchParams({
    start: String(from),
    end: String(to),
    rel: '0',
    modestbranding: '1',
    playsinline: '1',
    enablejsapi: '1',
    ...(autoplay ? { autoplay: '1' } : {}),
    ...(typeof window !== 'undefined' ? { origin: window.location.origin } : {}),
  });
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}?${params}`;
}

/** The embed's messages we read: failures, the playing time and state (1: playing). */
interface EmbedMessage {
  event?: string;
  info?: number | { currentTime?: number; playerState?: number };
}
const PLAYING = 1;

/** What a visitor sees of a clip: a local placeholder until the embed answers, then the player. */
export const CLIP_LOADING_LABEL = 'Loading clip…';

/**
 * One clip. The embed reports failures (embedding disabled, removed, region) over postMessage once
 * told we are listening; a failure, going offline, or an embed that never answers (YouTube
 * unreachable) replaces the player with the clip message; one that failed offline is loaded again
 * once the browser is back online. Until the embed first answers, a local
 * placeholder covers the frame, so a browser error page never shows while YouTube is unreachable.
 */
export function ClipPlayer({
  youtubeId,
  start,
  end,
  title,
  spokenTitle = false,
  autoplay = false,
  onPlaying,
}: {
  youtubeId: string;
  start: number;
  end: number;
  title: string;
  /** The title is the video's words (a topic's title), in its language; else ours ('Match at 1:02'). */
  spokenTitle?: boolean;
  autoplay?: boolean;
  /** Called each time the clip starts playing (a clip that never loads never calls it). */
  onPlaying?: () => void;
}) {
  const spoken = useSpokenText();
  const frame = useRef<HTMLIFrameElement>(null);
  // The playing second, as the embed reports it a few times a second, for what follows along.
  const reportTime = useReportTime();
  const silence = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Why the clip cannot play: the embed refused it ('error'), or the browser was offline, which
  // passes: back online, the player is asked again.
  const [failed, setFailed] = useState<false | 'error' | 'offline'>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : false,
  );
  const [answered, setAnswered] = useState(false);
  // One player plays at a time on a page: this one pauses when another starts, and says when it starts.
  const players = usePagePlayers();
  const self = useRef<PagePlayer>({
    pause: () =>
      frame.current?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }), EMBED_ORIGIN),
  });
  // Opened to play at once, and not yet playing: when it starts, it is no new choice of the
  // visitor's, and a clip opened since (whose pause could not reach a frame still loading) wins.
  const opening = useRef(autoplay);
  // The latest callback, read by the message listener (which is not set up again for it).
  const playing = useRef(onPlaying);
  playing.current = onPlaying;

  useEffect(() => {
    const player = self.current;
    players.add(player);
    // Opened to play at once (a Viral Cut, a full topic): the others stop now, not when it answers.
    if (autoplay) players.plays(player);
    return () => players.remove(player);
  }, [players, autoplay]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== EMBED_ORIGIN || event.source !== frame.current?.contentWindow) return;
      clearTimeout(silence.current);
      setAnswered(true);
      try {
        const data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as EmbedMessage | null;
        if (data?.event === 'onError') setFailed('error');
        const info = typeof data?.info === 'object' && data.info !== null ? data.info : undefined;
        const seconds = data?.event === 'infoDelivery' ? info?.currentTime : undefined;
        if (typeof seconds === 'number') reportTime(seconds);
        if ((data?.event === 'onStateChange' && data.info === PLAYING) || info?.playerState === PLAYING) {
          playing.current?.();
          if (!opening.current) players.plays(self.current);
          else if (!players.isLast(self.current)) self.current.pause();
          opening.current = false;
        }
      } catch {
        // not the embed's JSON
      }
    };
    const offline = () => setFailed((reason) => reason || 'offline');
    const online = () => {
      setAnswered(false);
      setFailed((reason) => (reason === 'offline' ? false : reason));
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      clearTimeout(silence.current);
      reportTime(null);
    };
  }, [reportTime, players]);

  const listen = () => {
    clearTimeout(silence.current);
    silence.current = setTimeout(() => setFailed(navigator.onLine === false ? 'offline' : 'error'), EMBED_SILENCE_MS);
    frame.current?.contentWindow?.postMessage(
      JSON.stringify({ event: 'listening', id: youtubeId, channel: 'widget' }),
      EMBED_ORIGIN,
    );
  };

  if (failed) {
    return (
      <div
        role="alert"
        // (min-w-0: a message taller than 16:9 at a phone's width grows the box down, never wider than its column.)
        className="flex aspect-video w-full min-w-0 items-center justify-center gap-2 rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600"
      >
        <AlertTriangle className="h-5 w-5 shrink-0 text-amber-500" aria-hidden />
        {CLIP_ERROR_MESSAGE}
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
      <iframe
        ref={frame}
        src={clipUrl(youtubeId, start, end, autoplay)}
        title={title}
        className={`h-full w-full ${answered ? '' : 'invisible'}`}
        allow="autoplay; clipboard-write; encrypted-media; picture-in-picture"
        allowFullScreen
        loading="lazy"
        onLoad={listen}
      />
      {!answered && (
        <div
          role="status"
          // Zinc, which the dark theme leaves as it is (it turns slate over): dark on either page, as the player.
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-zinc-800 p-4 text-center text-sm text-zinc-100"
        >
          <PlayCircle className="h-10 w-10 animate-pulse text-zinc-300" aria-hidden />
          <span>{CLIP_LOADING_LABEL}</span>
          <span {...(spokenTitle ? spoken : { dir: 'auto' })} className="line-clamp-2 text-xs text-zinc-300">
            {title}
          </span>
        </div>
      )}
    </div>
  );
}

/** A clip in a compact player (a Viral Cut, a moment found or read) that plays at once, with 'Close clip'. */
export function CompactClip({
  onClose,
  className,
  focusClose,
  ...clip
}: {
  youtubeId: string;
  start: number;
  end: number;
  title: string;
  onClose(): void;
  className?: string;
  onPlaying?: () => void;
  /** Opened from the keyboard's place: 'Close clip' takes the focus, the player just before it. */
  focusClose?: boolean;
}) {
  return (
    // Compact: a moment lasts under a minute or two and needs no full-width frame.
    <div className={cn('grid max-w-md grid-cols-1 gap-2', className)}>
      <ClipPlayer {...clip} autoplay />
      <Button variant="outline" onClick={onClose} className="w-fit" autoFocus={focusClose}>
        <X className="h-4 w-4" aria-hidden />
        Close clip
      </Button>
    </div>
  );
}
