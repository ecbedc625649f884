import { createHash } from 'node:crypto';
import type { UserEntity } from './entities';

/** What a session remembers of its user (Passport's `req.session.passport.user`). */
export interface SessionUser {
  id: number;
  /** Changes with the password, so a password change signs out every other session. */
  stamp: string;
}

/** The stamp of a user's current credentials. */
export const credentialStamp = (user: Pick<UserEntity, 'passwordHash'>) =>
  createHash('sha256')
    .update(user.passwordHash ?? 'no-password')
    .digest('base64url')
    .slice(0, 16);
