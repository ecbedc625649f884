import { z } from 'zod';
import { commonEnvSchema } from './common';
import { envInt, envOrigins } from './env';
import { sessionSecret, withProductionSecrets } from './session';

/** Environment of a realtime (Socket.IO) instance. */
export const realtimeEnvSchema = withProductionSecrets(
  commonEnvSchema.extend({
    /** Where this instance listens. */
    REALTIME_PORT: envInt(3001, 1, 65535),
    /** The gateway's session secret, to read session cookies. */
    SESSION_SECRET: sessionSecret(),
    /** A socket with neither a session nor a guest id is dropped after this many milliseconds. */
    REALTIME_AUTH_TIMEOUT_MS: envInt(1_000, 100, 60_000),
    /** Video rooms one socket may be in at once. */
    REALTIME_MAX_ROOMS: envInt(10, 1, 1_000),
    /** join_video requests one socket may make per minute. */
    REALTIME_JOINS_PER_MINUTE: envInt(60, 1, 10_000),
    /** Live connections at once, across instances: per member, per guest, per client address (IPv6 /64). */
    REALTIME_SOCKETS_PER_USER: envInt(20, 1, 10_000),
    REALTIME_SOCKETS_PER_GUEST: envInt(10, 1, 10_000),
    REALTIME_SOCKETS_PER_ADDRESS: envInt(100, 1, 100_000),
    /** Other origins whose pages may open the live channel (e.g. a dev server), comma-separated. */
    ALLOWED_ORIGINS: envOrigins(),
  }),
);

export type RealtimeEnv = z.output<typeof realtimeEnvSchema>;
