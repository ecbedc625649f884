import {
  analysisEventTypes,
  socketMessages,
  type AnalysisEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@findclips/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** 5 reconnect attempts, 1 s to 5 s apart, 10 s timeout; 1 s before a manual reconnect. */
export const LIVE_OPTIONS = {
  path: '/socket.io',
  transports: ['polling'],
  withCredentials: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 10_000,
} satisfies Partial<ManagerOptions & SocketOptions>;
export const MANUAL_RECONNECT_MS = 1_000;
/**
 * After Socket.IO's 5 reconnections fail (the service away longer than they last, about 20 s, as
 * in a deploy), the channel starts them again this long after, for as long as the tab shows: a
 * dashboard left open on a second screen is never focused again, and stayed without events for good.
 */
const LIVE_RETRY_MS = 30_000;
/**
 * A hidden tab gives its connection back after this long, and reconnects (rejoining its video, whose
 * missed events are read again) once shown: over HTTP/1.1 a browser opens at most 6 connections to a
 * host, and each live channel holds one for its long-polling, so a seventh tab's requests waited for
 * ever behind the others' polls.
 */
const HIDDEN_RELEASE_MS = 5_000;

/** Whether the page is hidden, and when that changes: the tab's visibility (tests pass their own). */
export interface PageVisibility {
  hidden(): boolean;
  /** Calls `listener` on each change; returns what stops it. */
  onChange(listener: () => void): () => void;
}

const tabVisibility: PageVisibility | null =
  typeof document === 'undefined'
    ? null
    : {
        hidden: () => document.visibilityState === 'hidden',
        onChange: (listener) => {
          document.addEventListener('visibilitychange', listener);
          return () => document.removeEventListener('visibilitychange', listener);
        },
      };

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** Members authenticate with their user id, guests with their guest id. */
export type LiveIdentity = { userId: number } | { guestId: string };

export interface LiveChannelOptions {
  /**
   * Who is connecting, read at each (re)connect: a visitor whose gid cookie arrives after the
   * page loaded is a guest from the next connect on. Null: nobody yet (the server says so and
   * drops the socket; the channel reconnects 1 s later).
   */
  identity(): LiveIdentity | null;
  onEvent(event: AnalysisEvent): void;
  onStatus?(status: ConnectionStatus): void;
  /** The service says this browser's session has ended (expired, or removed). */
  onSessionEnded?(): void;
  /** Called when the server confirms a join: events missed before it can be re-fetched then. */
  onJoined?(videoId: string): void;
  /** The tab's visibility by default; none outside a browser. */
  visibility?: PageVisibility | null;
  /** HIDDEN_RELEASE_MS by default. */
  hiddenReleaseMs?: number;
  /** LIVE_RETRY_MS by default. */
  retryMs?: number;
  /** Same origin in the app; tests pass a server and cookies. */
  url?: string;
  extraHeaders?: Record<string, string>;
}

/**
 * The live channel: one Socket.IO connection (polling only, credentials sent),
 * joined to the current video's room. Socket.IO reconnects by itself after network failures; after
 * a server-initiated disconnect or a refused handshake it does not, so the channel reconnects after
 * 1 s (5 times in a row at most when the server refuses who we say we are or admits nobody; then
 * again when the page regains focus, comes back online or follows another video). After Socket.IO's
 * own 5 reconnections fail, it starts them again every LIVE_RETRY_MS, or at once on those. Each (re)connect
 * rejoins the current room, and events for any other video are dropped.
 */
export class LiveChannel {
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private videoId: string | null = null;
  private transaction = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Connections in a row the server refused (a member signed out in another tab, say). */
  private refusals = 0;
  /** Stopped after too many refusals, until the person comes back to the page or opens a video. */
  private stopped = false;
  /** Given back while the tab is hidden (HIDDEN_RELEASE_MS), until it shows again. */
  private released = false;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatchingVisibility: () => void;
  private readonly resume = () => {
    if (!this.stopped || this.closed) return;
    this.stopped = false;
    this.refusals = 0;
    this.connect();
  };

  constructor(private readonly options: LiveChannelOptions) {
    this.socket = io(options.url ?? '', {
      ...LIVE_OPTIONS,
      auth: (send) => send(options.identity() ?? {}),
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      autoConnect: false,
    });
    const status = (value: ConnectionStatus) => options.onStatus?.(value);

    this.socket.on('connect', () => {
      status('connected');
      this.sendJoin();
    });
    this.socket.on('disconnect', (reason) => {
      status('disconnected');
      if (reason !== 'io server disconnect' || this.closed) return;
      this.reconnectLater();
    });
    this.socket.on('connect_error', (error) => {
      status('error');
      console.warn('live connection failed:', error.message);
      // Refused at the handshake (the service cannot admit anyone just now, or this person has too
      // many connections open): Socket.IO leaves it there, so the channel tries again itself.
      if (this.socket.active || this.closed) return;
      this.refusals++;
      this.reconnectLater();
    });
    // Its 5 reconnections failed (the service away): again LIVE_RETRY_MS later (not while the tab
    // is hidden, whose connection is given back), or as soon as the page comes back into use or
    // follows another video; meanwhile the page asks for its results itself.
    this.socket.io.on('reconnect_failed', () => {
      this.stopped = true;
      status('error');
      console.warn('live connection: reconnection failed');
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = setTimeout(this.resume, options.retryMs ?? LIVE_RETRY_MS);
    });
    // Live connection problems are only logged, but for the session having ended (it expired, or
    // was removed): the page asks who is here, as a refused call makes it.
    this.socket.on('AUTH_ERROR', (body) => {
      this.refusals++;
      console.warn('live connection: AUTH_ERROR', body?.message);
      // A session that now belongs to someone else (signed out, its answer lost) is the same news.
      if (body?.message === socketMessages.badSession || body?.message === socketMessages.userMismatch)
        options.onSessionEnded?.();
    });
    this.socket.on('AUTH_CONFIRMED', () => {
      this.refusals = 0;
    });
    this.socket.on('JOIN_VIDEO_ERROR', (body) => console.warn('live connection: JOIN_VIDEO_ERROR', body?.message));
    this.socket.on('JOIN_VIDEO_CONFIRMED', (body) => {
      if (body?.videoId && body.videoId === this.videoId) options.onJoined?.(body.videoId);
    });
    // Signed in again elsewhere, or back online: the page coming back into use tries once more.
    this.onPageReturn('addEventListener');
    const visibility = options.visibility === undefined ? tabVisibility : options.visibility;
    this.stopWatchingVisibility = visibility?.onChange(() => this.visibilityChanged(visibility)) ?? (() => undefined);
    // Opened in a hidden tab (a link opened in the background, a restored session): no change will say so.
    if (visibility?.hidden()) this.visibilityChanged(visibility);
    for (const type of analysisEventTypes) {
      this.socket.on(type, (event) => {
        if (event?.videoId === this.videoId) options.onEvent(event);
      });
    }
  }

  /**
   * After the server dropped or refused the connection: again in 1 s, 5 times in a row at most when
   * it refuses who we say we are or admits nobody, then none until the page comes back into use.
   */
  private reconnectLater(): void {
    if (this.refusals > LIVE_OPTIONS.reconnectionAttempts) {
      this.stopped = true;
      this.options.onStatus?.('error');
      console.warn('live connection: refused, no longer reconnecting');
      return;
    }
    this.reconnectTimer = setTimeout(() => this.connect(), MANUAL_RECONNECT_MS);
  }

  /** Hidden: the connection goes after a while. Shown: it comes back if it went. */
  private visibilityChanged(visibility: PageVisibility): void {
    clearTimeout(this.releaseTimer);
    if (visibility.hidden()) {
      this.releaseTimer = setTimeout(() => {
        if (this.closed || !visibility.hidden()) return;
        this.released = true;
        clearTimeout(this.reconnectTimer);
        this.socket.disconnect();
      }, this.options.hiddenReleaseMs ?? HIDDEN_RELEASE_MS);
    } else if (this.released) {
      this.released = false;
      this.connect();
    }
  }

  connect(): void {
    clearTimeout(this.reconnectTimer);
    if (this.closed || this.released || this.socket.connected) return;
    // Nobody to connect as yet (a visitor before their first guest call): look again in 1 s,
    // locally, rather than be refused by the server.
    if (!this.options.identity()) {
      this.reconnectTimer = setTimeout(() => this.connect(), MANUAL_RECONNECT_MS);
      return;
    }
    this.options.onStatus?.('connecting');
    this.socket.connect();
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Follows a video: leaves the others, joins its room now or on the next connect. */
  watch(videoId: string | null): void {
    this.videoId = videoId;
    if (this.socket.connected) this.sendJoin();
    else this.resume();
  }

  private sendJoin(): void {
    if (!this.videoId) return;
    this.socket.emit('join_video', { videoId: this.videoId, leaveOthers: true, transactionId: ++this.transaction });
  }

  /** Listens (or stops) for the page regaining focus or coming back online; none outside a browser. */
  private onPageReturn(method: 'addEventListener' | 'removeEventListener'): void {
    if (typeof window === 'undefined') return;
    for (const event of ['focus', 'online']) window[method](event, this.resume);
  }

  close(): void {
    this.closed = true;
    this.onPageReturn('removeEventListener');
    this.stopWatchingVisibility();
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.releaseTimer);
    this.socket.disconnect();
  }
}
