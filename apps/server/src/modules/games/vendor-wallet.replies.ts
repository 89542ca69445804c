import { vendorErrorCatalogue, type VendorAction, type VendorErrorCode } from '@khela/contract';
import { requestHash } from '../../shared/idempotency.ts';

/** What the vendor wallet answers: the protocol's HTTP status and its `{ ok, … }` body. */
export interface VendorReply {
  status: number;
  body: Record<string, unknown>;
}

export function vendorError(code: VendorErrorCode, message?: string): VendorReply {
  return {
    status: vendorErrorCatalogue[code].status,
    body: { ok: false, code, message: message ?? vendorErrorCatalogue[code].description },
  };
}

export function ok(body: Record<string, unknown>): VendorReply {
  return { status: 200, body: { ok: true, ...body } };
}

/** Minor units as a JSON number; balances beyond 2^53 cannot be told to a vendor exactly. */
export function minorUnits(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < 0n) {
    throw new Error(`amount ${amount} is not a safe non-negative integer`);
  }
  return Number(amount);
}

/** A money call's answer: the wallet's balance after it, and the ledger entry when money moved. */
export function moneyReply(balance: bigint, transactionId: string, entryId: number | null): VendorReply {
  return ok({
    balance: minorUnits(balance),
    transactionId,
    platformTransactionId: entryId === null ? null : String(entryId),
  });
}

/**
 * The canonical request hash (`@khela/contract/request-hash`) of the action and the parsed body:
 * whitespace and key order do not count.
 */
export function vendorRequestHash(action: VendorAction, body: unknown): string {
  return requestHash({ action, body });
}
