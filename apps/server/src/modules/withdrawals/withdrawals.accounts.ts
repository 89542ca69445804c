import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  normalizeWalletNumber,
  walletProviderNames,
  walletProviderOfName,
  type PayoutAccount,
  type PayoutWalletProvider,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { checkPaymentPassword } from '../accounts/member.service.ts';
import { payoutAccounts } from './withdrawals.tables.ts';

/** The member's payout accounts (where withdrawals are paid), shown masked. */

export type AccountRow = typeof payoutAccounts.$inferSelect;

/** Bound accounts a member may keep at once. */
const maxPayoutAccounts = 5;

function maskNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${visible}`;
}

export function toAccount(row: AccountRow): PayoutAccount {
  return {
    accountId: row.id,
    kind: row.kind,
    providerName: row.providerName,
    walletProvider: row.walletProvider,
    accountName: row.accountName,
    accountNumber: maskNumber(row.accountNumber),
  };
}

export async function accountsById(db: Database, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(sql`${payoutAccounts.id} in ${[...new Set(ids)]}`);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listPayoutAccounts(db: Database, memberId: number): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)))
    .orderBy(asc(payoutAccounts.id));
  return rows.map(toAccount);
}

export async function bindPayoutAccount(
  db: Database,
  options: {
    memberId: number;
    /** The caller's address (request.ip), for the password hashing admission. */
    address: string;
    body: {
      kind: 'bank' | 'ewallet';
      providerName?: string | undefined;
      walletProvider?: PayoutWalletProvider | undefined;
      accountName: string;
      accountNumber: string;
      paymentPassword: string;
    };
  },
): Promise<PayoutAccount> {
  const { memberId, body, address } = options;
  await checkPaymentPassword(db, { memberId, password: body.paymentPassword, address });
  // An e-wallet is one of the listed providers, its number a Bangladeshi mobile (the contract
  // checked both; a name such as "Bkash" reads as its provider), spelled as the provider spells it.
  const walletProvider =
    body.kind === 'ewallet' ? (body.walletProvider ?? walletProviderOfName(body.providerName)) : null;
  if (body.kind === 'ewallet' && walletProvider === null) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'walletProvider', reason: 'Required' }] });
  }
  const providerName = walletProvider ? walletProviderNames[walletProvider] : (body.providerName ?? '');
  const accountNumber =
    body.kind === 'ewallet'
      ? normalizeWalletNumber(body.accountNumber)
      : body.accountNumber.replace(/[\s-]+/g, '');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${memberId}`}))`);
    const active = await tx
      .select({
        id: payoutAccounts.id,
        kind: payoutAccounts.kind,
        accountNumber: payoutAccounts.accountNumber,
      })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)));
    if (active.some((row) => row.kind === body.kind && row.accountNumber === accountNumber)) {
      throw new AppError('CONFLICT', { issues: [{ field: 'accountNumber', reason: 'already bound' }] });
    }
    if (active.length >= maxPayoutAccounts) {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'accountNumber', reason: `at most ${maxPayoutAccounts}` }],
      });
    }
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        memberId,
        kind: body.kind,
        providerName,
        walletProvider,
        accountName: body.accountName,
        accountNumber,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    return toAccount(row);
  });
}
