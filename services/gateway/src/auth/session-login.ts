import type { UserEntity } from '@findclips/db';
import type { Request } from 'express';
import type { EndLiveSessions } from './live-sessions';

/**
 * Signs `user` in; Passport regenerates the session id first (no session fixation). A member
 * signed in over that session before (another account, in the same browser) no longer gets its
 * live events: its connections opened with the replaced session are dropped.
 */
export async function logIn(req: Request, user: UserEntity, endLiveSessions: EndLiveSessions): Promise<void> {
  const replaced = req.user ? req.sessionID : null;
  await new Promise<void>((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
  if (replaced && replaced !== req.sessionID) await endLiveSessions({ sessionId: replaced });
}

/** Signs out and destroys the session, so its id can never be used again. */
export const logOut = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.logout((error) => {
      if (error) return reject(error);
      req.session.destroy((destroyError) => (destroyError ? reject(destroyError) : resolve()));
    }),
  );
