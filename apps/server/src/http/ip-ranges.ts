import { BlockList, isIP } from 'node:net';

/* Addresses and CIDR ranges, for the per-address ceilings (address-limit.ts) and the env's checks. */

/** A list of addresses and ranges (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`), loopback optionally. */
export function addressList(entries: readonly string[], options: { loopback?: boolean } = {}): BlockList {
  const list = new BlockList();
  if (options.loopback) {
    list.addSubnet('127.0.0.0', 8, 'ipv4');
    list.addAddress('::1', 'ipv6');
  }
  for (const entry of entries) {
    const [address = '', bits] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether an address (an IPv4-mapped IPv6 one as its IPv4 address) is in the list. */
export function inAddressList(list: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Checks an entry of a comma-separated list of addresses and ranges (for the env's schema). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const value = Number(bits);
  return /^\d+$/.test(bits) && value >= 0 && value <= (family === 4 ? 32 : 128);
}
