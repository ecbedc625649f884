import { z } from 'zod';

/** A development-only secret: refused when NODE_ENV is production. */
export const DEV_SESSION_SECRET = 'findclips-development-session-secret-not-for-production';

/** SESSION_SECRET: signs the session cookie; the gateway and the realtime service must share it. */
export const sessionSecret = () => z.string().min(32, 'must be at least 32 characters').optional();

/**
 * The secrets of a service on the public port, mandatory in production: SESSION_SECRET (elsewhere
 * the development secret stands in), and METRICS_TOKEN, since GET /metrics is served on that port.
 * Checked even when other variables failed (`when`), so every problem is listed at once.
 */
export function withProductionSecrets<S extends z.ZodType<{ NODE_ENV: string; SESSION_SECRET?: string; METRICS_TOKEN?: string }>>(
  schema: S,
) {
  return (
    schema
      .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET, {
        path: ['SESSION_SECRET'],
        message: 'required in production',
        when: () => true,
      })
      // The development secret is in our source: anyone could sign a session cookie with it.
      .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET !== DEV_SESSION_SECRET, {
        path: ['SESSION_SECRET'],
        message: 'is the published development secret: set a secret of your own in production',
        when: () => true,
      })
      .refine((env) => env.NODE_ENV !== 'production' || env.METRICS_TOKEN, {
        path: ['METRICS_TOKEN'],
        message: 'required in production (GET /metrics is served on the public port)',
        when: () => true,
      })
      .transform((env) => ({ ...env, SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET }))
  );
}
