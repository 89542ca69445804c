import type { Database } from './db/database.ts';
import type { DemoProviders } from './payment-gateways.ts';
import { type BkashB2c, bkashB2cConfigOf, createBkashB2c } from './modules/bkash/bkash.service.ts';
import { getSettings } from './modules/settings/settings.service.ts';
import type { PayoutOutcome, PayoutRail } from './modules/withdrawals/withdrawals.service.ts';

/**
 * bKash B2C as withdrawals' payout rail (issue 37, item 4; docs/payments.md "Payouts by bKash
 * B2C"): the adapter's outcomes in withdrawals' terms. It lives beside app.ts, like
 * payment-gateways.ts: withdrawals declare the rail, bKash implements B2C, neither imports the other.
 */
export function bkashB2cRail(
  b2c: BkashB2c,
  options: { limits?: () => Promise<{ minAmount: string; maxAmount: string }> } = {},
): PayoutRail {
  return {
    method: 'bkash_b2c',
    walletProvider: 'bkash',
    name: 'bKash',
    async setup() {
      const config = await b2c.config();
      if (!config) return null;
      const limits = options.limits ? await options.limits() : config;
      return { minAmount: limits.minAmount, maxAmount: limits.maxAmount, callMs: config.timeoutMs };
    },
    async pay(payout): Promise<PayoutOutcome> {
      const outcome = await b2c.pay({
        amount: payout.amount,
        merchantInvoiceNumber: payout.reference,
        receiverMSISDN: payout.receiver,
      });
      switch (outcome.kind) {
        case 'completed':
          return {
            kind: 'completed',
            transactionId: outcome.trxId,
            amount: outcome.amount,
            receiver: outcome.receiver,
            reference: outcome.invoice,
          };
        case 'refused':
        case 'not-sent':
        case 'uncertain':
          return outcome;
      }
    },
    async lookUp(transactionId) {
      const found = await b2c.searchTransaction(transactionId);
      return found
        ? {
            transactionId: found.trxId,
            status: found.status,
            amount: found.amount,
            receiver: found.customerMsisdn,
          }
        : null;
    },
  };
}

/**
 * The payout rails this server runs: bKash B2C against the brand's disbursement account from the
 * settings and the secret store, or in demo mode against the bKash simulator mounted in the site
 * (the demo brand pays out by API with no setting; of payments.bkashB2c only the limits apply).
 */
export function createPayoutRails({ db, demo }: { db: Database; demo: DemoProviders | null }): PayoutRail[] {
  if (demo) {
    return [
      bkashB2cRail(demo.bkashB2c, {
        limits: async () => (await getSettings(db)).payments.bkashB2c,
      }),
    ];
  }
  return [bkashB2cRail(createBkashB2c({ config: () => bkashB2cConfigOf(db) }))];
}
