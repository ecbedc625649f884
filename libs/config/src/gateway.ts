import { z } from 'zod';
import { commonEnvSchema } from './common';
import { envInt, envOptional, envOptionalUrl, envOptionalUrlList, envOrigins, envUrl } from './env';
import { compile as compileTrustedProxies } from 'proxy-addr';
import { youtubeEnvSchema } from './youtube';
import { sessionSecret, withProductionSecrets } from './session';

/** Express's `trust proxy` setting: false, true, a hop count or a list of addresses/subnets. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | number | string => {
    const v = value.trim().toLowerCase();
    if (v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    // Express reads the rest with proxy-addr: refused here, in one line, rather than at start-up.
    try {
      compileTrustedProxies(value.split(',').map((item) => item.trim()));
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a hop count, or addresses and subnets (loopback, 10.0.0.0/8, …), comma-separated',
      });
    }
    return value.trim();
  });

/** A port number as written, or null. */
const realtimePort = (value: string): number | null => {
  const port = Number(value.trim());
  return /^\s*\d+\s*$/.test(value) && port >= 1 && port <= 65535 ? port : null;
};

/** Environment of the gateway (HTTP API, sessions, sign-in, the web app). */
export const gatewayEnvSchema = withProductionSecrets(
  commonEnvSchema
    .extend(youtubeEnvSchema.shape)
    .extend({
      /** Port the gateway listens on. */
      PORT: envInt(3000, 1, 65535),
      /**
       * The app's public origin (https://clips.example.com): share links, og:url and canonical links
       * are built on it, never on the request's Host header. Required in production; elsewhere
       * http://localhost:{PORT}.
       */
      PUBLIC_URL: envOptionalUrl(['http:', 'https:']),
      /** Signs the session cookie; at least 32 characters, required in production. */
      SESSION_SECRET: sessionSecret(),
      /** How long a session lasts without activity, in days. */
      SESSION_MAX_AGE_DAYS: envInt(14, 1, 365),
      /** Express `trust proxy`: set it (e.g. 1) behind a TLS-terminating proxy so cookies get Secure. */
      TRUST_PROXY: trustProxy,
      /** Other origins allowed to make state-changing requests (e.g. a dev server), comma-separated. */
      ALLOWED_ORIGINS: envOrigins(),
      /**
       * Where the realtime instances listen, comma-separated; the gateway forwards /socket.io there,
       * each client always to the same instance while it is up.
       */
      REALTIME_URL: envOptionalUrlList(['http:', 'https:']),
      /**
       * Where the realtime service listens when REALTIME_URL is unset (as `npm start` runs it); read
       * only then (Kubernetes sets REALTIME_PORT=tcp://… beside a Service named realtime).
       */
      REALTIME_PORT: envOptional(),
      /** The built web app (`web/dist`); unset, the one in this checkout. Without a build, API only. */
      WEB_DIST_DIR: envOptional(),
      /** Google OAuth 2.0 client; Google sign-in is off without it. */
      GOOGLE_CLIENT_ID: envOptional(),
      /** Google OAuth 2.0 client secret; required with GOOGLE_CLIENT_ID. */
      GOOGLE_CLIENT_SECRET: envOptional(),
      /** Where Google sends the user back; relative to PUBLIC_URL unless absolute. */
      GOOGLE_CALLBACK_URL: z.string().min(1).default('/auth/google/callback'),
      /** Google's authorization endpoint (replaceable for tests). */
      GOOGLE_AUTH_URL: envUrl('https://accounts.google.com/o/oauth2/v2/auth', ['https:', 'http:']),
      /** Google's token endpoint (replaceable for tests). */
      GOOGLE_TOKEN_URL: envUrl('https://oauth2.googleapis.com/token', ['https:', 'http:']),
      /** Google's OpenID userinfo endpoint (replaceable for tests). */
      GOOGLE_USERINFO_URL: envUrl('https://www.googleapis.com/oauth2/v3/userinfo', ['https:', 'http:']),
      /** Window of the sign-in rate limits, in seconds. */
      AUTH_RATE_WINDOW_SECONDS: envInt(900, 1),
      /** Login attempts per IP address per window. */
      LOGIN_LIMIT_PER_IP: envInt(30, 1),
      /** Failed login attempts per email address per window. */
      LOGIN_LIMIT_PER_EMAIL: envInt(10, 1),
      /** Registrations per IP address per window. */
      REGISTER_LIMIT_PER_IP: envInt(10, 1),
      /** Password checks (verify, change) per signed-in user per window. */
      PASSWORD_CHECK_LIMIT_PER_USER: envInt(10, 1),
      /** New guest analyses per IP address per 24 hours, so clearing cookies does not give unlimited credits. */
      GUEST_ANALYSES_PER_IP_PER_DAY: envInt(10, 1),
      /** New analyses one member may start per hour, so no account can run up the provider bill. */
      MEMBER_ANALYSES_PER_HOUR: envInt(30, 1),
      /** YouTube lookups of videos we do not know, per client address (IPv6 /64) per minute. */
      YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: envInt(20, 1),
      /** YouTube lookups of videos we do not know, for the whole service per minute. */
      YOUTUBE_LOOKUPS_PER_MINUTE: envInt(300, 1),
    })
    // `when` runs this even when other variables failed, so every problem is listed at once.
    .refine((env) => !env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET, {
      path: ['GOOGLE_CLIENT_SECRET'],
      message: 'required when GOOGLE_CLIENT_ID is set',
      when: () => true,
    })
    .refine((env) => env.REALTIME_URL.length > 0 || env.REALTIME_PORT === undefined || realtimePort(env.REALTIME_PORT) !== null, {
      path: ['REALTIME_PORT'],
      message: 'must be a whole number from 1 to 65535 (or set REALTIME_URL)',
      when: () => true,
    })
    .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL, {
      path: ['PUBLIC_URL'],
      message: 'required in production (share links are built on it)',
      when: () => true,
    }),
).transform((env) => ({
  ...env,
  PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  REALTIME_URL: (env.REALTIME_URL.length
    ? env.REALTIME_URL
    : [`http://127.0.0.1:${realtimePort(env.REALTIME_PORT ?? '3001')}`]) as [string, ...string[]],
}));

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

/**
 * What an operator should hear at start-up of a setting that is valid but likely wrong: a public
 * https origin (so a TLS proxy in front) without TRUST_PROXY makes every visitor the proxy's
 * address for every per-address limit (ten sign-ups in all, then 429 for everyone) and leaves the
 * session cookie without Secure (a stranger's deployment audit).
 */
export function gatewayEnvWarnings(env: Pick<GatewayEnv, 'PUBLIC_URL' | 'TRUST_PROXY'>): string[] {
  // Express then takes the first address of X-Forwarded-For, which is the client's own word: any
  // client sending one chose the address of every per-address limit (a stranger's abuse audit).
  if (env.TRUST_PROXY === true) {
    return [
      'TRUST_PROXY is true: every hop is trusted, so a client that sends its own X-Forwarded-For chooses the ' +
        "address of every per-address limit (guest credits, YouTube lookups, sign-ups, logins). Set the proxy's " +
        'hops (1) or addresses instead.',
    ];
  }
  if (env.TRUST_PROXY !== false || !env.PUBLIC_URL.startsWith('https:')) return [];
  return [
    'PUBLIC_URL is https but TRUST_PROXY is off: behind a TLS proxy every visitor counts as the proxy for ' +
      "the per-address limits and the session cookie is not Secure. Set TRUST_PROXY to the proxy's hops (1) " +
      'or addresses, and let only the proxy reach this port.',
  ];
}
