import { AppError } from '../../http/app-error.ts';
import { ProviderUnavailable } from '../../shared/provider-http.ts';
import { parseAmount } from '../ledger/money.ts';
import type { DepositMethodSetting } from '../settings/settings.schema.ts';

/**
 * A payment service provider (PSP), as the deposits module sees it: SMS and mail have their
 * providers, payments have their gateways. Deposits reach a gateway only through this interface,
 * found in the registry by the deposit method's `kind` (docs/wallet.md, "Plugging in a real
 * gateway"). Amounts cross it as decimal strings in major units, exactly as the gateway signs them.
 */
export type GatewayKind = Exclude<DepositMethodSetting['kind'], 'bank_transfer' | 'wallet_manual'>;

export interface CreatePaymentOptions {
  /** Our order reference (`dep-<orderId>`), echoed in every callback and status answer. */
  merchantOrder: string;
  amount: string;
  currency: string;
  /** Where the gateway posts its signed callback. */
  callbackUrl: string;
  /** Where the gateway's page sends the player back. */
  returnUrl: string;
  /** The member's reference the provider shows or pre-fills (bKash's payerReference). */
  payerReference?: string | undefined;
  /** The member's address, for providers that ask for it (Nagad's X-KM-IP-V4). */
  clientIp?: string | undefined;
}

/** What a verified callback or a status query says about one payment. */
export interface GatewayPaymentState {
  paymentId: string;
  merchantOrder: string;
  /** `pending`: not decided yet; only `paid` ever credits a deposit. */
  status: 'pending' | 'paid' | 'failed';
  amount: string;
  currency: string;
}

/** A payment as the provider's own records show it, for the daily reconciliation (issue 37, item 6). */
export interface ProviderPaymentRecord extends GatewayPaymentState {
  /** The provider's own word for it (bKash `transactionStatus`, Nagad `status`), for the operator. */
  providerStatus: string;
  /** The provider's transaction id (bKash trxID, Nagad issuerPaymentRefNo), when it has one. */
  transactionId: string | null;
}

export interface RefundOptions {
  paymentId: string;
  amount: string;
  reason: string;
  /** Ours, sent to the gateway so a retried refund is refunded once. */
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /**
   * A test gateway moves no real money (the sandbox): it exists only in demo mode and the web
   * labels its methods "Test payment".
   */
  readonly isTest: boolean;
  /** The last segment of the callback route, `/wps/deposit/callback/<callbackName>`. */
  readonly callbackName: string;
  /** Opens a payment at the gateway; the player pays on `payUrl` (its hosted page). */
  createPayment(options: CreatePaymentOptions): Promise<{ paymentId: string; payUrl: string }>;
  /**
   * Checks a callback's signature over the exact raw bytes received, then parses it. Throws
   * AppError BAD_SIGNATURE (nothing is read from an unsigned body) or BAD_REQUEST. Absent for
   * providers that post no server callback (bKash, Nagad: the member's return is all there is).
   */
  verifyCallback?(options: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<GatewayPaymentState>;
  /**
   * Redirect providers (bKash, Nagad): the member's browser comes back to
   * `/wps/deposit/return/<callbackName>/<orderId>` with the provider's query parameters. They are
   * never believed: the adapter asks the provider (bKash: execute, then query; Nagad: verify) and
   * answers what the provider says. Throws AppError on a return it cannot read; VENDOR_UNAVAILABLE
   * when the provider does not answer (the order stays pending for the expiry job's query).
   */
  confirmReturn?(options: { query: Record<string, string | undefined> }): Promise<GatewayPaymentState>;
  /** Asks the gateway for a payment's state: the way back when a callback was lost. Null: unknown to it. */
  queryPayment(paymentId: string): Promise<GatewayPaymentState | null>;
  /**
   * The provider's record of a payment for the daily reconciliation (bKash: query payment, then
   * search transaction by its trxID for what actually moved; Nagad: verify payment). Null: the
   * provider knows no such payment. Throws VENDOR_UNAVAILABLE when it does not answer.
   */
  lookUpPayment?(paymentId: string): Promise<ProviderPaymentRecord | null>;
  /** Returns money of a paid payment to the payer. */
  refund(options: RefundOptions): Promise<RefundResult>;
}

/** The gateways this server runs, keyed by deposit method kind. */
export interface PaymentGateways {
  get(kind: string): PaymentGateway | null;
  list(): PaymentGateway[];
}

export function createPaymentGatewayRegistry(gateways: PaymentGateway[]): PaymentGateways {
  const byKind = new Map<string, PaymentGateway>(gateways.map((gateway) => [gateway.kind, gateway]));
  return {
    get: (kind) => byKind.get(kind) ?? null,
    list: () => [...byKind.values()],
  };
}

/** Kinds whose gateway is a test gateway: never offered, and refused at start-up, outside demo mode. */
export const testGatewayKinds: readonly GatewayKind[] = ['sandbox_gateway'];

/**
 * Whether members may use a method: a bank transfer or a manual wallet deposit needs no gateway
 * (the operator checks it); any other kind only when this server runs its gateway (the sandbox only in demo mode).
 */
export function isMethodAvailable(
  method: Pick<DepositMethodSetting, 'kind' | 'enabled'>,
  gateways: PaymentGateways,
): boolean {
  return (
    method.enabled &&
    (method.kind === 'bank_transfer' || method.kind === 'wallet_manual' || gateways.get(method.kind) !== null)
  );
}

/**
 * For an adapter's calls: a provider that did not answer (ProviderUnavailable) becomes the
 * adapter's own VENDOR_UNAVAILABLE error, made by `unavailable`; any other error passes as it is.
 */
export async function runProviderCall<T>(
  work: () => Promise<T>,
  unavailable: (detail: string) => AppError,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable(error.message);
    throw error;
  }
}

/**
 * Checks a payment an adapter is asked to open against its merchant account's limits: BDT only
 * (else `unavailable`), and an amount from `minAmount` to `maxAmount` (decimal taka), else
 * AMOUNT_OUT_OF_RANGE naming the provider (`providerName`).
 */
export function checkBdtPaymentAmount(
  payment: Pick<CreatePaymentOptions, 'amount' | 'currency'>,
  limits: { minAmount: string; maxAmount: string },
  providerName: string,
  unavailable: (detail: string) => AppError,
): void {
  if (payment.currency !== 'BDT') throw unavailable(`takes BDT only, not ${payment.currency}`);
  const amount = parseAmount(payment.amount, { precision: 2 });
  if (
    amount < parseAmount(limits.minAmount, { precision: 2 }) ||
    amount > parseAmount(limits.maxAmount, { precision: 2 })
  ) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      issues: [
        { field: 'amount', reason: `${providerName} takes ${limits.minAmount} to ${limits.maxAmount}` },
      ],
      value: { min: limits.minAmount, max: limits.maxAmount },
    });
  }
}
