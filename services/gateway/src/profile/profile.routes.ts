import {
  AppError,
  authMessages,
  normalizeEmail,
  profileMessages,
  updateEmailSchema,
  updatePasswordSchema,
  updateProfileSchema,
  verifyPasswordRequestSchema,
} from '@findclips/contracts';
import type { UserEntity } from '@findclips/db';
import { Router, type RequestHandler } from 'express';
import type { EndLiveSessions } from '../auth/live-sessions';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { currentUser, requireUser } from '../auth/require-user';
import { logIn } from '../auth/session-login';
import { isUniqueViolation, toPublicUser, type UsersRepository } from '../auth/users.repository';
import { parseInput } from '../http/errors';

/** Google-linked accounts change their email and password at Google, not here (SPEC §6). */
function refuseIfManagedByGoogle(user: UserEntity) {
  if (user.googleId) throw new AppError('FORBIDDEN', profileMessages.managedByGoogle);
}

/** Profile, email and password changes, and the password check of the delete dialog. */
export function profileRoutes(users: UsersRepository, passwordCheckLimit: RequestHandler[], endLiveSessions: EndLiveSessions) {
  const router = Router();
  router.use(['/api/profile', '/api/verify-password'], requireUser);

  router.patch('/api/profile', async (req, res) => {
    const { firstName, lastName } = parseInput(updateProfileSchema, req.body);
    const user = await users.update(currentUser(req), { firstName, lastName, name: `${firstName} ${lastName}` });
    res.json(toPublicUser(user));
  });

  /**
   * A new email needs the current password (a session left open is not enough to take the account),
   * is limited per user like every password check, and signs out every other session.
   */
  router.patch('/api/profile/email', ...passwordCheckLimit, async (req, res) => {
    const user = currentUser(req);
    refuseIfManagedByGoogle(user);
    const request = parseInput(updateEmailSchema, req.body);
    if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
      throw new AppError('VALIDATION_ERROR', profileMessages.currentPasswordIncorrect, { field: 'currentPassword' });
    }
    const email = normalizeEmail(request.email);
    if (email === user.email) return void res.json(toPublicUser(user));
    // The answer registration gives: moving an account tells no more about who else is registered.
    const taken = new AppError('CONFLICT', authMessages.emailTaken, { field: 'email' });
    if (await users.findByEmail(email)) throw taken;
    let updated: UserEntity;
    try {
      updated = await users.update(user, { email });
    } catch (error) {
      throw isUniqueViolation(error) ? taken : error;
    }
    await logIn(req, updated);
    await endLiveSessions({ userId: updated.id });
    res.json(toPublicUser(updated));
  });

  router.patch('/api/profile/password', ...passwordCheckLimit, async (req, res) => {
    const user = currentUser(req);
    refuseIfManagedByGoogle(user);
    const { currentPassword, newPassword } = parseInput(updatePasswordSchema, req.body);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new AppError('VALIDATION_ERROR', profileMessages.currentPasswordIncorrect, { field: 'currentPassword' });
    }
    const updated = await users.update(user, { passwordHash: await hashPassword(newPassword) });
    // A new session for this browser; every other session of the user is signed out, and every
    // live connection dropped (this browser's reconnects with its new session).
    await logIn(req, updated);
    await endLiveSessions({ userId: updated.id });
    res.json(toPublicUser(updated));
  });

  router.post('/api/verify-password', ...passwordCheckLimit, async (req, res) => {
    const { password } = parseInput(verifyPasswordRequestSchema, req.body);
    res.json({ isValid: await verifyPassword(currentUser(req).passwordHash, password) });
  });

  return router;
}
