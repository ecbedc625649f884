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
