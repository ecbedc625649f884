import { updateEmailSchema, updatePasswordSchema, updateProfileSchema, verifyPasswordRequestSchema } from '@findclips/contracts';
import type { Users } from '@findclips/db';
import { Router, type Request, type RequestHandler } from 'express';
import type { EndLiveSessions } from '../auth/live-sessions';
import { verifyPassword } from '../auth/passwords';
import { toPublicUser } from '../auth/public-user';
import { currentUser, requireUser } from '../auth/require-user';
import { logIn } from '../auth/session-login';
import { parseInput } from '../http/errors';
import { forValidBodies } from '../http/rate-limit';
import { changeEmail, changePassword, rename, type CredentialChange } from './update-profile';

/** Profile, email and password changes, and the password check of the delete dialog. */
export function profileRoutes(users: Users, passwordCheckLimit: RequestHandler[], endLiveSessions: EndLiveSessions) {
  const router = Router();
  router.use(['/api/profile', '/api/verify-password'], requireUser);

  /**
   * After a new email or password: a new session for this browser; every other session of the
   * member is signed out and every live connection dropped (this browser's reconnects with its new session).
   */
  const afterCredentialChange = async (req: Request, { user, changed }: CredentialChange) => {
    if (!changed) return;
    await logIn(req, user, endLiveSessions);
    await endLiveSessions({ userId: user.id });
  };

  router.patch('/api/profile', async (req, res) => {
    res.json(toPublicUser(await rename(users, currentUser(req), parseInput(updateProfileSchema, req.body))));
  });

  /** Limited per member like every password check. */
  router.patch('/api/profile/email', ...forValidBodies(updateEmailSchema, passwordCheckLimit), async (req, res) => {
    const change = await changeEmail(users, currentUser(req), () => parseInput(updateEmailSchema, req.body));
    await afterCredentialChange(req, change);
    res.json(toPublicUser(change.user));
  });

  router.patch('/api/profile/password', ...forValidBodies(updatePasswordSchema, passwordCheckLimit), async (req, res) => {
    const change = await changePassword(users, currentUser(req), () => parseInput(updatePasswordSchema, req.body));
    await afterCredentialChange(req, change);
    res.json(toPublicUser(change.user));
  });

  router.post('/api/verify-password', ...forValidBodies(verifyPasswordRequestSchema, passwordCheckLimit), async (req, res) => {
    const { password } = parseInput(verifyPasswordRequestSchema, req.body);
    res.json({ isValid: await verifyPassword(currentUser(req).passwordHash, password) });
  });

  return router;
}
