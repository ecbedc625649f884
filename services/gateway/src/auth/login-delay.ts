import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, normalizeEmail } from '@findclips/contracts';
import { redisKeys, type RedisClient } from '@findclips/runtime';
import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';

/** The longest a login for one email is made to wait after failures. */
const LOGIN_DELAY_MAX_SECONDS = 60;
/** The cookie of a browser that signed in to an account before (OWASP's device cookie). */
const DEVICE_COOKIE = 'fc_device';
const DEVICE_COOKIE_DAYS = 365;

/**
 * Claims an attempt for KEYS[1] (a hash: attempts, until) before its password is checked. ARGV:
 * now (ms), window (s), free attempts, longest delay (s), and 1 for a browser the account knows,
 * whose attempts count but are never refused. Returns the milliseconds left to wait (refused), or
 * 0. An attempt counts from its claim, not from its failure: attempts sent together, all admitted
 * while the first ones are checked, would each be checked (90 of a free 10 were). Past the free
 * attempts, the next must wait 1 s, 2 s, 4 s ... up to the longest delay: an attempt admitted
 * holds the slot for the delay its own failure sets, and its success forgets them all.
 */
const CLAIM = `
local now, window, free, longest, known = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5] == '1'
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if waitUntil > now and not known then return waitUntil - now end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
redis.call('EXPIRE', KEYS[1], window)
if attempts > free then
  redis.call('HSET', KEYS[1], 'until', math.max(waitUntil, now + math.min(2 ^ (attempts - free - 1), longest) * 1000))
end
return 0`;

/**
 * A claimed attempt failed: past the free attempts, the next waits its delay from now (the check
 * took its time). ARGV: now (ms), free attempts, longest delay (s).
 */
const FAILED = `
local now, free, longest = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0')
if attempts > free then
  redis.call('HSET', KEYS[1], 'until', now + math.min(2 ^ (attempts - free - 1), longest) * 1000)
end
return attempts`;

/**
 * Failed logins slow down per email, never lock out: after `freeFailures` attempts in the window
 * that did not succeed, each further attempt for that email waits an exponential delay (capped at a
 * minute) and is refused unchecked before it, one attempt checked at a time, so guessing from many
 * addresses, all at once, stays slow (an attempt that ended in an error, the database down, counts
 * too). A browser that signed
 * in to the account before (a signed device cookie) is not held back by other people's failures:
 * the real owner is never locked out of their account.
 */
export class LoginDelay {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly freeFailures: number,
    private readonly windowSeconds: number,
    private readonly secret: string,
  ) {}

  private key = (email: string) => redisKeys(this.keyPrefix).loginDelay(normalizeEmail(email));

  private sign(email: string, nonce: string): string {
    return createHmac('sha256', this.secret)
      .update(`device\0${normalizeEmail(email)}\0${nonce}`)
      .digest('base64url');
  }

  /** What each login request was found to be, read once (the per-address limit and `check` both ask). */
  private readonly seen = new WeakMap<Request, { email: string; device: string | null }>();

  /**
   * The email a login names, and its browser's device (`device:{nonce}`) when that browser signed
   * in to the account before (its device cookie signed for that email), else null.
   */
  private attempt(req: Request): { email: string; device: string | null } {
    let found = this.seen.get(req);
    if (!found) {
      const email = typeof req.body?.email === 'string' ? req.body.email.trim() : '';
      const [nonce, mac] = (parseCookies(req.headers.cookie ?? '')[DEVICE_COOKIE] ?? '').split('.');
      const expected = email && nonce && mac ? Buffer.from(this.sign(email, nonce)) : null;
      const given = Buffer.from(mac ?? '');
      const trusted = expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
      found = { email, device: trusted ? `device:${nonce}` : null };
      this.seen.set(req, found);
    }
    return found;
  }

  /** The device of a browser that signed in before to the account the login names: `device:{nonce}`. */
  knownBrowser(req: Request): string | undefined {
    return this.attempt(req).device ?? undefined;
  }

  /**
   * Claims an attempt for the email before its password is checked: the milliseconds it must wait
   * first (refused), or 0. A browser the account knows is never refused.
   */
  async claim(email: string, { known = false, now = Date.now() } = {}): Promise<number> {
    const left = await this.redis.eval(CLAIM, {
      keys: [this.key(email)],
      arguments: [
        String(now),
        String(this.windowSeconds),
        String(this.freeFailures),
        String(LOGIN_DELAY_MAX_SECONDS),
        known ? '1' : '0',
      ],
    });
    return Number(left);
  }

  /** Before the password is checked: refuses an attempt that comes before the email's delay is over. */
  readonly check: RequestHandler = (req, _res, next) => {
    const { email, device } = this.attempt(req);
    if (!email) return next();
    this.claim(email, { known: device !== null }).then((waitMs) => {
      if (waitMs <= 0) return next();
      const seconds = Math.ceil(waitMs / 1000);
      next(
        new AppError(
          'RATE_LIMITED',
          `Too many failed login attempts for this email. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { retryAfterSeconds: seconds },
        ),
      );
    }, next);
  };

  /** The attempt claimed for this email failed. */
  async failed(email: string, now = Date.now()): Promise<void> {
    await this.redis.eval(FAILED, {
      keys: [this.key(email)],
      arguments: [String(now), String(this.freeFailures), String(LOGIN_DELAY_MAX_SECONDS)],
    });
  }

  /** A successful sign-in: the email's failures are forgotten and this browser is known from now on. */
  async succeeded(req: Request, res: Response, email: string): Promise<void> {
    await this.redis.del(this.key(email));
    const nonce = randomBytes(12).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${nonce}.${this.sign(email, nonce)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
      path: '/api/login',
    });
  }
}
