import { RedisStore } from 'connect-redis';
import type { RequestHandler, Response } from 'express';
import session from 'express-session';
import type { RedisClient } from '@findclips/runtime';

export { SESSION_COOKIE } from '@findclips/contracts';
import { SESSION_COOKIE } from '@findclips/contracts';

interface SessionOptions {
  redis: RedisClient;
  prefix: string;
  secret: string;
  maxAgeDays: number;
}

/**
 * Cookie sessions stored in Redis. HttpOnly and SameSite=Lax always; Secure whenever the request
 * came over HTTPS, which behind a proxy needs TRUST_PROXY.
 */
export function sessions({ redis, prefix, secret, maxAgeDays }: SessionOptions): RequestHandler[] {
  const cookieSessions = session({
    name: SESSION_COOKIE,
    store: new RedisStore({ client: redis, prefix }),
    secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: maxAgeDays * 24 * 60 * 60 * 1000,
    },
  });
  return [cookieSessions, noCookieOfEndedSessions(redis, prefix)];
}

/** Answers on their way, held while the store is asked whether their session still exists. */
const answering = new WeakSet<Response>();

/** Whether the answer was given already, though not yet sent (see `noCookieOfEndedSessions`). */
export const answered = (res: Response) => res.headersSent || answering.has(res);

/**
 * A rolling session sends its cookie again with every answer, also the cookie of a session that
 * ended while the request ran: a password or email change made meanwhile in the same browser
 * (another tab, a request still in flight) replaced it, and the older answer, arriving last, would
 * put the ended session's cookie back, signing the member out. Before such an answer is sent, the
 * store is asked whether its session still exists; if not, the answer carries no cookie.
 */
function noCookieOfEndedSessions(redis: RedisClient, prefix: string): RequestHandler {
  return (req, res, next) => {
    // Only a signed-in session can be replaced; a new one is not in the store before it is saved.
    const signedIn = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user !== undefined;
    const started = signedIn ? req.sessionID : null;
    if (started === null) return next();
    const end = res.end;
    res.end = function (this: Response, ...args: unknown[]) {
      const send = () => (end as (...rest: unknown[]) => Response).apply(this, args);
      // Replaced in this request (a sign-in, a credential change), or signed out: the session's own way.
      if (res.headersSent || !req.session || req.sessionID !== started) return send();
      // Answered: nothing may answer again while the store is asked (an error after the answer is not sent).
      if (answering.has(res)) return this;
      answering.add(res);
      redis
        .exists(`${prefix}${started}`)
        .then((found) => {
          if (found === 0) Reflect.deleteProperty(req, 'session');
        })
        // Redis away: the answer goes as it would have.
        .catch(() => undefined)
        .finally(send);
      return this;
    } as Response['end'];
    next();
  };
}
