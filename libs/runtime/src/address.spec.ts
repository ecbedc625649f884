import { clientAddressKey, clientNetworkKey, signedClientAddress, vouchedClientAddress } from './address';

describe('clientAddressKey', () => {
  it('keys an IPv6 address by its /64, and an IPv4 address (mapped or not) by itself', () => {
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('unknown')).toBe('unknown');
  });

  it("keys an address a proxy forwarded with the client's port by the address alone", () => {
    expect(clientAddressKey('198.51.100.7:51034')).toBe('198.51.100.7');
    expect(clientAddressKey('[2001:db8:1:2::7]:51034')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('[::ffff:198.51.100.7]:443')).toBe('198.51.100.7');
    // Not an address and a port: its own key, as anything unparseable.
    expect(clientAddressKey('198.51.100.7:')).toBe('198.51.100.7:');
    expect(clientAddressKey('[not-an-address]:80')).toBe('[not-an-address]:80');
  });
});

describe('clientNetworkKey', () => {
  it('keys an IPv6 address by its /48 and an IPv4 address (mapped, or with a port) by its /24', () => {
    expect(clientNetworkKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(clientNetworkKey('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(clientNetworkKey('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(clientNetworkKey('198.51.100.7')).toBe('198.51.100.0/24');
    expect(clientNetworkKey('::ffff:198.51.100.250')).toBe('198.51.100.0/24');
    expect(clientNetworkKey('198.51.100.7:51034')).toBe('198.51.100.0/24');
    expect(clientNetworkKey('[2001:db8:1:2::7]:51034')).toBe('2001:db8:1::/48');
    expect(clientNetworkKey('unknown')).toBe('unknown');
  });
});

describe('vouchedClientAddress', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';

  it('reads the address the gateway signed, and nothing else', () => {
    const headers = signedClientAddress('198.51.100.7', secret);
    expect(vouchedClientAddress(headers, secret)).toBe('198.51.100.7');
    // Claimed without a proof, with another address's proof, with a proof under another secret,
    // or with a proof that is not one.
    expect(vouchedClientAddress({ 'x-client-address': '198.51.100.7' }, secret)).toBeUndefined();
    expect(vouchedClientAddress({ ...headers, 'x-client-address': '198.51.100.8' }, secret)).toBeUndefined();
    expect(vouchedClientAddress(signedClientAddress('198.51.100.7', `${secret}!`), secret)).toBeUndefined();
    expect(vouchedClientAddress({ ...headers, 'x-client-address-proof': 'not a proof' }, secret)).toBeUndefined();
    expect(vouchedClientAddress({ ...headers, 'x-client-address-proof': ['twice', 'given'] }, secret)).toBeUndefined();
  });

  it('reads a proof only within five minutes of its time, either way, and tells of a signed one out of time', () => {
    const issuedAt = Date.parse('2026-12-04T10:00:00Z');
    const headers = signedClientAddress('198.51.100.7', secret, issuedAt);
    const offsets: number[] = [];
    const read = (now: number) => vouchedClientAddress(headers, secret, now, (offset) => offsets.push(offset));
    expect(read(issuedAt + 300_000)).toBe('198.51.100.7');
    expect(read(issuedAt - 300_000)).toBe('198.51.100.7');
    expect(offsets).toEqual([]);
    // Seen once and sent again later, or dated ahead (the hosts' clocks differ): said, with how far.
    expect(read(issuedAt + 300_001)).toBeUndefined();
    expect(read(issuedAt - 300_001)).toBeUndefined();
    expect(offsets).toEqual([-300_001, 300_001]);
    // Its time changed to a fresh one: the MAC no longer fits, and nothing is said of its time.
    const [, mac] = headers['x-client-address-proof']!.split('.');
    const refreshed = { ...headers, 'x-client-address-proof': `${issuedAt + 600_000}.${mac}` };
    expect(vouchedClientAddress(refreshed, secret, issuedAt, (offset) => offsets.push(offset))).toBeUndefined();
    expect(offsets).toHaveLength(2);
  });
});
