import type { Server as HttpServer } from 'node:http';
import { LIVE_BODY_MAX_BYTES, socketMessages, type ClientToServerEvents, type ServerToClientEvents } from '@findclips/contracts';
import type { RealtimeEnv } from '@findclips/config';
import { liveConnectionId, redisKeys, type RedisClient } from '@findclips/runtime';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { Gauge, type Registry } from 'prom-client';
import { Users } from '@findclips/db';
import type { DataSource } from 'typeorm';
import { sweepSessions } from './session-sweep';
import { addressRoom, asksForJsonp, clientAddress, guestRoom, originAllowed, sessionRoom, userRoom } from './admission';
import { Admissions } from './caps';
import { startEventRelay } from './event-relay';
import { HandshakeAuth, type Identity } from './handshake';
import { handleJoins } from './join-handling';
import type { LiveServer, LiveSocket, SocketData } from './live-server';

interface RealtimeDeps {
  env: RealtimeEnv;
  dataSource: DataSource;
  /** Commands (sessions) and the adapter's publishing. */
  redis: RedisClient;
  /** Subscriptions: the adapter's and our analysis events'. */
  subscriber: RedisClient;
  logger: Logger;
  /** Where connected sockets and relayed events are counted (the service's /metrics). */
  metrics?: Registry;
  /** How often members' sessions are checked to still exist (SESSION_CHECK_MS). */
  sessionCheckMs?: number;
}

/** What /healthz says while events do not reach the instance. */
export const RELAY_DOWN = 'Redis subscription lost: live events do not reach this instance';

/** How long an instance waits for the others' answers (the sockets they hold, for the caps). */
const INSTANCES_ANSWER_MS = 1_500;

/**
 * The adapter's client for publishing: `redis`, but for the publishes Redis refuses (its connection
 * away, or recycled by its watchdog), each told to `refused`. The adapter publishes its requests and
 * its answers to the other instances without waiting for them, and one refused was an unhandled
 * rejection: the process stopped (under `npm start`, every service with it) as soon as another
 * instance asked it for its sockets, which every handshake on another instance does. Unanswered,
 * that instance counts on its own (INSTANCES_ANSWER_MS).
 */
function adapterPublisher(redis: RedisClient, refused: (error: unknown) => void): RedisClient {
  const publish = ((...args: Parameters<RedisClient['publish']>) => {
    const published = redis.publish(...args);
    published.catch(refused);
    return published;
  }) as RedisClient['publish'];
  // node-redis reaches its state through `_self`, as its own derived clients do: the rest is `redis`'s.
  return new Proxy(redis, { get: (target, key, receiver) => (key === 'publish' ? publish : Reflect.get(target, key, receiver)) });
}

/**
 * Socket.IO on /socket.io with the Redis adapter: who may connect (origin, handshake identity,
 * socket caps) and the rooms a connection starts in; joins are `handleJoins`', the events from
 * Redis the relay's (`startEventRelay`).
 */
export function createRealtimeServer(http: HttpServer, deps: RealtimeDeps) {
  const { env, dataSource, redis, subscriber, logger } = deps;
  const allowedOrigins = new Set(env.ALLOWED_ORIGINS.map((origin) => origin.replace(/\/$/, '')));
  // Said once a minute: while Redis is away, every request of another instance is refused.
  let refusedSaidAt = -Infinity;
  const publishRefused = (error: unknown) => {
    if (performance.now() - refusedSaidAt < 60_000) return;
    refusedSaidAt = performance.now();
    logger.warn(
      { err: error },
      'Redis refused a message to the other realtime instances (an answer to their count of connections, or a drop): not sent',
    );
  };
  const io: LiveServer = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(http, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    serveClient: false,
    maxHttpBufferSize: LIVE_BODY_MAX_BYTES,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    adapter: createAdapter(adapterPublisher(redis, publishRefused), subscriber, {
      key: redisKeys(env.REDIS_KEY_PREFIX).socketAdapter,
      requestsTimeout: INSTANCES_ANSWER_MS,
    }),
    // Both transports' handshakes: another site's page may not open the channel with our cookies.
    allowRequest: (req, callback) => {
      if (asksForJsonp(req)) return callback(socketMessages.jsonpRefused, false);
      const allowed = originAllowed(req, allowedOrigins);
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
  });
  // Each connection's id starts with the tag the gateway gave this instance (see `liveConnectionId`).
  io.engine.generateId = (req) => liveConnectionId(req.headers);
  const auth = new HandshakeAuth(redis, dataSource, redisKeys(env.REDIS_KEY_PREFIX).sessions, env.SESSION_SECRET);

  /**
   * The ids of the sockets open in a room, on every instance; on this one alone when another does not answer in
   * time (a hung instance, which still holds its Redis subscription, must not refuse every new
   * connection on the others).
   */
  const openIn = async (room: string): Promise<string[]> => {
    try {
      return (await io.in(room).fetchSockets()).map((socket) => socket.id);
    } catch (error) {
      logger.warn({ err: error }, 'another realtime instance did not answer: connections counted on this one only');
      return (await io.local.in(room).fetchSockets()).map((socket) => socket.id);
    }
  };
  const admissions = new Admissions(redis, redisKeys(env.REDIS_KEY_PREFIX).liveAdmissions);
  /** The rooms whose caps a socket counts against, with each cap. */
  const cappedRooms = (identity: Identity, address: string): [string, number][] => {
    const fromAddress: [string, number] = [addressRoom(address), env.REALTIME_SOCKETS_PER_ADDRESS];
    if (identity.kind === 'member') return [[userRoom(identity.userId), env.REALTIME_SOCKETS_PER_USER], fromAddress];
    if (identity.kind === 'guest') return [[guestRoom(identity.guestId), env.REALTIME_SOCKETS_PER_GUEST], fromAddress];
    return [fromAddress];
  };
  /**
   * Whether one more socket would pass the caps: the sockets open in each room, and the handshakes
   * admitted before this one that have not joined it yet.
   */
  const withinCaps = async (socketId: string, capped: [string, number][]) => {
    const fits = await Promise.all(
      capped.map(async ([room, cap]) => {
        const ahead = await admissions.ahead(room, socketId);
        return new Set([...(await openIn(room)), ...ahead]).size < cap;
      }),
    );
    return fits.every(Boolean);
  };

  // A gateway whose clock is minutes from this host's: its proofs are out of time, and every socket
  // it forwards counts under its own address, all its clients soon refused as one. Said once a minute.
  let staleSaidAt = -Infinity;
  const staleProof = (offsetMs: number) => {
    if (performance.now() - staleSaidAt < 60_000) return;
    staleSaidAt = performance.now();
    logger.warn(
      { offsetSeconds: Math.round(offsetMs / 1000) },
      "a gateway's client address proof is out of time: its clock and this host's differ (keep them in time with NTP), or the proof was sent again; until then its sockets count under the gateway's own address",
    );
  };

  io.use((socket, next) => {
    socket.data.joins = [];
    socket.data.messages = [];
    socket.data.capped = [];
    socket.data.address = clientAddress(socket.request, env.SESSION_SECRET, staleProof);
    auth
      .identify(socket.handshake.headers.cookie, socket.handshake.auth)
      .then(async (result) => {
        if (result.ok) socket.data.identity = result.identity;
        else {
          // Tell the client why, then drop it (emitted once connected).
          socket.data.identity = { kind: 'anonymous' };
          socket.data.refusal = result.message;
        }
        const capped = cappedRooms(socket.data.identity, socket.data.address);
        socket.data.capped = capped.map(([room]) => room);
        // A client gone before it is connected (no 'connection' comes) lets its places go too.
        socket.conn.once('close', () => letGo(socket));
        if (!(await withinCaps(socket.id, capped))) {
          letGo(socket);
          return next(new Error(socketMessages.tooManySockets));
        }
        next();
      })
      .catch((error: unknown) => {
        // The database or Redis failing: the client reads why in our words, the log in theirs.
        logger.warn({ err: error }, 'live connection refused: could not admit it');
        letGo(socket);
        next(new Error(socketMessages.unavailable));
      });
  });

  /** Lets a socket's places among the handshakes being admitted go (it joined its rooms, or will not). */
  const letGo = (socket: { id: string; data: Partial<SocketData> }) => {
    const rooms = socket.data.capped ?? [];
    if (!rooms.length) return;
    socket.data.capped = [];
    admissions.done(rooms, socket.id).catch((error: unknown) => {
      logger.warn({ err: error }, 'the admission of a live connection was not let go: it expires by itself');
    });
  };

  io.on('connection', (socket) => {
    try {
      admit(socket);
    } finally {
      // Joined (or dropped): its places go, whatever happened.
      letGo(socket);
    }
  });

  /** A connected socket's rooms and first words: refused, anonymous, a member or a guest. */
  const admit = (socket: LiveSocket) => {
    const refusal = socket.data.refusal;
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

    handleJoins(socket, env);
  };

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
  const relay = startEventRelay(io, { subscriber, keyPrefix: env.REDIS_KEY_PREFIX, logger, metrics: deps.metrics });
  const stopSweeping = sweepSessions(
    io,
    redis,
    redisKeys(env.REDIS_KEY_PREFIX).sessions,
    new Users(dataSource),
    logger,
    deps.sessionCheckMs,
  );

  return {
    io,
    ready: relay.ready,
    stats: () => ({ sockets: io.of('/').sockets.size, relayed: relay.relayed() }),
    /** What its /healthz says is wrong: RELAY_DOWN while analysis events do not reach it, else null. */
    health: (): string | null => (relay.relaying() ? null : RELAY_DOWN),
    /** Disconnects every client (they reconnect to another instance) and stops relaying. */
    close: async () => {
      stopSweeping();
      await relay.stop();
      // A server-initiated disconnect (not a dropped transport) tells clients to reconnect at once.
      io.local.disconnectSockets(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
