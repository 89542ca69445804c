import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberInfo } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { memberHashing, type AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { isPasswordExpired } from './login.service.ts';
import { verifyPassword } from './password-hash.ts';
import type { MemberRow } from './members.repository.ts';
import { checkWithStrikes } from './secret-strikes.ts';

/** +8801712345678 → +880******5678: enough to recognise, not to harvest. */
export function maskMobile(mobile: string | null, dialingCode: string | null): string | null {
  if (!mobile) return null;
  const prefix = dialingCode ?? mobile.slice(0, 4);
  const rest = mobile.slice(prefix.length);
  return `${prefix}${'*'.repeat(Math.max(0, rest.length - 4))}${rest.slice(-4)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

/**
 * The member's club label (VIP rank, docs/vip.md), from the vip module that app.ts hands in (accounts
 * imports none of the modules built on it). Without one (an app built without ranks) every member
 * is at level 0.
 */
export type ClubLabelSource = (args: {
  db: AccountsContext['db'];
  member: { memberId: number; type: number };
}) => Promise<MemberInfo['clubLabel']>;

export async function getMemberInfo({
  context,
  memberId,
  clubLabel,
}: {
  context: AccountsContext;
  memberId: number;
  clubLabel?: ClubLabelSource | undefined;
}): Promise<MemberInfo> {
  const upline = alias(members, 'upline');
  const [row] = await context.db
    .select({ member: members, uplineAccount: upline.account })
    .from(members)
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(eq(members.id, memberId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  const member: MemberRow = row.member;
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    isAgent: member.type,
    toUpline: row.uplineAccount,
    clubLabel: clubLabel
      ? await clubLabel({ db: context.db, member: { memberId: member.id, type: member.type } })
      : { labelName: 'VIP0', rankLevel: 0 },
    memberLabel: member.memberLabels,
    lastLoginAt: member.previousLoginAt?.getTime() ?? null,
    mobileNum: maskMobile(member.mobile, member.countryDialingCode),
    email: maskEmail(member.email),
    affiliateCode: member.affiliateCode,
    twoFactorEnabled: member.totpSecret !== null,
    hasPaymentPassword: member.paymentPasswordHash !== null,
    demoFunds: member.demoFunds,
    passwordExpired: isPasswordExpired(context, member),
    firstTimeLogin: member.firstLoginDoneAt === null,
    paymentPasswordSetupRequired: member.mustSetPaymentPassword,
  };
}

export async function markFirstLoginDone({
  context,
  memberId,
}: {
  context: AccountsContext;
  memberId: number;
}) {
  await context.db
    .update(members)
    .set({ firstLoginDoneAt: sql`coalesce(${members.firstLoginDoneAt}, now())` })
    .where(eq(members.id, memberId));
}

const avatarColours = ['#d7bb49', '#4598fe', '#2fb380', '#e0685a', '#8e6ee6', '#f29a38'];

/**
 * The avatar as a self-contained SVG data URL: the initial on a colour chosen by the account id,
 * so every account has a stable picture without an image store.
 */
export function avatarOf({ id, account }: { id: number; account: string }): string {
  const initial = (account[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/, '?');
  const colour = avatarColours[id % avatarColours.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${colour}"/><text x="48" y="62" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The member a wallet operation names, by account (case-insensitive): players, agents and trial
 * accounts; never an operator (the back office has no wallet).
 */
export async function findWalletOwner(
  db: AccountsContext['db'],
  account: string,
): Promise<{ id: number; account: string; type: number } | null> {
  const [row] = await db
    .select({ id: members.id, account: members.account, type: members.type, role: members.role })
    .from(members)
    .where(sql`lower(${members.account}) = lower(${account})`);
  if (!row || row.role !== 'player') return null;
  return { id: row.id, account: row.account, type: row.type };
}

/**
 * Checks the payment password of a money call (scrypt, constant-time compare). No payment password
 * yet: PAYMENT_PASSWORD_NOT_SET; a wrong one: WRONG_PASSWORD naming the field, with
 * `value.attemptsLeft`; the fifth wrong one in a row, and every try after it until the lock ends:
 * PAYMENT_PASSWORD_LOCKED with `value.lockedUntil` (every route that asks for it shares the count).
 * `address` is the caller's (request.ip), for the hashing queue's admission.
 */
export async function checkPaymentPassword(
  db: AccountsContext['db'],
  { memberId, password, address }: { memberId: number; password: string; address: string },
): Promise<void> {
  const [row] = await db
    .select({ hash: members.paymentPasswordHash })
    .from(members)
    .where(eq(members.id, memberId));
  const hash = row?.hash;
  if (!hash) {
    throw new AppError('PAYMENT_PASSWORD_NOT_SET', {
      issues: [{ field: 'paymentPassword', reason: 'not set' }],
    });
  }
  const outcome = await checkWithStrikes({
    db,
    secret: 'paymentPassword',
    memberId,
    check: () => verifyPassword(password, hash, memberHashing({ ip: address }, memberId)),
  });
  switch (outcome.result) {
    case 'right':
      return;
    case 'wrong':
      throw new AppError('WRONG_PASSWORD', {
        issues: [{ field: 'paymentPassword', reason: 'wrong password' }],
        value: { attemptsLeft: outcome.attemptsLeft },
      });
    case 'locked':
      throw new AppError('PAYMENT_PASSWORD_LOCKED', {
        issues: [{ field: 'paymentPassword', reason: 'locked' }],
        value: { lockedUntil: outcome.lockedUntil.getTime() },
      });
  }
}

export interface WalletParty {
  id: number;
  account: string;
  type: number;
}

/** The member's direct upline (an agent), or null for a member without one. */
export async function findUplineOf(db: AccountsContext['db'], memberId: number): Promise<WalletParty | null> {
  const upline = alias(members, 'upline');
  const [row] = await db
    .select({ id: upline.id, account: upline.account, type: upline.type, status: upline.status })
    .from(members)
    .innerJoin(upline, eq(upline.id, members.uplineId))
    .where(eq(members.id, memberId));
  if (!row || row.status !== 'active') return null;
  return { id: row.id, account: row.account, type: row.type };
}

/**
 * A member of the agent's downline tree (direct or deeper) by account, or null when the account
 * does not exist or is outside the tree: an agent reaches only their own subtree.
 */
export async function findDownlineOf(
  db: AccountsContext['db'],
  { agentId, account }: { agentId: number; account: string },
): Promise<WalletParty | null> {
  const target = await findWalletOwner(db, account);
  if (!target || target.id === agentId) return null;
  // Walk up from the target (a short chain) rather than down from the agent (a large tree).
  const result = await db.execute(sql`
    with recursive chain(id, upline_id, depth) as (
      select id, upline_id, 0 from members where id = ${target.id}
      union all
      select m.id, m.upline_id, c.depth + 1 from members m join chain c on m.id = c.upline_id
      where c.depth < 64
    )
    select 'yes' as found from chain where upline_id = ${agentId} limit 1`);
  const rows = (result as unknown as { rows: { found: string }[] }).rows;
  return rows.length > 0 ? target : null;
}

/** Account names by member id (for lists that show who, such as the operator's review queues). */
export async function accountNamesOf(
  db: AccountsContext['db'],
  memberIds: readonly number[],
): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, account: members.account })
    .from(members)
    .where(inArray(members.id, [...memberIds]));
  return new Map(rows.map((row) => [row.id, row.account]));
}

/** Whether the member has set a payment password (money calls need one). */
export async function hasPaymentPassword(db: AccountsContext['db'], memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ hash: members.paymentPasswordHash })
    .from(members)
    .where(eq(members.id, memberId));
  return Boolean(row?.hash);
}

/** Who a member is to another party (a game vendor's player name) and whether the account may play. */
export async function findMemberStanding(
  db: AccountsContext['db'],
  memberId: number,
): Promise<{ account: string; nickname: string; status: MemberRow['status'] } | null> {
  const [row] = await db
    .select({ account: members.account, nickname: members.nickname, status: members.status })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}
