import type { UserEntity } from '@findclips/db';
import type { Request } from 'express';

/** Signs `user` in; Passport regenerates the session id first (no session fixation). */
export const logIn = (req: Request, user: UserEntity) =>
  new Promise<void>((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));

/** Signs out and destroys the session, so its id can never be used again. */
export const logOut = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.logout((error) => {
      if (error) return reject(error);
      req.session.destroy((destroyError) => (destroyError ? reject(destroyError) : resolve()));
    }),
  );
