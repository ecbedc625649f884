import { createHmac, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * What counts as one client in every limit by address: an IPv4 address (also when written as
 * IPv4-mapped IPv6), or an IPv6 /64, the block one connection is given, so that walking through a
 * /64's addresses does not make a new client. Anything unparseable is its own key.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

/**
 * The header in which the gateway tells the realtime service the client's address, as the gateway
 * resolved it (trusted proxies and all), and the header that proves it came from the gateway: an
 * HMAC of the address with SESSION_SECRET, which both services hold. Without the proof, anyone who
 * could reach the realtime port would choose the address their sockets are counted under.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
export const CLIENT_ADDRESS_PROOF_HEADER = 'x-client-address-proof';

const addressProof = (address: string, secret: string) =>
  createHmac('sha256', secret).update('findclips client address\0').update(address).digest();

/** The two headers the gateway sets on what it forwards to the realtime service. */
export function signedClientAddress(address: string, secret: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [CLIENT_ADDRESS_PROOF_HEADER]: addressProof(address, secret).toString('base64url') };
}

/** The address the gateway vouched for in these headers, or undefined when none did. */
export function vouchedClientAddress(headers: Record<string, string | string[] | undefined>, secret: string): string | undefined {
  const address = headers[CLIENT_ADDRESS_HEADER];
  const proof = headers[CLIENT_ADDRESS_PROOF_HEADER];
  if (typeof address !== 'string' || !address || typeof proof !== 'string') return undefined;
  const given = Buffer.from(proof, 'base64url');
  const expected = addressProof(address, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}
