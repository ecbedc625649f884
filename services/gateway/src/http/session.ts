import { RedisStore } from 'connect-redis';
import session from 'express-session';
import type { RedisClient } from '@findclips/runtime';

export { SESSION_COOKIE } from '@findclips/contracts';
import { SESSION_COOKIE } from '@findclips/contracts';

export interface SessionOptions {
  redis: RedisClient;
  prefix: string;
  secret: string;
  maxAgeDays: number;
}

/**
 * Cookie sessions stored in Redis. HttpOnly and SameSite=Lax always; Secure whenever the request
 * came over HTTPS, which behind a proxy needs TRUST_PROXY.
 */
export function sessions({ redis, prefix, secret, maxAgeDays }: SessionOptions) {
  return session({
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
}
