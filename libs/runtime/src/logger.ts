import pino, { type DestinationStream, type Logger } from 'pino';

/** Anything that could carry a credential, wherever it sits in a log line. */
const REDACTED_PATHS = [
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
 * row contains (…)', 'Key (email)=(…) already exists'), where in a value it failed (`where`: 'JSON
 * data, line 1: …'), and the driver's own error holding them all (TypeORM's QueryFailedError
 * copies what says what failed, its code, table and constraint, onto itself). Other errors keep
 * theirs (YouTube's `detail` says what YouTube answered).
 */
const VALUE_FIELDS = new Set(['parameters', 'detail', 'where', 'internalQuery', 'hint', 'driverError']);
const fromDatabase = (fields: object): boolean => 'query' in fields || 'routine' in fields || 'driverError' in fields;
/** PostgreSQL's data exceptions (class 22) quote the value they refused in their message: 'invalid input syntax for type integer: "…"'. */
const quotesValue = (fields: Record<string, unknown>) => typeof fields.code === 'string' && fields.code.startsWith('22');

function withoutValues(value: unknown, depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutValues(item, depth + 1));
  const fields = value as Record<string, unknown>;
  const database = fromDatabase(fields);
  const kept = Object.entries(fields)
    .filter(([name]) => !(database && VALUE_FIELDS.has(name)))
    .map(([name, item]) => [name, withoutValues(item, depth + 1)]);
  const logged = Object.fromEntries(kept) as Record<string, unknown>;
  if (database && quotesValue(fields)) {
    const said = `PostgreSQL refused a value (${String(fields.code)}${fields.column ? `, column ${String(fields.column)}` : ''})`;
    if (typeof fields.message === 'string') logged.message = said;
    if (typeof fields.stack === 'string')
      logged.stack = [said, ...fields.stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  }
  return logged;
}

/**
 * An error as it is logged: pino's serializer (type, message, stack, and its cause as an error of
 * its own, with its fields: YouTube's answer under a failure we report), without the values it
 * carries. An error serialized its own way first (pino-http's, where its serializers are
 * wrapped) is read from what it holds (`raw`).
 */
export const loggedError = (error: Error): unknown => {
  const original: unknown = error instanceof Error ? error : (error as { raw?: unknown } | null)?.raw;
  return withoutValues(original instanceof Error ? pino.stdSerializers.errWithCause(original) : error, 0);
};

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
