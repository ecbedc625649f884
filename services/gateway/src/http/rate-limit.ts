import { AppError } from '@findclips/contracts';
import type { Request, RequestHandler } from 'express';
import type { ZodType } from 'zod';
import { rateLimit, type RateLimitInfo } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { clientAddressKey, type RedisClient } from '@findclips/runtime';

interface LimiterOptions {
  redis: RedisClient;
  /** Redis key prefix of this limiter's counters. */
  prefix: string;
  windowSeconds: number;
  limit: number;
  /** What is being counted: the client's IP address unless given. */
  key?: (req: Request) => string | undefined;
  /** Count only failed requests (status ≥ 400). */
  failuresOnly?: boolean;
  /**
   * A key of the request's own that replaces its address where there is one (a browser the account
   * knows, by its device cookie): it is counted and refused by that, not by its network.
   */
  ownKey?: (req: Request) => string | undefined;
  /** Said in the 429 message: "Too many {what}". */
  what: string;
}

/** A rate limit kept in Redis, so every gateway instance shares the same counters. */
export function createLimiter(options: LimiterOptions) {
  const minutes = Math.max(1, Math.ceil(options.windowSeconds / 60));
  return rateLimit({
    windowMs: options.windowSeconds * 1000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    // Requests without the counted value (e.g. no email in the body) are left to validation.
    skip: (req) => options.key !== undefined && !options.key(req),
    keyGenerator: (req) => options.ownKey?.(req) ?? options.key?.(req) ?? clientAddressKey(req.ip ?? ''),
    // clientAddressKey keys IPv6 by /64, as this check wants, in a way it cannot see.
    validate: { keyGeneratorIpFallback: false },
    store: new RedisStore({
      prefix: options.prefix,
      sendCommand: (...args: string[]) => options.redis.sendCommand(args),
    }),
    // The time left in the window, as Retry-After says it.
    handler: (req, _res, next) => {
      const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      const left = reset ? Math.min(minutes, Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 60_000))) : minutes;
      next(new AppError('RATE_LIMITED', `Too many ${options.what}. Please try again in ${left} minute${left === 1 ? '' : 's'}.`));
    },
  });
}

/**
 * The limiters, for requests whose body `schema` takes: one it refuses is answered by the route's
 * 400 and counted by none, so that a careless client's malformed requests use up neither its
 * network's sign-ups nor a member's password checks.
 */
export const forValidBodies = (schema: ZodType, limiters: RequestHandler[]): RequestHandler[] =>
  limiters.map((limiter) => (req, res, next) => (schema.safeParse(req.body).success ? limiter(req, res, next) : next()));
