import { AppError } from '@findclips/contracts';
import type { UserEntity } from '@findclips/db';
import type { Request, RequestHandler } from 'express';

export const NOT_SIGNED_IN = 'You are not signed in';

/** Lets signed-in users through; everyone else gets a 401. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new AppError('UNAUTHORIZED', NOT_SIGNED_IN));
};

/** The signed-in user of a request that passed requireUser. */
export function currentUser(req: Request): UserEntity {
  if (!req.user) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
  return req.user;
}
