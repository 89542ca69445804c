import { z } from 'zod';

/**
 * Bangladesh's mobile wallets (issue 37, items 3 and 4): the providers a member sends a manual
 * deposit from or is paid out to, a wallet number's shape, and each provider's transaction id.
 * Zod-free helpers first, so the web's forms can use them without the schemas.
 */

/** Providers a brand may receive manual deposits on. */
export const depositWalletProviders = ['bkash', 'nagad', 'rocket'] as const;
export type DepositWalletProvider = (typeof depositWalletProviders)[number];

/** Providers a member may be paid out to. */
export const payoutWalletProviders = ['bkash', 'nagad', 'rocket', 'upay'] as const;
export type PayoutWalletProvider = (typeof payoutWalletProviders)[number];

/** How each provider writes its own name (the same in every language). */
export const walletProviderNames: Record<PayoutWalletProvider, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  upay: 'Upay',
};

/**
 * A Bangladeshi mobile number as a wallet is opened on: 01, an operator digit 3-9, 8 digits. Rocket
 * accounts carry a twelfth check digit after the mobile number; it is not asked (the mobile number
 * is what a member sends to and is paid on).
 */
export const bdMobilePattern = /^01[3-9][0-9]{8}$/;

/**
 * A wallet number as typed: spaces and dashes dropped, a leading +88 or 88 removed. The result is
 * checked against `bdMobilePattern`.
 */
export function normalizeWalletNumber(text: string): string {
  const compact = text.replace(/[\s-]+/g, '');
  return compact.replace(/^\+?88(?=01)/, '');
}

/**
 * Each provider's transaction id as its confirmation SMS writes it: bKash TrxID 10 letters and
 * digits (e.g. 9BK4C7DX2M), Nagad TxnID 8 letters and digits, Rocket TxnId 10 digits. Letters are
 * compared in capitals.
 */
export const trxIdPatterns: Record<DepositWalletProvider, RegExp> = {
  bkash: /^[A-Z0-9]{10}$/,
  nagad: /^[A-Z0-9]{8}$/,
  rocket: /^[0-9]{10}$/,
};

export function normalizeTrxId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isTrxIdOf(provider: DepositWalletProvider, trxId: string): boolean {
  return trxIdPatterns[provider].test(normalizeTrxId(trxId));
}

export const depositWalletProviderSchema = z.enum(depositWalletProviders);
export const payoutWalletProviderSchema = z.enum(payoutWalletProviders);

/** A wallet number field: normalized, then `01[3-9]` and 8 digits. */
export const walletNumberSchema = z
  .string()
  .max(20)
  .transform(normalizeWalletNumber)
  .pipe(z.string().regex(bdMobilePattern, 'a Bangladeshi mobile number: 01, then 3-9, then 8 digits'));
