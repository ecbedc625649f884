/**
 * PostgreSQL's and Redis's absences as their clients report them: a connection refused, reset or
 * timed out, the server shutting down (57P01, 57P03) or out of connections (53300), node-redis's
 * closed or offline client, and the pool's and the drivers' own words (a pool ended by a shutdown included). 55P03 is a lock not had in
 * time (the gateway's turn of a member on a video, held by another of their requests).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P03',
  '53300',
  '55P03',
]);

const UNAVAILABLE_ERROR_NAMES = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|The client is (closed|offline)|Socket closed unexpectedly|Disconnects client|Command timed out|Query read timeout|Cannot use a pool after calling end on the pool/i;

/** True for failures of PostgreSQL or Redis being away: the caller should retry, not report a bug. */
export function isServiceUnavailable(error: unknown): boolean {
  // Duck-typed: errors from Node's sockets need not be instances of this realm's Error.
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof name === 'string' && UNAVAILABLE_ERROR_NAMES.has(name)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
