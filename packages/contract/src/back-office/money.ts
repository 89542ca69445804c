import { z } from 'zod';
import { defineCall } from '../define.ts';
import { approveOrRejectFields, rejectionNeedsReason } from '../deposits.ts';
import { requiredText } from '../accounts/fields.ts';
import { fourEyesDecisionFields } from '../four-eyes.ts';
import { INT4_MAX } from '../input-rules.ts';
import { decimalAmountSchema, vendorTransferSchema } from '../wallet.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's money calls (issue 15, item 4): manual adjustments above the four-eyes
 * threshold wait for a second operator; the ledger browser (accounts, entries, postings); the
 * verifier's last result; settling a vendor transfer that is still pending after asking the vendor.
 *
 * Amounts cross as decimal strings in major units (docs/design.md, Money), like every money call.
 */

const idSchema = z.coerce.number().int().min(1).max(INT4_MAX);

export const adjustmentStatuses = ['pending', 'approved', 'rejected'] as const;
export const adjustmentStatusSchema = z.enum(adjustmentStatuses);

export const adjustmentRequestSchema = z.object({
  adjustmentId: z.number().int(),
  username: z.string(),
  /** Signed major units: positive credits the main wallet, negative debits it. */
  amount: decimalAmountSchema,
  currency: z.string(),
  reason: z.string(),
  status: adjustmentStatusSchema,
  ...fourEyesDecisionFields,
  /** The journal entry an approval posted. */
  entryId: z.number().int().nullable(),
  /**
   * Below the threshold yet waiting for a second operator: the daily limits it would pass (issue
   * 35). Null when it waits for its size, or posted at once.
   */
  heldBecause: z.string().nullable().optional(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

export const ledgerAccountViewSchema = z.object({
  accountId: z.number().int(),
  address: z.string(),
  kind: z.string(),
  /** The member who owns it (member wallets), with their account name. */
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  currency: z.string(),
  /** Cached for member wallets, derived from the postings for system accounts. */
  balance: decimalAmountSchema,
  createdAt: z.number(),
});

export const ledgerPostingViewSchema = z.object({
  postingId: z.number().int(),
  address: z.string(),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** The member wallet's running balance after this posting (null for system accounts). */
  balanceAfter: decimalAmountSchema.nullable(),
});

export const ledgerEntryViewSchema = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  idempotencyKey: z.string(),
  createdAt: z.number(),
  reversesEntryId: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  postings: z.array(ledgerPostingViewSchema),
});

export const ledgerAccountLineSchema = z.object({
  entryId: z.number().int(),
  postingId: z.number().int(),
  kind: z.string(),
  createdAt: z.number(),
  amount: decimalAmountSchema,
  balanceAfter: decimalAmountSchema.nullable(),
});

export const ledgerVerificationSchema = z.object({
  /** ms since epoch of the run; null when the verifier never ran. */
  at: z.number().nullable(),
  ok: z.boolean().nullable(),
  /** How long the run took. */
  tookMs: z.number().int().nullable(),
  checks: z.array(
    z.object({ name: z.string(), description: z.string(), ok: z.boolean(), problems: z.array(z.string()) }),
  ),
});

/**
 * A pattern the insider controls flag for a second look (issue 35): an operator's many adjustments
 * just under the four-eyes threshold, a member who asked for a withdrawal soon after an operator
 * credited them, an operator's second step locked after wrong codes.
 */
export const insiderAlertSchema = z.object({
  kind: z.enum(['nearThreshold', 'adjustThenWithdraw', 'secondStepLocked']),
  /** When it happened (the latest event of the pattern). */
  at: z.number(),
  /** The operator concerned (`account`), or null. */
  operator: z.string().nullable(),
  /** The member concerned, or null. */
  username: z.string().nullable(),
  /** How many events make the pattern (adjustments just under the threshold; wrong codes). */
  count: z.number().int(),
  /** The sum (adjustments) or the withdrawal's amount, major units; null when none. */
  amount: decimalAmountSchema.nullable(),
  /** The adjustment and withdrawal ids (adjust-then-withdraw), for the queues. */
  adjustmentId: z.number().int().nullable(),
  withdrawalId: z.number().int().nullable(),
});
export type InsiderAlert = z.infer<typeof insiderAlertSchema>;

/** A member's manual rebate claim (issue 39, docs/promotions.md) as the back office lists it. */
export const rebateClaimRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  claimedAt: z.number(),
  /** The rounds it counted were settled in [from, to), ms since epoch. */
  from: z.number(),
  to: z.number(),
  amount: decimalAmountSchema,
  /** The journal entry that paid it. */
  entryId: z.number().int().nullable(),
});
export type RebateClaimRow = z.infer<typeof rebateClaimRowSchema>;

/** The back office's money calls (issue 15). */
export const moneyAdminCalls = {
  operatorRebateClaims: defineCall({
    id: 'operatorRebateClaims',
    method: 'GET',
    path: '/api/operator/promotion/rebate-claims',
    auth: 'operator',
    encrypted: false,
    summary: 'Manual rebate claims of the last days, newest first (at most 200), with their count and sum',
    tag: 'operator',
    query: z.object({
      days: z.coerce.number().int().min(1).max(90).default(7),
      username: z.string().trim().min(1).max(64).optional(),
    }),
    value: z.object({
      items: z.array(rebateClaimRowSchema),
      count: z.number().int(),
      total: decimalAmountSchema,
    }),
  }),
  operatorInsiderAlerts: defineCall({
    id: 'operatorInsiderAlerts',
    method: 'GET',
    path: '/api/operator/money/alerts',
    auth: 'operator',
    encrypted: false,
    summary:
      'Patterns for a second look: adjustments just under the threshold, adjust-then-withdraw, operators whose second step locked',
    tag: 'operator',
    query: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }),
    value: z.object({ items: z.array(insiderAlertSchema) }),
  }),
  operatorAdjustments: defineCall({
    id: 'operatorAdjustments',
    method: 'GET',
    path: '/api/operator/adjustments',
    auth: 'operator',
    encrypted: false,
    summary: 'Manual adjustment requests above the four-eyes threshold: pending (oldest first) or decided',
    tag: 'operator',
    query: z.object({
      status: adjustmentStatusSchema.default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.object({
      /** Adjustments of this size or more (either sign) wait for a second operator. */
      threshold: decimalAmountSchema,
      items: z.array(adjustmentRequestSchema),
    }),
  }),
  operatorAdjustmentDecide: defineCall({
    id: 'operatorAdjustmentDecide',
    method: 'POST',
    path: '/api/operator/adjustment/decide',
    auth: 'operator',
    encrypted: false,
    summary: 'A second operator approves (the entry is posted once) or rejects (with a reason) an adjustment',
    tag: 'operator',
    body: z
      .object({ adjustmentId: z.number().int().min(1).max(INT4_MAX), ...approveOrRejectFields })
      .refine(...rejectionNeedsReason),
    value: adjustmentRequestSchema,
  }),
  operatorLedgerAccounts: defineCall({
    id: 'operatorLedgerAccounts',
    method: 'GET',
    path: '/api/operator/ledger/accounts',
    auth: 'operator',
    encrypted: false,
    summary: "Ledger accounts whose address contains q, or a member's accounts (q = their account name)",
    tag: 'operator',
    query: z.object({
      q: requiredText(100),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    value: z.array(ledgerAccountViewSchema),
  }),
  operatorLedgerEntries: defineCall({
    id: 'operatorLedgerEntries',
    method: 'GET',
    path: '/api/operator/ledger/entries',
    auth: 'operator',
    encrypted: false,
    summary: "An account's postings, newest first, a page at a time",
    tag: 'operator',
    query: z.object({
      address: requiredText(200),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.object({
      account: ledgerAccountViewSchema,
      items: z.array(ledgerAccountLineSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  }),
  operatorLedgerEntry: defineCall({
    id: 'operatorLedgerEntry',
    method: 'GET',
    path: '/api/operator/ledger/entry',
    auth: 'operator',
    encrypted: false,
    summary: 'One journal entry: its postings and metadata',
    tag: 'operator',
    query: z.object({ entryId: idSchema }),
    value: ledgerEntryViewSchema,
  }),
  operatorLedgerVerification: defineCall({
    id: 'operatorLedgerVerification',
    method: 'GET',
    path: '/api/operator/ledger/verification',
    auth: 'operator',
    encrypted: false,
    summary: "The ledger verifier's last result (the job runs it hourly)",
    tag: 'operator',
    value: ledgerVerificationSchema,
  }),
  operatorLedgerVerify: defineCall({
    id: 'operatorLedgerVerify',
    method: 'POST',
    path: '/api/operator/ledger/verify',
    auth: 'operator',
    encrypted: false,
    summary: 'Runs the ledger verifier now (read-only checks) and stores its result',
    tag: 'operator',
    body: z.object({}),
    value: ledgerVerificationSchema,
  }),
  operatorVendorTransferSettle: defineCall({
    id: 'operatorVendorTransferSettle',
    method: 'POST',
    path: '/api/operator/vendor-transfer/settle',
    auth: 'operator',
    encrypted: false,
    summary:
      'Asks the vendor about a pending transfer and books its answer (done, or refunded when refused); still pending when the vendor gives none',
    tag: 'operator',
    body: z.object({
      transferId: requiredText(100),
      reason: z.string().trim().min(3, 'at least 3 characters').max(200),
    }),
    value: vendorTransferSchema,
  }),
};

/** The permission each of these calls needs (call-permissions.ts). */
export const moneyAdminCallPermissions: Record<keyof typeof moneyAdminCalls, OperatorPermission> = {
  operatorRebateClaims: 'money.read',
  operatorAdjustments: 'money.read',
  operatorAdjustmentDecide: 'money.adjust.approve',
  operatorLedgerAccounts: 'ledger.read',
  operatorLedgerEntries: 'ledger.read',
  operatorLedgerEntry: 'ledger.read',
  operatorLedgerVerification: 'ledger.read',
  operatorLedgerVerify: 'ledger.read',
  operatorVendorTransferSettle: 'money.vendorTransfers',
  // The owner's and risk's look at insiders (finance, the roles it watches, does not see it).
  operatorInsiderAlerts: 'audit.read',
};
