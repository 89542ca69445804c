/**
 * Money for the reports' tests, moved through the ledger's posting path in the shapes the owning
 * modules post (vendor_money_call's bet, win and rollback; the deposit's credit; the withdrawal's
 * hold, payout and refund; an operator's promotional adjustment). The orders and withdrawals rows
 * are written straight into their tables (their own flows have their own tests) so that a test
 * chooses when they were decided or paid out.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { clearingAddress, memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import {
  getOrOpenMemberWallet,
  openAccount,
  openSystemAccounts,
  postEntry,
  reverseEntry,
  rowsOf,
} from '../ledger/ledger.service.ts';
import { depositOrders } from '../deposits/deposits.tables.ts';
import { games } from '../games/games.tables.ts';
import { withdrawals } from '../withdrawals/withdrawals.tables.ts';

export const CURRENCY = 'BDT';
export const VENDOR = 'RPTV';
let keys = 0;
const key = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++keys}`;

/** A catalogue game of the test vendor; its node id. */
export async function reportGame(db: Database, gameCode: string, gameType = 'SLOT'): Promise<number> {
  const [row] = await db
    .insert(games)
    .values({
      vassalage: VENDOR,
      vendorCode: VENDOR,
      gameCode,
      gameType,
      names: { en: gameCode },
      minBet: 1n,
    })
    .returning({ nodeId: games.nodeId });
  return row!.nodeId;
}

/** Funds a member's main wallet with a plain (not promotional) operator adjustment. */
export async function fundMember(db: Database, memberId: number, amount: bigint): Promise<void> {
  await openSystemAccounts(db, { currency: CURRENCY });
  await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
  await postEntry(db, {
    kind: 'adjustment',
    idempotencyKey: key('report-fund'),
    postings: [
      { address: systemAddress('platform', CURRENCY), amount: -amount },
      { address: memberWalletAddress(memberId, 'main'), amount },
    ],
    metadata: { reason: 'test funds' },
  });
}

/** A vendor round as vendor_money_call posts it: a bet, then a win when `win` > 0. */
export async function vendorRound(
  db: Database,
  { memberId, gameCode, bet, win = 0n }: { memberId: number; gameCode: string; bet: bigint; win?: bigint },
): Promise<{ roundId: string; betEntryId: number; winEntryId: number | null }> {
  const roundId = key('round');
  const wallet = memberWalletAddress(memberId, 'main');
  const house = systemAddress('house', CURRENCY);
  const placed = await postEntry(db, {
    kind: 'bet',
    idempotencyKey: `vendor:${VENDOR}:${roundId}-bet`,
    postings: [
      { address: wallet, amount: -bet },
      { address: house, amount: bet },
    ],
    metadata: { vendor: VENDOR, roundId, gameCode },
  });
  let winEntryId: number | null = null;
  if (win > 0n) {
    const paid = await postEntry(db, {
      kind: 'win',
      idempotencyKey: `vendor:${VENDOR}:${roundId}-win`,
      postings: [
        { address: house, amount: -win },
        { address: wallet, amount: win },
      ],
      metadata: { vendor: VENDOR, roundId, final: true },
    });
    winEntryId = paid.entryId;
  }
  return { roundId, betEntryId: placed.entryId, winEntryId };
}

/** A vendor's rollback of a bet (kind reversal, the bet's legs reversed). */
export async function rollBack(db: Database, roundId: string, betEntryId: number): Promise<void> {
  await reverseEntry(db, {
    entryId: betEntryId,
    idempotencyKey: `vendor:${VENDOR}:${roundId}-rollback`,
    reason: 'vendor rollback',
    metadata: { vendor: VENDOR, roundId },
  });
}

/** An approved deposit order decided at `decidedAt`, credited as creditDeposit credits it. */
export async function approvedDeposit(
  db: Database,
  {
    memberId,
    amount,
    fee = 0n,
    decidedAt,
  }: { memberId: number; amount: bigint; fee?: bigint; decidedAt: Date },
): Promise<number> {
  const [order] = await db
    .insert(depositOrders)
    .values({
      memberId,
      methodCode: 'TEST',
      kind: 'bank_transfer',
      currency: CURRENCY,
      amount,
      fee,
      status: 'approved',
      requestId: key('report-deposit'),
      requestHash: 'x',
      decidedAt,
    })
    .returning({ id: depositOrders.id });
  const clearing = clearingAddress('TEST', CURRENCY);
  await openAccount(db, { address: clearing, currency: CURRENCY });
  await openSystemAccounts(db, { currency: CURRENCY });
  await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
  await postEntry(db, {
    kind: 'deposit',
    idempotencyKey: `deposit:${order!.id}`,
    postings: [
      { address: clearing, amount: -amount },
      { address: memberWalletAddress(memberId, 'main'), amount: amount - fee },
      ...(fee > 0n ? [{ address: systemAddress('platform', CURRENCY), amount: fee }] : []),
    ],
    metadata: { orderId: order!.id, method: 'TEST' },
  });
  return order!.id;
}

/** A withdrawal requested (held) and paid out at `disbursedAt`, as the withdrawals module posts it. */
export async function paidWithdrawal(
  db: Database,
  { memberId, amount, disbursedAt }: { memberId: number; amount: bigint; disbursedAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(withdrawals)
    .values({
      memberId,
      accountId: 0,
      currency: CURRENCY,
      amount,
      status: 'disbursed',
      requestId: key('report-withdrawal'),
      requestHash: 'x',
      decidedAt: disbursedAt,
      disbursedAt,
    })
    .returning({ id: withdrawals.id });
  const id = row!.id;
  await getOrOpenMemberWallet(db, { memberId, kind: 'hold', currency: CURRENCY });
  const clearing = clearingAddress('payout', CURRENCY);
  await openAccount(db, { address: clearing, currency: CURRENCY });
  await postEntry(db, {
    kind: 'hold',
    idempotencyKey: `withdraw-hold:${id}`,
    postings: [
      { address: memberWalletAddress(memberId, 'main'), amount: -amount },
      { address: memberWalletAddress(memberId, 'hold'), amount },
    ],
    metadata: { withdrawalId: id },
  });
  await postEntry(db, {
    kind: 'withdrawal',
    idempotencyKey: `withdraw-payout:${id}`,
    postings: [
      { address: memberWalletAddress(memberId, 'hold'), amount: -amount },
      { address: clearing, amount },
    ],
    metadata: { withdrawalId: id, operator: 'test' },
  });
  return id;
}

/** The refund that closes a dispute: what did not arrive goes back to the main wallet. */
export async function refundWithdrawal(db: Database, id: number, memberId: number, refund: bigint) {
  await postEntry(db, {
    kind: 'adjustment',
    idempotencyKey: `withdraw-refund:${id}`,
    postings: [
      { address: clearingAddress('payout', CURRENCY), amount: -refund },
      { address: memberWalletAddress(memberId, 'main'), amount: refund },
    ],
    metadata: { withdrawalId: id, reason: 'did not arrive' },
  });
}

/** An operator's promotional credit (a bonus in the reports). */
export async function promotionalCredit(db: Database, memberId: number, amount: bigint): Promise<number> {
  await openSystemAccounts(db, { currency: CURRENCY });
  const posted = await postEntry(db, {
    kind: 'adjustment',
    idempotencyKey: key('report-promo'),
    postings: [
      { address: systemAddress('platform', CURRENCY), amount: -amount },
      { address: memberWalletAddress(memberId, 'main'), amount },
    ],
    metadata: { reason: 'welcome offer', promotional: true },
  });
  return posted.entryId;
}

/**
 * The sums of the postings on members' wallets behind each report figure, straight from the
 * ledger's tables (not the read model): per entry kind and wallet kind, for the given members.
 */
export async function postingSums(db: Database, memberIds: number[]) {
  const rows = rowsOf<{
    kind: string;
    wallet: string;
    promotional: boolean;
    withdrawal: boolean;
    amount: string;
  }>(
    await db.execute(sql`
      select e.kind, a.kind as wallet, coalesce(e.metadata ->> 'promotional' = 'true', false) as promotional,
             (e.metadata ? 'withdrawalId') as withdrawal, sum(p.amount)::text as amount
        from postings p
        join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id
       where a.owner_member_id in (${sql.join(
         memberIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       group by 1, 2, 3, 4`),
  );
  const sum = (match: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(match).reduce((total, row) => total + BigInt(row.amount), 0n);
  return { rows, sum };
}
