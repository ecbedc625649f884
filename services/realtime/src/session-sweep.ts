import { socketMessages } from '@findclips/contracts';
import type { Users } from '@findclips/db';
import type { RedisClient } from '@findclips/runtime';
import type { Logger } from 'pino';
import { sessionRoom } from './admission';
import type { LiveServer } from './live-server';

/** How often an instance checks that its members' sessions still exist. */
const SESSION_CHECK_MS = 60_000;

/**
 * A member's live connection lasts as long as the session it was opened with. The handshake reads
 * the session once; a session that expires later (its Redis key's time to live) or that an
 * operator removes ends nothing by itself, and the socket would go on receiving the member's
 * private events. Every `everyMs` this instance asks Redis which of its members' sessions are
 * still there, and PostgreSQL which of their accounts are, with the credentials they signed in
 * with (an account an operator deletes leaves its sessions in Redis until their time to live), and tells the sockets of the others their
 * session ended (AUTH_ERROR, the handshake's words) and drops them, as signing out does. Returns
 * what stops it.
 */
export function sweepSessions(
  io: LiveServer,
  redis: RedisClient,
  sessionPrefix: string,
  users: Users,
  logger: Logger,
  everyMs = SESSION_CHECK_MS,
) {
  let sweeping = false;
  const sweep = async () => {
    // Each session with the account it signed in and the credentials it signed in with.
    const sessions = new Map<string, { userId: number; stamp: string }>();
    for (const socket of io.of('/').sockets.values()) {
      const identity = socket.data.identity;
      if (identity?.kind === 'member') sessions.set(identity.sessionId, { userId: identity.userId, stamp: identity.stamp });
    }
    if (!sessions.size) return;
    const ids = [...sessions.keys()];
    // One round trip: a pipeline of EXISTS, one per session; and one query for the accounts.
    const [found, stamps] = await Promise.all([
      Promise.all(ids.map((id) => redis.exists(`${sessionPrefix}${id}`))),
      // PostgreSQL away: the sessions gone from Redis are still dropped.
      users.credentialStamps([...new Set([...sessions.values()].map((session) => session.userId))]).catch((error: unknown) => {
        logger.warn({ err: error }, 'could not check the accounts of live connections');
        return null;
      }),
    ]);
    // Gone from Redis, its account deleted, or its credentials changed since (a password or email
    // change ends every other session: the gateway tells this service so, and should that message
    // be lost, the session would have gone on receiving private events until it expired).
    const ended = ids.filter((id, i) => {
      const session = sessions.get(id)!;
      return found[i] === 0 || (stamps !== null && stamps.get(session.userId) !== session.stamp);
    });
    for (const id of ended) {
      io.local.in(sessionRoom(id)).emit('AUTH_ERROR', { message: socketMessages.badSession });
      io.local.in(sessionRoom(id)).disconnectSockets(true);
    }
    if (ended.length) logger.info({ sessions: ended.length }, 'live connections of ended sessions dropped');
  };
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      // Redis away: the next round asks again (the connections stay meanwhile, as they were).
      .catch((error: unknown) => logger.warn({ err: error }, 'could not check the sessions of live connections'))
      .finally(() => (sweeping = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
