// Signing up with an email and a password, and the rule every write of an email follows.
import { AppError, authMessages, normalizeEmail } from '@findclips/contracts';
import { isUniqueViolation, type UserEntity, type Users } from '@findclips/db';
import { hashPassword } from './passwords';

/** The one answer to an email already registered, whoever asks: it tells no more about who else is registered. */
const emailTaken = () => new AppError('CONFLICT', authMessages.emailTaken, { field: 'email' });

/**
 * Runs `write` unless `email` is registered; two requests racing for one address end the same way
 * (the unique index refuses the second).
 */
export async function withFreeEmail<T>(users: Users, email: string, write: () => Promise<T>): Promise<T> {
  if (await users.findByEmail(email)) throw emailTaken();
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** A new account with an email and a password (stored as an argon2id hash). */
export function register(users: Users, { email, password }: { email: string; password: string }): Promise<UserEntity> {
  const normalized = normalizeEmail(email);
  return withFreeEmail(users, normalized, async () =>
    users.create({ email: normalized, passwordHash: await hashPassword(password) }),
  );
}
