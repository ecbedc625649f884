import pino, { type DestinationStream, type Logger } from 'pino';

/** Anything that could carry a credential, wherever it sits in a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-client-address-proof"]',
  'res.headers["set-cookie"]',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'accessToken',
  'refreshToken',
  'token',
  'secret',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.secret',
  '*.SESSION_SECRET',
  '*.GOOGLE_CLIENT_SECRET',
];

/**
 * Fields of a database error that carry values rather than what failed: the query's `parameters`
 * (a password's hash, an analysis's text), the row or key PostgreSQL refused (`detail`: 'Failing
 * row contains (…)', 'Key (email)=(…) already exists'), and the driver's own error holding both
 * (TypeORM's QueryFailedError copies what says what failed, its code, table and constraint, onto
 * itself). Other errors keep theirs (YouTube's `detail` says what YouTube answered).
 */
const VALUE_FIELDS = new Set(['parameters', 'detail', 'driverError']);
const fromDatabase = (fields: object) => 'query' in fields || 'routine' in fields || 'driverError' in fields;

function withoutValues(value: unknown, depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutValues(item, depth + 1));
  const database = fromDatabase(value);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !(database && VALUE_FIELDS.has(name)))
      .map(([name, item]) => [name, withoutValues(item, depth + 1)]),
  );
}

/**
 * An error as it is logged: pino's serializer (type, message, stack, cause), without the values it
 * carries. pino-http serializes an error before it calls this: that one is taken as it is.
 */
export const loggedError = (error: Error): unknown =>
  withoutValues(error instanceof Error ? pino.stdSerializers.err(error) : error, 0);

/** JSON logs (pino) with credentials redacted; `destination` lets tests read what was written. */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service, pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: loggedError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
