import { createHmac, randomBytes } from 'node:crypto';

/**
 * The header in which the gateway tells a realtime instance its tag among the instances it
 * forwards to, and the tag itself: 8 URL-safe characters of an HMAC of the instance's URL with
 * SESSION_SECRET, which every gateway computes alike and clients cannot read the URL from (an
 * unkeyed hash of a private address is found by trying the private ranges). The instance starts
 * each connection's id with it, so that a gateway sends each request of a connection where that
 * connection lives (Socket.IO's "sticky sessions"), whatever the client's ranking says since.
 */
export const LIVE_INSTANCE_TAG_HEADER = 'x-live-instance-tag';
const TAG = /^[\w-]{8}$/;

export const liveInstanceTag = (target: string, secret: string) =>
  createHmac('sha256', secret).update(`findclips live instance\0${target}`).digest('base64url').slice(0, 8);

/** A new connection id (Engine.IO's `sid`): the gateway's tag for this instance, when it sent a well-formed one, then 120 random bits. */
export function liveConnectionId(headers: Record<string, string | string[] | undefined>): string {
  const tag = headers[LIVE_INSTANCE_TAG_HEADER];
  return `${typeof tag === 'string' && TAG.test(tag) ? tag : ''}${randomBytes(15).toString('base64url')}`;
}
