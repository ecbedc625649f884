import { randomBytes } from 'node:crypto';
import { GUEST_COOKIE } from '@findclips/contracts';
import type { Request, RequestHandler } from 'express';

const GUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The visitor's guest id (the gid cookie). */
    guestId?: string;
  }
}

/**
 * Gives every visitor of the guest endpoints a `gid` cookie: a random id, for a year, readable by
 * the web app (which uses it to know a visitor is a guest). It identifies credits; it grants nothing.
 */
export const guestIdentity: RequestHandler = (req, res, next) => {
  const current = readCookie(req, GUEST_COOKIE);
  if (current && GUEST_ID.test(current)) {
    req.guestId = current;
    return next();
  }
  req.guestId = randomBytes(16).toString('base64url');
  res.cookie(GUEST_COOKIE, req.guestId, { maxAge: ONE_YEAR_MS, sameSite: 'lax', secure: req.secure, httpOnly: false, path: '/' });
  next();
};
