import { createHmac, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * An address as some proxies forward it, with the client's port ('198.51.100.7:51034',
 * '[2001:db8::1]:51034', Azure's Application Gateway): the address alone. Each connection of a
 * client has a port of its own, so kept, it made every connection another client of every limit.
 */
const WITH_PORT = /^(?:\[([^\]]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):\d{1,5}$/;
const withoutPort = (address: string) => {
  const match = WITH_PORT.exec(address);
  return match ? (match[1] ?? match[2])! : address;
};

/**
 * What counts as one client in every limit by address: an IPv4 address (also when written as
 * IPv4-mapped IPv6), or an IPv6 /64, the block one connection is given, so that walking through a
 * /64's addresses does not make a new client; a port written with it is not the client's. Anything
 * unparseable is its own key.
 */
export function clientAddressKey(address: string): string {
  const bare = withoutPort(address);
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

/**
 * The network a client's address is in, as one operator hands them out: an IPv4 /24, an IPv6 /48
 * (a site's allocation). Many addresses of one network count together where one network must not
 * take what is the service's, whatever its number of addresses. Anything unparseable is its own key.
 */
export function clientNetworkKey(address: string): string {
  const bare = withoutPort(address);
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  const bits = parsed.kind() === 'ipv4' ? 24 : 48;
  const network =
    parsed.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/**
 * The header in which the gateway tells the realtime service the client's address, as the gateway
 * resolved it (trusted proxies and all), and the header that proves it came from the gateway, and
 * lately: `{issued at, ms}.{HMAC of the address and that time with SESSION_SECRET}`, which both
 * services hold. Without the proof, anyone who could reach the realtime port would choose the
 * address their sockets are counted under; without the time, a proof seen once would serve for
 * ever.
 */
const CLIENT_ADDRESS_HEADER = 'x-client-address';
const CLIENT_ADDRESS_PROOF_HEADER = 'x-client-address-proof';
/**
 * How far a proof's time may be from the instance's clock (either way: clocks of two hosts). Hosts
 * kept in time by NTP are within a second; five minutes is Kerberos's tolerance.
 */
const CLIENT_ADDRESS_PROOF_MAX_AGE_MS = 5 * 60_000;

const addressProof = (address: string, issuedAt: number, secret: string) =>
  createHmac('sha256', secret).update(`findclips client address\0${address}\0${issuedAt}`).digest();

/** The two headers the gateway sets on what it forwards to the realtime service. */
export function signedClientAddress(address: string, secret: string, now = Date.now()): Record<string, string> {
  return {
    [CLIENT_ADDRESS_HEADER]: address,
    [CLIENT_ADDRESS_PROOF_HEADER]: `${now}.${addressProof(address, now, secret).toString('base64url')}`,
  };
}

/**
 * The address the gateway vouched for in these headers, lately, or undefined when none did. A
 * proof the gateway did sign, but at a time too far from this clock, is told to `stale` with how
 * far (ms, positive when it is dated ahead): the hosts' clocks differ, or it is sent again.
 */
export function vouchedClientAddress(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
  stale?: (offsetMs: number) => void,
): string | undefined {
  const address = headers[CLIENT_ADDRESS_HEADER];
  const proof = headers[CLIENT_ADDRESS_PROOF_HEADER];
  if (typeof address !== 'string' || !address || typeof proof !== 'string') return undefined;
  const [time, mac = ''] = proof.split('.', 2);
  if (!/^\d{1,15}$/.test(time ?? '')) return undefined;
  const issuedAt = Number(time);
  const given = Buffer.from(mac, 'base64url');
  const expected = addressProof(address, issuedAt, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Math.abs(now - issuedAt) <= CLIENT_ADDRESS_PROOF_MAX_AGE_MS) return address;
  stale?.(issuedAt - now);
  return undefined;
}
