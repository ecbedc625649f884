import { GUEST_COOKIE, isGuestId, SESSION_COOKIE, socketAuthSchema, socketMessages } from '@findclips/contracts';
import { credentialStamp, Users, type SessionUser } from '@findclips/db';
import type { RedisClient } from '@findclips/runtime';
import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import type { DataSource } from 'typeorm';

export type Identity =
  /** `stamp`: the credentials the session was opened with (`credentialStamp`), checked again by the sweep. */
  | { kind: 'member'; userId: number; sessionId: string; stamp: string; guestId?: string }
  | { kind: 'guest'; guestId: string }
  | { kind: 'anonymous' };

type HandshakeResult = { ok: true; identity: Identity } | { ok: false; message: string };

/**
 * Who is connecting: a member from the session cookie (read from the gateway's Redis session store
 * and checked against the user's current credentials), else a guest from the gid cookie. What the
 * client claims in its auth must match; it is never trusted alone.
 */
export class HandshakeAuth {
  private readonly users: Users;

  constructor(
    private readonly redis: RedisClient,
    db: DataSource,
    private readonly sessionPrefix: string,
    private readonly secret: string,
  ) {
    this.users = new Users(db);
  }

  private async sessionUser(
    cookie: string | undefined,
  ): Promise<{ userId: number; sessionId: string; stamp: string } | null | 'invalid'> {
    if (!cookie) return null;
    const sid = cookie.startsWith('s:') ? unsign(cookie.slice(2), this.secret) : false;
    if (!sid) return 'invalid';
    const raw = await this.redis.get(`${this.sessionPrefix}${sid}`);
    if (!raw) return 'invalid';
    const stored = (JSON.parse(raw) as { passport?: { user?: SessionUser } }).passport?.user;
    if (typeof stored?.id !== 'number') return null;
    const user = await this.users.findCredentials(stored.id);
    return user && credentialStamp(user) === stored.stamp ? { userId: user.id, sessionId: sid, stamp: stored.stamp } : 'invalid';
  }

  async identify(cookieHeader: string | undefined, auth: unknown): Promise<HandshakeResult> {
    const cookies = parseCookies(cookieHeader ?? '');
    const claimed = socketAuthSchema.safeParse(auth ?? {});
    // A claim of the wrong type ('userId: 4.5', 'guestId: 12345') matches no one: refused, as a mismatch is.
    if (!claimed.success) {
      const claimsUser = typeof auth === 'object' && auth !== null && 'userId' in auth;
      return { ok: false, message: claimsUser ? socketMessages.userMismatch : socketMessages.guestMismatch };
    }
    const claims = claimed.data;
    const session = await this.sessionUser(cookies[SESSION_COOKIE]);
    const gid = isGuestId(cookies[GUEST_COOKIE]) ? cookies[GUEST_COOKIE] : undefined;

    if (claims.userId !== undefined) {
      if (session === 'invalid') return { ok: false, message: socketMessages.badSession };
      if (session === null || String(claims.userId) !== String(session.userId))
        return { ok: false, message: socketMessages.userMismatch };
    }
    if (session && session !== 'invalid') return { ok: true, identity: { kind: 'member', ...session, guestId: gid } };
    if (claims.guestId !== undefined && claims.guestId !== gid) return { ok: false, message: socketMessages.guestMismatch };
    if (gid) return { ok: true, identity: { kind: 'guest', guestId: gid } };
    if (session === 'invalid') return { ok: false, message: socketMessages.badSession };
    return { ok: true, identity: { kind: 'anonymous' } };
  }
}
