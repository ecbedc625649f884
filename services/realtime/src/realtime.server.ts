import type { Server as HttpServer } from 'node:http';
import {
  analysisEventSchema,
  joinVideoSchema,
  socketMessages,
  X_FEATURES_DISABLED_MESSAGE,
  type AnalysisEvent,
} from '@findclips/contracts';
import type { RealtimeEnv } from '@findclips/config';
import { analysisEventsChannel, sessionsEndedChannel, sessionsEndedSchema, type SessionsEnded } from '@findclips/queue';
import type { RedisClient } from '@findclips/runtime';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { addressRoom, clientAddress, guestRoom, originAllowed, sessionRoom, userRoom } from './admission';
import { HandshakeAuth, type Identity } from './handshake';

export interface RealtimeDeps {
  env: RealtimeEnv;
  dataSource: DataSource;
  /** Commands (sessions) and the adapter's publishing. */
  redis: RedisClient;
  /** Subscriptions: the adapter's and our analysis events'. */
  subscriber: RedisClient;
  logger: Logger;
  /** Where connected sockets and relayed events are counted (the service's /metrics). */
  metrics?: Registry;
}

const videoRoom = (videoId: string) => `video:${videoId}`;

interface SocketData {
  identity: Identity;
  /** The client's address, for the cap of sockets per address. */
  address: string;
  joins: number[];
}

type Ack = ((response: unknown) => void) | undefined;

/**
 * Socket.IO on /socket.io with the Redis adapter. Analysis events arrive once per instance on a
 * Redis channel, and each instance emits them only to its own sockets (`io.local`): however many
 * instances run, each client gets each event once.
 */
export function createRealtimeServer(http: HttpServer, deps: RealtimeDeps) {
  const { env, dataSource, redis, subscriber, logger } = deps;
  const allowedOrigins = new Set(env.ALLOWED_ORIGINS.map((origin) => origin.replace(/\/$/, '')));
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>(
    http,
    {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
      pingInterval: 25_000,
      pingTimeout: 20_000,
      adapter: createAdapter(redis, subscriber, { key: `${env.REDIS_KEY_PREFIX}socket.io` }),
      // Both transports' handshakes: another site's page may not open the channel with our cookies.
      allowRequest: (req, callback) => {
        const allowed = originAllowed(req, allowedOrigins);
        callback(allowed ? null : 'Origin not allowed', allowed);
      },
    },
  );
  const auth = new HandshakeAuth(redis, dataSource, `${env.REDIS_KEY_PREFIX}sess:`, env.SESSION_SECRET);

  /** Sockets open in a room, on every instance. */
  const openIn = async (room: string) => (await io.in(room).fetchSockets()).length;
  /** Whether one more socket for this identity and address would pass the caps. */
  const withinCaps = async (identity: Identity, address: string) => {
    const [own, fromAddress] = await Promise.all([
      identity.kind === 'member'
        ? openIn(userRoom(identity.userId)).then((n) => n < env.REALTIME_SOCKETS_PER_USER)
        : identity.kind === 'guest'
          ? openIn(guestRoom(identity.guestId)).then((n) => n < env.REALTIME_SOCKETS_PER_GUEST)
          : true,
      openIn(addressRoom(address)).then((n) => n < env.REALTIME_SOCKETS_PER_ADDRESS),
    ]);
    return own && fromAddress;
  };

  io.use((socket, next) => {
    socket.data.joins = [];
    socket.data.address = clientAddress(socket.request);
    auth
      .identify(socket.handshake.headers.cookie, socket.handshake.auth)
      .then(async (result) => {
        if (result.ok) socket.data.identity = result.identity;
        else {
          // Tell the client why, then drop it (emitted once connected).
          socket.data.identity = { kind: 'anonymous' };
          (socket as Socket & { refusal?: string }).refusal = result.message;
        }
        if (!(await withinCaps(socket.data.identity, socket.data.address))) return next(new Error(socketMessages.tooManySockets));
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('authentication failed')));
  });

  io.on('connection', (socket) => {
    const refusal = (socket as Socket & { refusal?: string }).refusal;
    const identity = socket.data.identity;
    void socket.join(addressRoom(socket.data.address));
    if (refusal) {
      socket.emit('AUTH_ERROR', { message: refusal });
      socket.disconnect(true);
      return;
    }
    if (identity.kind === 'anonymous') {
      socket.emit('AUTH_ERROR', { message: socketMessages.notSignedIn });
      setTimeout(() => socket.disconnect(true), env.REALTIME_AUTH_TIMEOUT_MS).unref();
      return;
    }
    if (identity.kind === 'member') {
      void socket.join([userRoom(identity.userId), sessionRoom(identity.sessionId)]);
      // A member connection replaces the guest one of the same browser.
      if (identity.guestId) io.in(guestRoom(identity.guestId)).disconnectSockets(true);
      socket.emit('AUTH_CONFIRMED', { kind: 'member', userId: identity.userId });
    } else {
      void socket.join(guestRoom(identity.guestId));
      socket.emit('AUTH_CONFIRMED', { kind: 'guest', guestId: identity.guestId });
    }

    socket.on('join_video', (payload: unknown, ack?: Ack) => {
      const parsed = joinVideoSchema.safeParse(payload);
      const transactionId = (payload as { transactionId?: unknown } | null)?.transactionId ?? null;
      const refuse = (message: string) => {
        const body = { transactionId, message };
        if (typeof ack === 'function') ack({ success: false, ...body });
        socket.emit('JOIN_VIDEO_ERROR', body);
      };
      const now = Date.now();
      socket.data.joins = socket.data.joins.filter((t) => now - t < 60_000);
      if (socket.data.joins.length >= env.REALTIME_JOINS_PER_MINUTE) return refuse(socketMessages.tooManyJoins);
      socket.data.joins.push(now);
      if (!parsed.success) return refuse(socketMessages.invalidVideo);

      const { videoId, leaveOthers } = parsed.data;
      const videoRooms = [...socket.rooms].filter((room) => room.startsWith('video:'));
      if (leaveOthers) for (const room of videoRooms) if (room !== videoRoom(videoId)) void socket.leave(room);
      const open = [...socket.rooms].filter((room) => room.startsWith('video:') && room !== videoRoom(videoId));
      if (open.length >= env.REALTIME_MAX_ROOMS) return refuse(socketMessages.tooManyRooms);
      void socket.join(videoRoom(videoId));
      const body = { videoId, transactionId: parsed.data.transactionId ?? null };
      if (typeof ack === 'function') ack({ success: true, ...body });
      socket.emit('JOIN_VIDEO_CONFIRMED', body);
    });

    socket.on('activate_x_account', (_payload: unknown, ack?: Ack) => {
      const body = { success: false, message: X_FEATURES_DISABLED_MESSAGE };
      if (typeof ack === 'function') ack(body);
      socket.emit('X_ACCOUNT_ERROR', body);
    });
  });

  let relayed = 0;
  const relayedByType = deps.metrics
    ? new Counter({
        name: 'realtime_events_relayed_total',
        help: 'Analysis events this instance relayed to its sockets, by type',
        labelNames: ['type'],
        registers: [deps.metrics],
      })
    : undefined;
  if (deps.metrics) {
    new Gauge({
      name: 'realtime_connected_sockets',
      help: 'Sockets connected to this instance',
      registers: [deps.metrics],
      collect() {
        this.set(io.of('/').sockets.size);
      },
    });
  }
  /** One relayed event: a private analysis to its owner's sockets, a shared one to the video's room. */
  const relay = (message: string) => {
    let event: AnalysisEvent;
    try {
      event = analysisEventSchema.parse(JSON.parse(message));
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed analysis event');
      return;
    }
    const room = event.userId ? userRoom(event.userId) : videoRoom(event.videoId);
    io.local.to(room).emit(event.type, event);
    relayed++;
    relayedByType?.inc({ type: event.type });
  };
  const channel = analysisEventsChannel(env.REDIS_KEY_PREFIX);
  /** Sessions the gateway ended (sign-out, password change): their sockets here are dropped. */
  const endSessions = (message: string) => {
    let ended: SessionsEnded;
    try {
      ended = sessionsEndedSchema.parse(JSON.parse(message));
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed sessions-ended message');
      return;
    }
    io.local.in('userId' in ended ? userRoom(ended.userId) : sessionRoom(ended.sessionId)).disconnectSockets(true);
  };
  const endedChannel = sessionsEndedChannel(env.REDIS_KEY_PREFIX);
  const ready = Promise.all([subscriber.subscribe(channel, relay), subscriber.subscribe(endedChannel, endSessions)]);

  return {
    io,
    ready,
    stats: () => ({ sockets: io.of('/').sockets.size, relayed }),
    /** Disconnects every client (they reconnect to another instance) and stops relaying. */
    close: async () => {
      await subscriber.unsubscribe([channel, endedChannel]).catch(() => undefined);
      // A server-initiated disconnect (not a dropped transport) tells clients to reconnect at once.
      io.local.disconnectSockets(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
