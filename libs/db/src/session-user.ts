import { createHash } from 'node:crypto';
import type { UserEntity } from './entities';

/** What a session remembers of its user (Passport's `req.session.passport.user`). */
export interface SessionUser {
  id: number;
  /** Changes with the email and the password, so changing either signs out every other session. */
  stamp: string;
}

/**
 * The stamp of a user's current credentials, the email and the password: a session remembers it,
 * so changing either signs out every session opened before.
 */
export const credentialStamp = (user: Pick<UserEntity, 'passwordHash' | 'email'>) =>
  createHash('sha256')
    .update(`${user.passwordHash ?? 'no-password'}\0${user.email}`)
    .digest('base64url')
    .slice(0, 16);
