import { z } from 'zod';

/** A development-only secret: refused when NODE_ENV is production. */
export const DEV_SESSION_SECRET = 'findclips-development-session-secret-not-for-production';

/** SESSION_SECRET: signs the session cookie; the gateway and the realtime service must share it. */
export const sessionSecret = () =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional());
