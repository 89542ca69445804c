import { eq, sql } from 'drizzle-orm';
import type { FieldIssue } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Env } from '../../config/env.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { loginHashing, scryptOf, type AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { findMemberByAccount, findMemberByMobile } from './members.repository.ts';
import { hashPassword } from './password-hash.ts';
import { registrationIssues } from './register-rules.ts';
import { revokeMemberSessions } from './session.service.ts';
import { normaliseMobile } from '../sms/sms.service.ts';

/**
 * What the agents module asks of accounts (issue 14): an agent opens a downline account, disables
 * or enables one, and registration resolves an affiliate link's code. Accounts owns the members
 * table; the agents module checks that the account is in the caller's team before calling here.
 */

/** What opening a downline account needs of the request. */
export type DownlineContext = Pick<AccountsContext, 'db' | 'settings' | 'scrypt' | 'ip'>;

export function downlineContext(args: {
  db: Database;
  env: Env;
  settings: SiteSettings;
  ip: string;
}): DownlineContext {
  return { db: args.db, settings: args.settings, scrypt: scryptOf(args.env), ip: args.ip };
}

/** The fields an agent fills in for a downline; only their rules of the brand's registration apply. */
const downlineFields = new Set(['username', 'password', 'confirmPassword']);

/**
 * Opens an account directly under `uplineId` (a player, type 0, or an agent type), with the
 * brand's username and password rules as registration checks them (every issue at once), and
 * USERNAME_TAKEN for a name in use (any case).
 */
export async function openDownlineAccount({
  context,
  uplineId,
  body,
  type,
}: {
  context: DownlineContext;
  uplineId: number;
  body: {
    username: string;
    password: string;
    confirmPassword: string;
    nickname?: string | undefined;
    mobileNum?: string | undefined;
    countryDialingCode?: string | undefined;
  };
  type: number;
}): Promise<{ id: number; account: string }> {
  const { db } = context;
  const username = body.username.trim();
  const { issues } = registrationIssues({
    settings: context.settings,
    body: { username, password: body.password, confirmPassword: body.confirmPassword },
    kind: 'username',
  });
  const ours: FieldIssue[] = issues.filter((issue) => downlineFields.has(issue.field));
  let mobile: string | null = null;
  if (body.mobileNum?.trim()) {
    try {
      mobile = normaliseMobile({
        mobileNum: body.mobileNum,
        countryDialingCode: body.countryDialingCode ?? '+880',
      });
    } catch {
      ours.push({ field: 'mobileNum', reason: 'not a valid mobile number' });
    }
  }
  if (ours.length > 0) throw new AppError('VALIDATION_FAILED', { issues: ours });
  const mobileTaken = () =>
    new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
  if (mobile && (await findMemberByMobile(db, mobile))) throw mobileTaken();
  const taken = () => new AppError('USERNAME_TAKEN', { issues: [{ field: 'username', reason: 'taken' }] });
  if (await findMemberByAccount(db, username)) throw taken();
  try {
    const [created] = await db
      .insert(members)
      .values({
        account: username,
        nickname: body.nickname?.trim() || username,
        type,
        uplineId,
        passwordHash: await hashPassword(body.password, context.scrypt, loginHashing(context, username)),
        registerMethod: 'AGENT',
        // The upline typed this password: the account changes it and sets its own payment
        // password at its first login, before anything else (authorize.ts; issue 38).
        mustChangePassword: true,
        mustSetPaymentPassword: true,
        registerIp: context.ip,
        mobile,
        countryDialingCode: mobile ? (body.countryDialingCode ?? '+880') : null,
      })
      .returning({ id: members.id, account: members.account });
    if (!created) throw new Error('insert returned no member');
    return created;
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (violatedUniqueConstraint(error) === 'members_account_key') throw taken();
    if (violatedUniqueConstraint(error) === 'members_mobile_key') throw mobileTaken();
    throw error;
  }
}

/** Disables (its sessions end at once: it cannot log in nor go on) or enables an account. */
export async function setAccountStatus(
  db: Database,
  { memberId, status }: { memberId: number; status: 'active' | 'disabled' },
): Promise<void> {
  await db.update(members).set({ status }).where(eq(members.id, memberId));
  if (status === 'disabled') await revokeMemberSessions({ db, memberId });
}

/** An agent's own invitation code (members.affiliate_code), or null. */
export async function affiliateCodeOf(db: Database, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: members.affiliateCode })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.code ?? null;
}

/** Whether an account's invitation code is this one (any case): a new link code must differ. */
export async function isAffiliateCodeInUse(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.affiliateCode}) = lower(${code})`);
  return Boolean(row);
}

/**
 * An agent's affiliate links as registration sees them, handed in by app.ts (the agents module
 * builds on accounts, so accounts imports nothing of it).
 */
export interface AffiliateLinkDirectory {
  /** The link of this code: its agent and whether it registers a player or an agent. */
  find(db: Database, code: string): Promise<{ agentId: number; kind: 'member' | 'agent' } | null>;
  /** An account registered with this code (a link's, or an agent's own invitation code). */
  registered(db: Database, args: { agentId: number; code: string }): Promise<void>;
}

/**
 * Members' own invitation codes as registration sees them (promotions' referral), handed in by
 * app.ts like the agents' links: accounts imports nothing of promotions.
 */
export interface MemberReferralDirectory {
  /** The member whose invitation code this is (any case), or null. */
  find(db: Database, code: string): Promise<{ referrerId: number } | null>;
  /** An account registered with a member's code; `signals` are what registration noticed. */
  registered(
    db: Database,
    args: { referrerId: number; inviteeId: number; inviteeUsername: string; code: string; signals: string[] },
  ): Promise<void>;
}
