import type { UserEntity } from '@findclips/db';
import type { Request } from 'express';
import type { EndLiveSessions } from './live-sessions';

/** What a session holds besides its user: the Google sign-ins the browser has under way (tabs). */
interface SignInsUnderWay {
  googleStates?: unknown;
}

/**
 * Signs `user` in; Passport regenerates the session id first (no session fixation). A member
 * signed in over that session before (another account, in the same browser) no longer gets its
 * live events: its connections opened with the replaced session are dropped. The browser's Google
 * sign-ins under way in other tabs go on in the new session: the one a person finishes last signs
 * that account in, as a sign-in with a password in the last tab does (they ended as the first).
 */
export async function logIn(req: Request, user: UserEntity, endLiveSessions: EndLiveSessions): Promise<void> {
  const replaced = req.user ? req.sessionID : null;
  const { googleStates } = req.session as SignInsUnderWay;
  await new Promise<void>((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
  if (googleStates !== undefined) (req.session as SignInsUnderWay).googleStates = googleStates;
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
