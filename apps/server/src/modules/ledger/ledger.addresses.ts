/**
 * Ledger account addresses (formance style). The address is the account's identity: its kind, its
 * owner and, for system accounts, its currency are read from it, so they can never disagree.
 *
 *   member:<memberId>:main | bonus | trial | hold     a member's wallets (cached, never negative)
 *   member:<memberId>:vendor:<VENDOR>                 a transfer-mode vendor's sub-wallet
 *   house:<CUR>      the house's side of bets and wins
 *   platform:<CUR>   fees and the platform's own money
 *   world:<CUR>      outside the books: money enters (deposits) and leaves (payouts) here
 *   clearing:<provider>:<CUR>                         money in flight with a payment provider
 *
 * `hold` is a member's escrow (e.g. a withdrawal requested and not yet paid): it is not spendable,
 * and moving money main → hold → clearing or back keeps every step a balanced entry.
 */

export const memberWalletKinds = ['main', 'bonus', 'trial', 'hold', 'vendor'] as const;
export type MemberWalletKind = (typeof memberWalletKinds)[number];

export const systemAccountKinds = ['house', 'platform', 'world', 'clearing'] as const;
export type SystemAccountKind = (typeof systemAccountKinds)[number];

export type AccountKind = MemberWalletKind | SystemAccountKind;

export type ParsedAddress =
  | { kind: Exclude<MemberWalletKind, 'vendor'>; memberId: bigint }
  | { kind: 'vendor'; memberId: bigint; vendor: string }
  | { kind: 'house' | 'platform' | 'world'; currency: string }
  | { kind: 'clearing'; provider: string; currency: string };

/** A vendor or provider code inside an address: letters, digits, `_`, `.`, `-`. */
const segmentPattern = /^[A-Za-z0-9_.-]{1,40}$/;
const currencyPattern = /^[A-Z]{3}$/;
const memberIdPattern = /^[1-9][0-9]{0,18}$/;

function memberIdText(memberId: bigint | number): string {
  const text = String(memberId);
  if (!memberIdPattern.test(text)) throw new RangeError(`not a member id: ${text}`);
  return text;
}

function checkSegment(value: string, what: string): string {
  if (!segmentPattern.test(value)) throw new RangeError(`not a valid ${what}: ${JSON.stringify(value)}`);
  return value;
}

function checkCurrency(currency: string): string {
  if (!currencyPattern.test(currency)) throw new RangeError(`not an ISO currency code: ${currency}`);
  return currency;
}

export function memberWalletAddress(
  memberId: bigint | number,
  kind: Exclude<MemberWalletKind, 'vendor'>,
): string {
  return `member:${memberIdText(memberId)}:${kind}`;
}

export function memberVendorAddress(memberId: bigint | number, vendor: string): string {
  return `member:${memberIdText(memberId)}:vendor:${checkSegment(vendor, 'vendor code')}`;
}

export function systemAddress(kind: 'house' | 'platform' | 'world', currency: string): string {
  return `${kind}:${checkCurrency(currency)}`;
}

export function clearingAddress(provider: string, currency: string): string {
  return `clearing:${checkSegment(provider, 'provider code')}:${checkCurrency(currency)}`;
}

/** Reads an address; `null` if it is not one of the shapes above. */
export function parseAddress(address: string): ParsedAddress | null {
  const parts = address.split(':');
  const [head, second, third, fourth] = parts;
  if (head === 'member' && second && memberIdPattern.test(second)) {
    const memberId = BigInt(second);
    if (
      parts.length === 3 &&
      (third === 'main' || third === 'bonus' || third === 'trial' || third === 'hold')
    ) {
      return { kind: third, memberId };
    }
    if (parts.length === 4 && third === 'vendor' && fourth && segmentPattern.test(fourth)) {
      return { kind: 'vendor', memberId, vendor: fourth };
    }
    return null;
  }
  if ((head === 'house' || head === 'platform' || head === 'world') && parts.length === 2) {
    return second && currencyPattern.test(second) ? { kind: head, currency: second } : null;
  }
  if (head === 'clearing' && parts.length === 3 && second && third) {
    return segmentPattern.test(second) && currencyPattern.test(third)
      ? { kind: 'clearing', provider: second, currency: third }
      : null;
  }
  return null;
}

export function isMemberAddress(
  parsed: ParsedAddress,
): parsed is Extract<ParsedAddress, { memberId: bigint }> {
  return 'memberId' in parsed;
}
