import {
  analysisEventTypes,
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
  /** Called when the server confirms a join: events missed before it can be re-fetched then. */
  onJoined?(videoId: string): void;
  /** Same origin in the app; tests pass a server and cookies. */
  url?: string;
  extraHeaders?: Record<string, string>;
}

/**
 * The live channel: one Socket.IO connection (polling only, credentials sent),
 * joined to the current video's room. Socket.IO reconnects by itself after network failures; after
 * a server-initiated disconnect it does not, so the channel reconnects after 1 s (5 times in a row
 * at most when the server refuses who we say we are; then again when the page regains focus, comes
 * back online or follows another video). Each (re)connect
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
      // Refused: 5 more tries, as after a network failure, then none until the page changes who is here.
      if (this.refusals > LIVE_OPTIONS.reconnectionAttempts) {
        this.stopped = true;
        status('error');
        console.warn('live connection: refused, no longer reconnecting');
        return;
      }
      this.reconnectTimer = setTimeout(() => this.connect(), MANUAL_RECONNECT_MS);
    });
    this.socket.on('connect_error', (error) => {
      status('error');
      console.warn('live connection failed:', error.message);
    });
    this.socket.io.on('reconnect_failed', () => console.warn('live connection: reconnection failed'));
    // Live connection problems are only logged.
    this.socket.on('AUTH_ERROR', (body) => {
      this.refusals++;
      console.warn('live connection: AUTH_ERROR', body?.message);
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
    for (const type of analysisEventTypes) {
      this.socket.on(type, (event) => {
        if (event?.videoId === this.videoId) options.onEvent(event);
      });
    }
  }

  connect(): void {
    clearTimeout(this.reconnectTimer);
    if (this.closed || this.socket.connected) return;
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
    clearTimeout(this.reconnectTimer);
    this.socket.disconnect();
  }
}
