import { z } from 'zod';
import { defineCall } from './define.ts';
import {
  amountInputSchema,
  decimalAmountSchema,
  historyPageOf,
  historyPageQuery,
  imageUploadSchema,
  requestIdSchema,
} from './wallet.ts';
import { INT4_MAX, plainTextSchema } from './input-rules.ts';
import {
  bdMobilePattern,
  normalizeTrxId,
  normalizeWalletNumber,
  payoutWalletProviderSchema,
  trxIdPatterns,
  type PayoutWalletProvider,
} from './mobile-wallets.ts';

/**
 * Withdrawals (spec 2 withdraw, 4 withdrawal confirmation): accounts the member binds, requests
 * whose funds are held at once, the operator's decision and disbursement, and the member's receipt
 * confirmation (in full, partly, or not at all with a proof image; silence counts as received).
 */

export const withdrawalStatuses = ['pending', 'rejected', 'disbursed', 'completed', 'disputed'] as const;
export const withdrawalStatusSchema = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const receiptKinds = ['full', 'partial', 'none', 'auto'] as const;
export const receiptKindSchema = z.enum(receiptKinds);

export const payoutAccountSchema = z.object({
  accountId: z.number().int(),
  kind: z.enum(['bank', 'ewallet']),
  providerName: z.string(),
  /**
   * An e-wallet's provider from the list (issue 37): bKash, Nagad, Rocket or Upay. Null for a bank,
   * and for an e-wallet bound before the list whose name matched none of them.
   */
  walletProvider: payoutWalletProviderSchema.nullable(),
  accountName: z.string(),
  /** Masked but for the last four characters. */
  accountNumber: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const withdrawalSchema = z.object({
  withdrawalId: z.number().int(),
  status: withdrawalStatusSchema,
  currency: z.string(),
  amount: decimalAmountSchema,
  account: payoutAccountSchema,
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  disbursedAt: z.number().nullable(),
  /** After this moment (ms) with no answer the payment counts as received. */
  confirmBy: z.number().nullable(),
  receipt: receiptKindSchema.nullable(),
  receivedAmount: decimalAmountSchema.nullable(),
  /** What the operator refunded after a dispute. */
  refunded: decimalAmountSchema.nullable(),
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

const proofImageSchema = imageUploadSchema;

/**
 * Payouts by a provider's disbursement API (issue 37, item 4; docs/payments.md "Payouts by bKash
 * B2C"): `bkash_b2c` pays a bKash wallet by bKash's B2C API. The manual payout (disburse with a
 * proof) stays for every provider.
 */
export const payoutMethods = ['bkash_b2c'] as const;
export const payoutMethodSchema = z.enum(payoutMethods);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/**
 * An attempt's state: `sending` (recorded, the provider is being asked), `paid`, `failed` (the
 * provider moved nothing) or `uncertain` (no answer, or one that does not say: money may have left;
 * the withdrawal is held until another operator resolves it).
 */
export const payoutAttemptStatuses = ['sending', 'uncertain', 'paid', 'failed'] as const;

export const payoutAttemptSchema = z.object({
  attemptId: z.number().int(),
  withdrawalId: z.number().int(),
  method: payoutMethodSchema,
  /** Our reference at the provider (bKash merchantInvoiceNumber), one per attempt. */
  reference: z.string(),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** The wallet number paid to. */
  receiver: z.string(),
  status: z.enum(payoutAttemptStatuses),
  /** The provider's transaction id (bKash trxID), once known. */
  transactionId: z.string().nullable(),
  /** What the provider answered, or why the outcome is not known. */
  outcome: z.string().nullable(),
  sentBy: z.string(),
  sentAt: z.number(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.number().nullable(),
  note: z.string().nullable(),
});
export type PayoutAttempt = z.infer<typeof payoutAttemptSchema>;

const payoutAnswerSchema = z.object({ withdrawal: withdrawalSchema, attempt: payoutAttemptSchema });

/**
 * The listed provider a free-text e-wallet name reads as (any case, spaces, dashes or dots;
 * English or Bengali), or null: how accounts bound before the list were mapped (migration 0041).
 */
export function walletProviderOfName(name: string | undefined): PayoutWalletProvider | null {
  const compact = (name ?? '')
    .normalize('NFC')
    .replace(/[\s._-]+/g, '')
    .toLowerCase();
  const spellings: Record<string, PayoutWalletProvider> = {
    bkash: 'bkash',
    বিকাশ: 'bkash',
    nagad: 'nagad',
    নগদ: 'nagad',
    rocket: 'rocket',
    রকেট: 'rocket',
    dbblrocket: 'rocket',
    dutchbanglarocket: 'rocket',
    upay: 'upay',
    ['উপায়'.normalize('NFC')]: 'upay',
  };
  return spellings[compact] ?? null;
}

export const withdrawalCalls = {
  withdrawInfo: defineCall({
    id: 'withdrawInfo',
    method: 'GET',
    path: '/wps/withdraw/info',
    auth: 'realMember',
    encrypted: false,
    summary: 'What can be withdrawn now (the main wallet; bonus and demo funds excluded) and the limits',
    tag: 'wallet',
    value: z.object({
      available: decimalAmountSchema,
      min: decimalAmountSchema,
      max: decimalAmountSchema,
      currency: z.string(),
      autoReceiveMinutes: z.number().int(),
      hasPaymentPassword: z.boolean(),
      /**
       * A bonus being wagered (docs/promotions.md): withdrawing now forfeits it (the request must
       * say `forfeitBonus`); null when there is none.
       */
      bonus: z.object({ amount: decimalAmountSchema, wageringLeft: decimalAmountSchema }).nullable(),
    }),
  }),
  payoutAccounts: defineCall({
    id: 'withdrawAccounts',
    method: 'GET',
    path: '/wps/withdraw/accounts',
    auth: 'realMember',
    encrypted: false,
    summary: 'The bank and e-wallet accounts the member has bound for withdrawals',
    tag: 'wallet',
    value: z.array(payoutAccountSchema),
  }),
  bindPayoutAccount: defineCall({
    id: 'withdrawAccountBind',
    method: 'POST',
    path: '/wps/withdraw/account/bind',
    auth: 'realMember',
    encrypted: true,
    summary:
      'Bind a bank account or a bKash / Nagad / Rocket / Upay wallet for withdrawals (payment password; at most 5)',
    tag: 'wallet',
    body: z
      .object({
        kind: z.enum(['bank', 'ewallet']),
        /** The bank's name; for an e-wallet, `walletProvider` instead (a name is read as one of them). */
        providerName: plainTextSchema({ min: 2, max: 60 }).optional(),
        /** An e-wallet's provider (required for an e-wallet unless `providerName` names one). */
        walletProvider: payoutWalletProviderSchema.optional(),
        /** The holder's name as the bank or wallet has it. */
        accountName: plainTextSchema({ min: 2, max: 80 }),
        /** An e-wallet's number: a Bangladeshi mobile number (`01[3-9]` and 8 digits; +88 allowed). */
        accountNumber: z
          .string()
          .trim()
          .min(6, 'at least 6 characters')
          .max(34)
          .regex(/^\+?[A-Za-z0-9 -]+$/, 'letters, digits, spaces and -'),
        paymentPassword: z.string().min(1, 'Required').max(64),
      })
      .superRefine((body, context) => {
        if (body.kind === 'bank') {
          if (!body.providerName)
            context.addIssue({ code: 'custom', path: ['providerName'], message: 'Required' });
          return;
        }
        if (!(body.walletProvider ?? walletProviderOfName(body.providerName))) {
          context.addIssue({ code: 'custom', path: ['walletProvider'], message: 'Required' });
        }
        if (!bdMobilePattern.test(normalizeWalletNumber(body.accountNumber))) {
          context.addIssue({
            code: 'custom',
            path: ['accountNumber'],
            message: 'a Bangladeshi mobile number: 01, then 3-9, then 8 digits',
          });
        }
      }),
    value: payoutAccountSchema,
  }),
  createWithdrawal: defineCall({
    id: 'withdrawCreate',
    method: 'POST',
    path: '/wps/withdraw/create',
    auth: 'realMember',
    encrypted: true,
    summary: 'Request a withdrawal: the amount is held at once; only the operator can release it',
    tag: 'wallet',
    body: z.object({
      accountId: z.number().int().min(1).max(INT4_MAX),
      amount: amountInputSchema,
      paymentPassword: z.string().min(1, 'Required').max(64),
      requestId: requestIdSchema,
      /** Required while a bonus is being wagered: the withdrawal forfeits it (BONUS_FORFEIT_REQUIRED). */
      forfeitBonus: z.boolean().optional(),
    }),
    value: withdrawalSchema,
  }),
  withdrawHistory: defineCall({
    id: 'withdrawHistory',
    method: 'GET',
    path: '/wps/withdraw/history',
    auth: 'realMember',
    encrypted: false,
    summary: "The member's withdrawals, newest first",
    tag: 'wallet',
    query: z.object({
      status: withdrawalStatusSchema.optional(),
      ...historyPageQuery,
    }),
    value: historyPageOf(withdrawalSchema),
  }),
  confirmWithdrawal: defineCall({
    id: 'withdrawConfirm',
    method: 'POST',
    path: '/wps/withdraw/confirm',
    auth: 'realMember',
    encrypted: false,
    summary: 'Say whether a disbursed withdrawal arrived: in full, partly (how much), or not (with proof)',
    tag: 'wallet',
    body: z
      .object({
        withdrawalId: z.number().int().min(1).max(INT4_MAX),
        receipt: z.enum(['full', 'partial', 'none']),
        receivedAmount: amountInputSchema.optional(),
        proof: proofImageSchema.optional(),
      })
      .refine((body) => body.receipt !== 'partial' || body.receivedAmount !== undefined, {
        message: 'Required',
        path: ['receivedAmount'],
      })
      .refine((body) => body.receipt !== 'none' || body.proof !== undefined, {
        message: 'Required',
        path: ['proof'],
      }),
    value: withdrawalSchema,
  }),
  operatorWithdrawals: defineCall({
    id: 'operatorWithdrawals',
    method: 'GET',
    path: '/api/operator/withdrawals',
    auth: 'operator',
    encrypted: false,
    summary: 'Withdrawals to handle, oldest first (pending to decide, disputed to resolve)',
    tag: 'operator',
    query: z.object({
      status: withdrawalStatusSchema.default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.array(
      withdrawalSchema.extend({
        username: z.string(),
        /** The full account number, for paying it out. */
        fullAccountNumber: z.string(),
        hasProof: z.boolean(),
        /** Who approved it (before paying it out), when someone did. */
        approvedBy: z.string().nullable(),
        /** The operator's payout proof (sent with the disbursement). */
        hasPayoutProof: z.boolean(),
        /** A payout by a provider's API: its transaction id (bKash trxID). */
        payoutReference: z.string().nullable(),
        /** The newest payout attempt by a provider's API, if any. */
        payoutAttempt: payoutAttemptSchema.nullable(),
        /** The provider APIs it can be sent by now (approved, nothing open, a wallet the brand pays by API). */
        payoutMethods: z.array(payoutMethodSchema),
      }),
    ),
  }),
  operatorDecideWithdrawal: defineCall({
    id: 'operatorWithdrawalDecide',
    method: 'POST',
    path: '/api/operator/withdrawal/decide',
    auth: 'operator',
    encrypted: false,
    summary:
      'Approve a pending withdrawal (it stays pending until paid), reject it (the hold is released) or, once approved, mark it disbursed (paid out, with an optional proof image)',
    tag: 'operator',
    body: z
      .object({
        withdrawalId: z.number().int().min(1).max(INT4_MAX),
        decision: z.enum(['approve', 'reject', 'disburse']),
        reason: z.string().trim().max(200).optional(),
        /** With a disbursement: the payout's proof (a screenshot of the transfer). */
        proof: proofImageSchema.optional(),
      })
      .refine((body) => body.decision !== 'reject' || (body.reason ?? '').length >= 3, {
        message: 'a rejection needs a reason (3+ characters)',
        path: ['reason'],
      }),
    value: withdrawalSchema,
  }),
  operatorSendWithdrawal: defineCall({
    id: 'operatorWithdrawalSend',
    method: 'POST',
    path: '/api/operator/withdrawal/send',
    auth: 'operator',
    encrypted: false,
    summary:
      "Pay out an approved withdrawal by the provider's disbursement API (bKash B2C): the attempt is recorded first, then sent; paid, failed (nothing moved) or uncertain (held until another operator resolves it)",
    tag: 'operator',
    body: z.object({
      withdrawalId: z.number().int().min(1).max(INT4_MAX),
      method: payoutMethodSchema,
    }),
    value: payoutAnswerSchema,
  }),
  operatorResolveWithdrawalPayout: defineCall({
    id: 'operatorWithdrawalPayoutResolve',
    method: 'POST',
    path: '/api/operator/withdrawal/payout/resolve',
    auth: 'operator',
    encrypted: false,
    summary:
      "Resolve an uncertain payout attempt after checking the provider's portal: paid (with its transaction id, checked with the provider) or not paid; another operator than the sender",
    tag: 'operator',
    body: z
      .object({
        attemptId: z.number().int().min(1).max(INT4_MAX),
        outcome: z.enum(['paid', 'not_paid']),
        /** With `paid`: bKash's TrxID of the payout (10 letters and digits). */
        transactionId: z
          .string()
          .max(20)
          .transform(normalizeTrxId)
          .pipe(z.string().regex(trxIdPatterns.bkash, 'a bKash TrxID: 10 letters and digits'))
          .optional(),
        /** What was checked (the portal's record), for the audit trail. */
        note: z.string().trim().min(3, 'at least 3 characters').max(200),
      })
      .refine((body) => body.outcome !== 'paid' || body.transactionId !== undefined, {
        message: 'Required',
        path: ['transactionId'],
      }),
    value: payoutAnswerSchema,
  }),
  operatorResolveWithdrawal: defineCall({
    id: 'operatorWithdrawalResolve',
    method: 'POST',
    path: '/api/operator/withdrawal/resolve',
    auth: 'operator',
    encrypted: false,
    summary: 'Close a disputed withdrawal: refund what did not arrive (or nothing), with a reason',
    tag: 'operator',
    body: z.object({
      withdrawalId: z.number().int().min(1).max(INT4_MAX),
      /** Major units back to the main wallet; "0" when the payment did arrive. */
      refund: amountInputSchema,
      reason: z.string().trim().min(3, 'at least 3 characters').max(200),
    }),
    value: withdrawalSchema,
  }),
  operatorWithdrawalProof: defineCall({
    id: 'operatorWithdrawalProof',
    method: 'GET',
    path: '/api/operator/withdrawal/proof',
    auth: 'operator',
    encrypted: false,
    summary:
      'The proof image a member sent with a "not received" answer, or the payout proof sent with the disbursement',
    tag: 'operator',
    query: z.object({
      withdrawalId: z.coerce.number().int().min(1).max(INT4_MAX),
      kind: z.enum(['receipt', 'payout']).default('receipt'),
    }),
    value: proofImageSchema,
  }),
};
