// A member's changes to their own account: the rules, apart from HTTP and sessions.
import { AppError, normalizeEmail, profileMessages } from '@findclips/contracts';
import type { UserEntity, Users } from '@findclips/db';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { withFreeEmail } from '../auth/register';

/** Google-linked accounts change their email and password at Google, not here. */
function refuseIfManagedByGoogle(user: UserEntity) {
  if (user.googleId) throw new AppError('FORBIDDEN', profileMessages.managedByGoogle);
}

async function requireCurrentPassword(user: UserEntity, currentPassword: string) {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('VALIDATION_ERROR', profileMessages.currentPasswordIncorrect, { field: 'currentPassword' });
  }
}

/** Writes a credential change checked against the account the request proved, unless another change came first. */
async function updateCredentials(users: Users, user: UserEntity, fields: { email?: string; passwordHash?: string }) {
  const updated = await users.updateCredentials(user, fields);
  if (!updated) throw new AppError('CONFLICT', profileMessages.changedMeanwhile);
  return updated;
}

/** A new name: first and last, the full name made of both. */
export const rename = (users: Users, user: UserEntity, { firstName, lastName }: { firstName: string; lastName: string }) =>
  users.update(user, { firstName, lastName, name: `${firstName} ${lastName}` });

/** What a credential change did: `changed` false when it asked for what the account already had. */
export interface CredentialChange {
  user: UserEntity;
  changed: boolean;
}

/**
 * A new email needs the current password (a session left open is not enough to take the account).
 * An email already in use gets the answer registration gives: moving an account tells no more
 * about who else is registered, even when two members race for one address. `read` parses the
 * request: a Google-linked account is refused whatever it sent.
 */
export async function changeEmail(
  users: Users,
  user: UserEntity,
  read: () => { email: string; currentPassword: string },
): Promise<CredentialChange> {
  refuseIfManagedByGoogle(user);
  const request = read();
  await requireCurrentPassword(user, request.currentPassword);
  const email = normalizeEmail(request.email);
  if (email === user.email) return { user, changed: false };
  return withFreeEmail(users, email, async () => ({ user: await updateCredentials(users, user, { email }), changed: true }));
}

/** A new password needs the current one; `read` parses the request, as for the email. */
export async function changePassword(
  users: Users,
  user: UserEntity,
  read: () => { currentPassword: string; newPassword: string },
): Promise<CredentialChange> {
  refuseIfManagedByGoogle(user);
  const { currentPassword, newPassword } = read();
  await requireCurrentPassword(user, currentPassword);
  return { user: await updateCredentials(users, user, { passwordHash: await hashPassword(newPassword) }), changed: true };
}
