import { randomBytes } from 'node:crypto';
import { GUEST_COOKIE, GUEST_ID_DAYS, isGuestId } from '@findclips/contracts';
import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';

/** The visitor's guest id from the gid cookie, when it has a well-formed one. */
export function readGuestId(req: Request): string | undefined {
  const gid = parseCookies(req.headers.cookie ?? '')[GUEST_COOKIE];
  return isGuestId(gid) ? gid : undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The visitor's guest id (the gid cookie). */
    guestId?: string;
  }
}

/**
 * Gives every visitor of the guest endpoints a `gid` cookie: a random id, for a year, readable by
 * the web app (which uses it to know a visitor is a guest). It identifies credits, and what the
 * guest analysed and shared, which the account they create in this browser keeps (the shares of
 * their last day only); it grants nothing else.
 */
export const guestIdentity: RequestHandler = (req, res, next) => {
  const current = readGuestId(req);
  if (current) {
    req.guestId = current;
    return next();
  }
  req.guestId = newGuestId(req, res);
  next();
};

/** A new guest id for this browser, in its gid cookie. */
function newGuestId(req: Request, res: Response): string {
  const id = randomBytes(16).toString('base64url');
  res.cookie(GUEST_COOKIE, id, {
    maxAge: GUEST_ID_DAYS * 24 * 60 * 60 * 1000,
    sameSite: 'lax',
    secure: req.secure,
    httpOnly: false,
    path: '/',
  });
  return id;
}

/**
 * The browser's guest, once an account has taken what they analysed: a guest id of its own from
 * now on, so that nobody signing up later in this browser (a shared computer) gets the same videos.
 */
export function renewGuestId(req: Request, res: Response): void {
  if (readGuestId(req)) newGuestId(req, res);
}

/** The guest id of a request that passed guestIdentity. */
export function guestIdOf(req: Request): string {
  if (!req.guestId) throw new Error('guestIdentity must run before guestIdOf');
  return req.guestId;
}
