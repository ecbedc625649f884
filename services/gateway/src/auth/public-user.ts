// The account as the API shows it.
import type { User } from '@findclips/contracts';
import type { UserEntity } from '@findclips/db';

/** The user as the API shows it: no password hash, no tokens. */
export function toPublicUser(user: UserEntity): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    googleId: user.googleId,
    avatarUrl: user.avatarUrl,
    aiProvider: user.aiProvider,
    createdAt: user.createdAt.toISOString(),
  };
}
