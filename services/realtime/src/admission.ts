import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientAddressKey, vouchedClientAddress } from '@findclips/runtime';

export const userRoom = (userId: number) => `user:${userId}`;
export const guestRoom = (guestId: string) => `guest:${guestId}`;
/** A session's sockets, by a hash of its id: the id itself never leaves the handshake. */
export const sessionRoom = (sessionId: string) =>
  `session:${createHash('sha256').update(sessionId).digest('base64url').slice(0, 32)}`;
export const addressRoom = (address: string) => `address:${clientAddressKey(address)}`;

/**
 * The client's address: the gateway's word for it, signed with the secret both hold, else the
 * peer's (a direct connection, whatever address it claims). A signed word out of time goes to
 * `stale` (see `vouchedClientAddress`).
 */
export function clientAddress(req: IncomingMessage, secret: string, stale?: (offsetMs: number) => void): string {
  return vouchedClientAddress(req.headers, secret, Date.now(), stale) ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Whether a handshake asks for JSONP polling (`j` in its query): Engine.IO then wraps each answer
 * in a script, which a page of another origin can load with a `<script>` element, our cookies
 * sent and no Origin header to refuse it by. The app never asks for it: refused. The query is read
 * as Engine.IO reads it (all after the first '?', a later '?' included).
 */
export function asksForJsonp(req: IncomingMessage): boolean {
  return new URL(req.url ?? '/', 'http://localhost').searchParams.has('j');
}

/**
 * Whether a handshake (long-polling or WebSocket) may proceed: a page of another site may not open
 * our live channel with its visitors' cookies. A browser always sends Origin here (JSONP's script
 * requests aside: see `asksForJsonp`); it must be the page's own host (the gateway forwards the
 * Host it was asked for) or an allowed origin. Clients that are not browsers send none and pass,
 * as they carry no one else's cookies.
 */
export function originAllowed(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.has(origin.replace(/\/$/, ''))) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
