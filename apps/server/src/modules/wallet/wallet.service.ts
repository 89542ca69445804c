import type { AccountRecordLine, BalanceValue, RecordKind, WalletKind } from '@khela/contract';
import { accountTypes } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  checkPaymentPassword,
  findDownlineOf,
  findUplineOf,
  findWalletOwner,
  type WalletParty,
} from '../accounts/member.service.ts';
import { parseAmountField, parseAmountInRange } from '../ledger/ledger.errors.ts';
import {
  getOrOpenMemberWallet,
  openAccount,
  listAccountsOfMembers,
  listEntries,
  listMemberAccounts,
  type LedgerAccount,
  openSystemAccounts,
  postEntry,
} from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import { clearingAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from './wallet.events.ts';
import { walletAudit } from './wallet.tables.ts';
import type { OperatorChange } from '../audit/audit.service.ts';

/** Records an operator's change inside the transaction that makes it (back-office audit trail). */
export type OperatorAuditHook = (tx: Database, change: OperatorChange) => Promise<void>;

type Money = Pick<SiteSettings, 'currency' | 'currencyPrecision'>;
type TransferSettings = Money & Pick<SiteSettings, 'wallet'>;

/**
 * Wallet kinds that count toward what the member can play with here. Not hold (escrow), nor vendor:
 * a transfer-mode vendor's wallet changes with play at the vendor; the books catch up at each
 * transfer, and GCS_gameWallets reads the live balance.
 */
const spendableKinds: readonly WalletKind[] = ['main', 'bonus', 'trial'];

/**
 * The member's balance (spec 7: value.sumBalance). Read from the wallets' cached balances, which
 * the ledger keeps in step with the postings; wallets not opened yet count as zero (a read opens
 * nothing).
 */
export async function getWalletBalance({
  db,
  money,
  memberId,
  memberType,
}: {
  db: Database;
  money: Money;
  memberId: number;
  memberType: number;
}): Promise<BalanceValue> {
  return balanceOf(await listMemberAccounts(db, { memberId }), money, memberType);
}

/** The balances of several members from one read of their accounts (the back office's search). */
export async function getWalletBalances(
  db: Database,
  money: Money,
  members: readonly { id: number; type: number }[],
): Promise<Map<number, BalanceValue>> {
  const accounts = await listAccountsOfMembers(
    db,
    members.map((member) => member.id),
  );
  return new Map(
    members.map((member) => [member.id, balanceOf(accounts.get(member.id) ?? [], money, member.type)]),
  );
}

function balanceOf(all: readonly LedgerAccount[], money: Money, memberType: number): BalanceValue {
  const accounts = all.filter((account) => account.currency === money.currency);
  let spendable = 0n;
  let held = 0n;
  let gameWallets = 0n;
  const wallets: BalanceValue['wallets'] = [];
  for (const account of accounts) {
    const balance = account.balance ?? 0n;
    const kind = account.kind as WalletKind;
    if (spendableKinds.includes(kind)) spendable += balance;
    if (kind === 'hold') held += balance;
    if (kind === 'vendor') gameWallets += balance;
    wallets.push({
      kind,
      vendor: kind === 'vendor' ? (account.address.split(':')[3] ?? null) : null,
      balance: formatAmount(balance, account.precision),
    });
  }
  return {
    sumBalance: formatAmount(spendable, money.currencyPrecision),
    gameWallets: formatAmount(gameWallets, money.currencyPrecision),
    totalBalance: formatAmount(spendable + gameWallets, money.currencyPrecision),
    held: formatAmount(held, money.currencyPrecision),
    currency: money.currency,
    demo: memberType === accountTypes.trial,
    wallets,
  };
}

function remarkOf(metadata: Record<string, unknown>): string | null {
  return typeof metadata.reason === 'string' ? metadata.reason : null;
}

/** The account record (transactionHistory): every ledger line of the member, newest first. */
export async function listAccountRecord({
  db,
  memberId,
  query,
}: {
  db: Database;
  memberId: number;
  query: { type?: RecordKind; from?: number; to?: number; pageNo: number; pageSize: number };
}) {
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'to', reason: 'must be after from' }],
    });
  }
  const page = await listEntries(db, {
    memberId,
    ...(query.type ? { kinds: [query.type] } : {}),
    ...(query.from !== undefined ? { from: new Date(query.from) } : {}),
    ...(query.to !== undefined ? { to: new Date(query.to) } : {}),
    page: query.pageNo,
    pageSize: query.pageSize,
  });
  const list: AccountRecordLine[] = page.items.map((line) => ({
    entryId: line.entryId,
    type: line.kind,
    time: line.createdAt.getTime(),
    wallet: line.walletKind,
    vendor: line.walletKind === 'vendor' ? (line.address.split(':')[3] ?? null) : null,
    currency: line.currency,
    amount: formatAmount(line.amount, line.precision),
    balanceAfter: formatAmount(line.balanceAfter, line.precision),
    remark: remarkOf(line.metadata),
  }));
  return {
    list,
    total: page.total,
    totalPages: Math.ceil(page.total / page.pageSize),
    pageNo: page.page,
    pageSize: page.pageSize,
  };
}

export interface WalletActor {
  name: string;
  requestId: string;
}

/**
 * Writes the audit line of an operator action on a member's wallet (who, when, what, and the
 * balance before and after, in minor units). Call it inside the transaction of the movement.
 */
export async function recordWalletAudit(
  db: Database,
  options: {
    actor: WalletActor;
    action: string;
    memberId: number;
    entryId: number;
    currency: string;
    /** Signed: what the movement changed the wallet by. */
    amount: bigint;
    /** The wallet's balance right after the movement. */
    after: bigint;
    reason: string;
  },
): Promise<void> {
  await db.insert(walletAudit).values({
    actor: options.actor.name,
    action: options.action,
    memberId: options.memberId,
    entryId: options.entryId,
    currency: options.currency,
    amount: options.amount,
    before: options.after - options.amount,
    after: options.after,
    reason: options.reason,
    requestId: options.actor.requestId,
  });
}

/**
 * An operator's credit or debit of a member's main wallet, with a reason. One journal entry
 * against the platform account, audited in the same transaction; the idempotency key makes a
 * replay return the first result (and write no second audit line). A debit below zero is refused
 * (INSUFFICIENT_FUNDS) and moves nothing. Trial accounts play with demo funds only: refused.
 */
export async function adjustWallet({
  db,
  money,
  actor,
  body,
  audit,
}: {
  db: Database;
  money: Money;
  actor: WalletActor;
  body: { username: string; amount: string; reason: string; idempotencyKey: string };
  /** Records the operator's change (before/after) in the same transaction (back-office audit). */
  audit?: OperatorAuditHook;
}) {
  const amount = parseAmountField(body.amount, {
    field: 'amount',
    precision: money.currencyPrecision,
    allowNegative: true,
  });
  const owner = await findWalletOwner(db, body.username);
  if (!owner) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'no such member' }] });
  }
  if (owner.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
  const result = await db.transaction(async (tx) => {
    const wallet = await getOrOpenMemberWallet(tx, {
      memberId: owner.id,
      kind: 'main',
      currency: money.currency,
      precision: money.currencyPrecision,
    });
    await openSystemAccounts(tx, { currency: money.currency, precision: money.currencyPrecision });
    const posted = await postEntry(tx, {
      kind: 'adjustment',
      idempotencyKey: `operator-adjust:${body.idempotencyKey}`,
      postings: [
        { address: wallet.address, amount },
        { address: systemAddress('platform', money.currency), amount: -amount },
      ],
      metadata: { reason: body.reason, operator: actor.name },
      request: { memberId: owner.id },
    });
    const after = posted.postings.find((posting) => posting.address === wallet.address)?.balanceAfter ?? 0n;
    if (!posted.replayed) {
      await recordWalletAudit(tx, {
        actor,
        action: amount > 0n ? 'credit' : 'debit',
        memberId: owner.id,
        entryId: posted.entryId,
        currency: money.currency,
        amount,
        after,
        reason: body.reason,
      });
      await audit?.(tx, {
        targetKind: 'member',
        targetId: owner.id,
        before: { username: body.username, main: formatAmount(after - amount, money.currencyPrecision) },
        after: {
          username: body.username,
          main: formatAmount(after, money.currencyPrecision),
          amount: formatAmount(amount, money.currencyPrecision),
          entryId: posted.entryId,
        },
        reason: body.reason,
      });
    }
    return {
      status: 'posted' as const,
      entryId: posted.entryId,
      adjustmentId: null,
      replayed: posted.replayed,
      balance: formatAmount(after, money.currencyPrecision),
      currency: money.currency,
    };
  });
  walletChanged(db, owner.id);
  return result;
}

export interface TransferRequest {
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/**
 * Moves money from one member's main wallet to another's: one journal entry, both sides at once,
 * guarded so the sender never goes below zero (INSUFFICIENT_FUNDS, nothing moved). The amount must
 * lie within the brand's transfer limits; the sender's payment password is checked first. The
 * request id makes a retry move the money once.
 */
async function transferBetweenMembers({
  db,
  settings,
  from,
  to,
  body,
  address,
}: {
  db: Database;
  settings: TransferSettings;
  from: WalletParty;
  to: WalletParty;
  body: TransferRequest;
  /** The caller's address (request.ip), for the password hashing admission. */
  address: string;
}) {
  const precision = settings.currencyPrecision;
  const amount = parseAmountInRange(body.amount, {
    field: 'amount',
    precision,
    min: parseAmount(settings.wallet.transferMin, { precision, allowZero: true }),
    max: parseAmount(settings.wallet.transferMax, { precision }),
  });
  if (to.type === accountTypes.trial) throw new AppError('TRIAL_ACCOUNT');
  await checkPaymentPassword(db, { memberId: from.id, password: body.paymentPassword, address });
  const open = (memberId: number) =>
    getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: settings.currency, precision });
  const [source, target] = [await open(from.id), await open(to.id)];
  const posted = await postEntry(db, {
    kind: 'transfer',
    idempotencyKey: `transfer:${from.id}:${body.requestId}`,
    postings: [
      { address: source.address, amount: -amount },
      { address: target.address, amount },
    ],
    metadata: { from: from.account, to: to.account },
    request: { to: to.id },
  });
  const balance = posted.postings.find((posting) => posting.address === source.address)?.balanceAfter ?? 0n;
  walletChanged(db, from.id, to.id);
  return {
    entryId: posted.entryId,
    replayed: posted.replayed,
    balance: formatAmount(balance, precision),
    currency: settings.currency,
    to: to.account,
  };
}

/** transferUpline (spec 2): a member sends money to their own upline agent. */
export async function transferToUpline({
  db,
  settings,
  member,
  body,
  address,
}: {
  db: Database;
  settings: TransferSettings;
  member: WalletParty;
  body: TransferRequest;
  address: string;
}) {
  const upline = await findUplineOf(db, member.id);
  if (!upline) throw new AppError('NOT_FOUND', { issues: [{ field: 'upline', reason: 'no upline' }] });
  return transferBetweenMembers({ db, settings, from: member, to: upline, body, address });
}

/** An agent sends money to a member of their own downline tree (spec 6). */
export async function transferToDownline({
  db,
  settings,
  agent,
  body,
  address,
}: {
  db: Database;
  settings: TransferSettings;
  agent: WalletParty;
  body: TransferRequest & { username: string };
  address: string;
}) {
  const downline = await findDownlineOf(db, { agentId: agent.id, account: body.username });
  // Outside the tree and non-existent answer alike: an agent learns nothing of other trees.
  if (!downline)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'username', reason: 'not in your team' }] });
  return transferBetweenMembers({ db, settings, from: agent, to: downline, body, address });
}

/**
 * A new trial account's demo funds (spec 6: free play): credited to its `trial` wallet from the
 * `clearing:demo` account, so play money never mixes with real money in the books and is never
 * withdrawable or transferable (those calls refuse trial accounts). Once per account.
 */
export async function grantDemoFunds({
  db,
  settings,
  memberId,
}: {
  db: Database;
  settings: Money & Pick<SiteSettings, 'wallet'>;
  memberId: number;
}): Promise<void> {
  const precision = settings.currencyPrecision;
  const amount = parseAmount(settings.wallet.freePlayDemoFunds, { precision, allowZero: true });
  if (amount === 0n) return;
  const source = clearingAddress('demo', settings.currency);
  await openAccount(db, { address: source, currency: settings.currency, precision });
  const wallet = await getOrOpenMemberWallet(db, {
    memberId,
    kind: 'trial',
    currency: settings.currency,
    precision,
  });
  await postEntry(db, {
    kind: 'bonus',
    idempotencyKey: `demo-funds:${memberId}`,
    postings: [
      { address: source, amount: -amount },
      { address: wallet.address, amount },
    ],
    metadata: { reason: 'free play demo funds' },
  });
  walletChanged(db, memberId);
}
