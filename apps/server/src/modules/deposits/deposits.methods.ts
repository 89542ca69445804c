import type { DepositMethod, DepositOrder, LanguageCode } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import { isMethodAvailable, type PaymentGateways } from '../payments/payment-gateway.ts';
import type { DepositMethodSetting, SiteSettings } from '../settings/settings.schema.ts';
import type { depositOrders } from './deposits.tables.ts';
import { walletOf, type WalletTransferRow } from './deposits.wallet.ts';

/** The deposit methods on offer and how an order reads to its member. */

export type DepositSettings = Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'payments'>;

export type OrderRow = typeof depositOrders.$inferSelect;

function nameOf(method: DepositMethodSetting, language: LanguageCode): string {
  return method.names[language] ?? method.names.EN ?? Object.values(method.names)[0] ?? method.code;
}

/** An offered method: enabled, and its gateway runs here (a sandbox method outside demo mode is not). */
export function methodOf(
  settings: DepositSettings,
  gateways: PaymentGateways,
  code: string,
): DepositMethodSetting {
  const method = settings.payments.depositMethods.find(
    (entry) => entry.code === code && isMethodAvailable(entry, gateways),
  );
  if (!method)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'methodCode', reason: 'no such method' }] });
  return method;
}

/** The deposit methods on offer, in the caller's language: enabled, with their gateway running here. */
export function listDepositMethods(
  settings: DepositSettings,
  gateways: PaymentGateways,
  language: LanguageCode,
): DepositMethod[] {
  return settings.payments.depositMethods
    .filter((method) => isMethodAvailable(method, gateways))
    .map((method) => ({
      code: method.code,
      kind: method.kind,
      name: nameOf(method, language),
      logoUrl: method.logoUrl,
      min: formatAmount(
        parseAmount(method.min, { precision: settings.currencyPrecision }),
        settings.currencyPrecision,
      ),
      max: formatAmount(
        parseAmount(method.max, { precision: settings.currencyPrecision }),
        settings.currencyPrecision,
      ),
      feeBps: method.feeBps,
      currency: settings.currency,
      bank: method.bank,
      walletProvider: method.walletProvider,
    }));
}

/** Kinds an operator decides (the money is checked by hand); a gateway settles the others. */
export function isOperatorDecided(kind: OrderRow['kind']): boolean {
  return kind === 'bank_transfer' || kind === 'wallet_manual';
}

/** The member's view of an order; `wallet`: the manual wallet transfer stored with it, if any. */
export function toOrder(
  row: OrderRow,
  settings: DepositSettings,
  wallet?: WalletTransferRow | undefined,
): DepositOrder {
  const precision = settings.currencyPrecision;
  const method = settings.payments.depositMethods.find((entry) => entry.code === row.methodCode);
  return {
    orderId: row.id,
    methodCode: row.methodCode,
    kind: row.kind,
    status: row.status,
    currency: row.currency,
    amount: formatAmount(row.amount, precision),
    fee: formatAmount(row.fee, precision),
    credited: formatAmount(row.amount - row.fee, precision),
    reference: row.reference,
    receiptCount: row.receiptCount,
    payUrl: row.status === 'pending' ? row.payUrl : null,
    bank: row.kind === 'bank_transfer' ? (method?.bank ?? null) : null,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt?.getTime() ?? null,
    decidedAt: row.decidedAt?.getTime() ?? null,
    reason: row.reason,
    wallet: walletOf(wallet),
  };
}
