import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressList, inAddressList } from './ip-ranges.ts';
import { rateLimitKeys } from './rate-limit-key.ts';

/**
 * A per-address ceiling of calls a minute for the doors the site-wide limit leaves out (issue 35,
 * item 5e): the vendor wallet (`/vendor-wallet/…`: signed server-to-server calls, hundreds a second
 * from a vendor's address) and the house games' pages' API (`/house/api/…`, `/house-transfer/api/…`).
 *
 * One map lookup and an increment a call, in the process (no plugin hooks, no Redis round trip):
 * these are the hottest paths of the server (bench/README.md). Fixed windows of a minute, counted by
 * each instance on its own, so with N instances an address may make up to N times the ceiling; it is
 * a ceiling against a flood, not a quota. Addresses are keyed as the site-wide limit keys them (an
 * IPv6 caller by its /64: http/rate-limit-key.ts).
 */
export interface AddressLimit {
  /** Counts a call of `address`; false once it is over its ceiling for this minute. */
  take(address: string): boolean;
  /** Seconds until the current window ends (the answer's retry-after). */
  retryAfterSeconds(): number;
}

const windowMs = 60_000;
/** Distinct addresses counted in one window before the oldest window's are forgotten early. */
const maxAddresses = 100_000;

export function addressLimit(options: {
  /** Calls a minute for an address not listed in `trusted`. */
  perMinute: number;
  /** Calls a minute for a trusted address (loopback, and the listed ones). */
  trustedPerMinute?: number;
  /** IP addresses and CIDR ranges (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`). */
  trusted?: readonly string[];
  /** The loopback addresses count as trusted (the in-process house calls the wallet from them). */
  trustLoopback?: boolean;
  now?: () => number;
}): AddressLimit {
  const now = options.now ?? Date.now;
  const keyOf = rateLimitKeys();
  const trusted = addressList(options.trusted ?? [], { loopback: options.trustLoopback ?? false });
  const trustedPerMinute = options.trustedPerMinute ?? options.perMinute;
  let window = Math.floor(now() / windowMs);
  let counts = new Map<string, number>();
  return {
    take(address) {
      const current = Math.floor(now() / windowMs);
      if (current !== window || counts.size >= maxAddresses) {
        window = current;
        counts = new Map();
      }
      const key = keyOf(address);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count <= Math.min(options.perMinute, trustedPerMinute)) return true;
      return count <= (inAddressList(trusted, address) ? trustedPerMinute : options.perMinute);
    },
    retryAfterSeconds() {
      return Math.max(1, Math.ceil(((window + 1) * windowMs - now()) / 1000));
    },
  };
}

/**
 * Refuses a call over its address's ceiling with 429 and retry-after; `body` is what the door
 * answers a refusal with (each speaks its own envelope). Returns whether it refused.
 */
export function refuseOverLimit(
  limit: AddressLimit,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, unknown>,
): boolean {
  if (limit.take(request.ip)) return false;
  void reply
    .code(429)
    .header('retry-after', String(limit.retryAfterSeconds()))
    .header('cache-control', 'no-store')
    .send(body);
  return true;
}
