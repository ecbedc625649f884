import { AppError } from '@findclips/contracts';
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax
 * cookies: the Origin header must be ours or allowed; without one, Sec-Fetch-Site must say
 * neither cross-site nor same-site (a sibling subdomain's page). Clients that are not browsers send neither and pass.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/$/, '')));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin === own || allowed.has(origin)) return next();
      return next(new AppError('FORBIDDEN', 'Cross-site requests are not allowed'));
    }
    // 'same-site' is a sibling subdomain's page: another site as far as our cookies go.
    if (['cross-site', 'same-site'].includes(req.get('sec-fetch-site') ?? '')) {
      return next(new AppError('FORBIDDEN', 'Cross-site requests are not allowed'));
    }
    next();
  };
}
