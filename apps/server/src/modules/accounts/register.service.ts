import { randomInt } from 'node:crypto';
import {
  accountTypes,
  isAgentType,
  registrationKindsOf,
  type FieldIssue,
  type RegisterBody,
  type SessionGrant,
} from '@khela/contract';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { checkCaptcha } from '../captcha/captcha.service.ts';
import { verifyHumanProof } from '../human-check/human-check.service.ts';
import { normaliseMobile, useVerificationCode } from '../sms/sms.service.ts';
import { hasUsedDevice, recordAccountDevice } from './account-devices.service.ts';
import { recordAgreement } from './agreements.service.ts';
import { loginHashing, type AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { grantSession } from './login.service.ts';
import type { AffiliateLinkDirectory, MemberReferralDirectory } from './downline.service.ts';
import {
  findAgentByAffiliateCode,
  accountNameTaken,
  findMemberById,
  findMemberByMobile,
} from './members.repository.ts';
import { hashPassword } from './password-hash.ts';
import { agreementIssues, registrationIssues, type RegistrationKind } from './register-rules.ts';

type RegisterInput = Omit<RegisterBody, 'registerMethod' | 'login' | 'countryDialingCode'> & {
  countryDialingCode: string;
  registerMethod: 'WEB';
  login: boolean;
};

function optional(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A username for an account registered by mobile alone: `m` and the national number. */
async function usernameForMobile(context: AccountsContext, mobile: string): Promise<string> {
  const national = mobile.replace(/^\+\d{1,3}?/, '').slice(-10);
  let candidate = `m${national}`;
  for (let attempt = 0; attempt < 5 && (await accountNameTaken(context.db, candidate)); attempt += 1) {
    candidate = `m${national.slice(-8)}${randomInt(100, 1000)}`;
  }
  return candidate;
}

type Account = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

/** What an invitation code registers: under which agent, as which type, and who invited. */
export interface Invitation {
  upline: Account | null;
  type: number;
  /** A member's own code (refer a friend): the member who invited. */
  referrer: Account | null;
}

/**
 * An invitation code as registration reads it, or null when it names nobody: an agent's own code
 * (a player under that agent); else an agent's link (a player, or an agent for an `agent` link);
 * else, when the brand runs referral, an active player's own code (the friend joins the
 * referrer's agent, if any, as a player, and the referrer is remembered for the reward).
 */
export async function resolveInvitationCode(
  context: Pick<AccountsContext, 'db' | 'settings'>,
  code: string,
  {
    links,
    referrals,
  }: { links?: AffiliateLinkDirectory | undefined; referrals?: MemberReferralDirectory | undefined },
): Promise<Invitation | null> {
  const { db, settings } = context;
  const agent = await findAgentByAffiliateCode(db, code);
  if (agent) return { upline: agent, type: accountTypes.member, referrer: null };
  const link = links ? await links.find(db, code) : null;
  if (link) {
    const owner = await findMemberById(db, link.agentId);
    if (owner && isAgentType(owner.type) && owner.status === 'active' && owner.role === 'player') {
      return {
        upline: owner,
        type: link.kind === 'agent' ? accountTypes.agent1 : accountTypes.member,
        referrer: null,
      };
    }
  }
  if (!referrals || !settings.features.referral) return null;
  const found = await referrals.find(db, code);
  const referrer = found ? await findMemberById(db, found.referrerId) : null;
  if (!referrer || referrer.status !== 'active' || referrer.type !== accountTypes.member) return null;
  const upline = referrer.uplineId === null ? null : await findMemberById(db, referrer.uplineId);
  return {
    upline: upline && isAgentType(upline.type) && upline.status === 'active' ? upline : null,
    type: accountTypes.member,
    referrer,
  };
}

/**
 * Registration (spec 3, 4, 5) by username or by mobile. Order: every field rule at once (400
 * naming the fields), ALTCHA, captcha, affiliate code, SMS code, duplicates (409), then the
 * account; nothing is written before every check passed. Answers a session when `login` is set.
 */
export async function registerMember({
  context,
  body,
  kind,
  links,
  referrals,
}: {
  context: AccountsContext;
  body: RegisterInput;
  kind: RegistrationKind;
  /** Agents' affiliate links: a code that is no agent's own invitation code may be a link's. */
  links?: AffiliateLinkDirectory | undefined;
  /** Members' invitation codes (refer a friend): tried after the agents' codes. */
  referrals?: MemberReferralDirectory | undefined;
}): Promise<{ id: number; username: string; session: SessionGrant | null }> {
  const { db, settings } = context;
  // The rule the web uses to show Register at all (the agent site offers none).
  if (!registrationKindsOf(settings.features, context.site).includes(kind)) {
    throw new AppError('FEATURE_DISABLED');
  }

  const { issues, accepted } = registrationIssues({ settings, body, kind });
  issues.push(...agreementIssues(settings, body));
  let mobile: string | null = null;
  if (body.mobileNum?.trim() && accepted.has('mobileNum')) {
    try {
      mobile = normaliseMobile({ mobileNum: body.mobileNum, countryDialingCode: body.countryDialingCode });
    } catch {
      issues.push({ field: 'mobileNum', reason: 'not a valid mobile number' });
    }
  }
  const needsSmsCode = kind === 'mobile' || (mobile !== null && settings.features.registerMobileVerification);
  if (
    needsSmsCode &&
    !body.verificationCode?.trim() &&
    !issues.some((issue) => issue.field === 'verificationCode')
  ) {
    issues.push({ field: 'verificationCode', reason: 'Required' });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues: dedupe(issues) });

  await verifyHumanProof({ db, env: context.env, payload: body.altcha });
  if (
    accepted.has('captcha') &&
    !(await checkCaptcha({ db, captchaId: body.captchaId, answer: body.captcha }))
  ) {
    throw new AppError('CAPTCHA_INVALID', { issues: [{ field: 'captcha', reason: 'wrong or expired' }] });
  }

  // The upline: the typed invitation code, else the code of the link (`/register?referralCode=…`,
  // spec 2 and 3): an agent's code or link, or a member's own code (resolveInvitationCode). A code
  // that names nobody is refused rather than dropped: the page said the account registers with it.
  const typedCode = accepted.has('affiliateCode') ? optional(body.affiliateCode) : null;
  const uplineCode = typedCode ?? optional(body.referralCode);
  const invitation = uplineCode
    ? await resolveInvitationCode(context, uplineCode, { links, referrals })
    : null;
  const upline = invitation?.upline ?? null;
  const referrer = invitation?.referrer ?? null;
  const type = invitation?.type ?? accountTypes.member;
  if (uplineCode && !invitation) {
    throw new AppError('INVALID_AFFILIATE_CODE', {
      issues: [{ field: typedCode ? 'affiliateCode' : 'referralCode', reason: 'unknown code' }],
    });
  }

  const username =
    kind === 'mobile' && !body.username?.trim()
      ? await usernameForMobile(context, mobile!)
      : body.username!.trim();
  if (await accountNameTaken(db, username)) {
    throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'username', reason: 'taken' }] });
  }
  if (mobile && (await findMemberByMobile(db, mobile))) {
    throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
  }
  if (needsSmsCode) {
    await useVerificationCode({ db, mobile: mobile!, purpose: 'register', code: body.verificationCode! });
  }

  const take = (name: Parameters<typeof accepted.has>[0], value: string | undefined) =>
    accepted.has(name) ? optional(value) : null;
  const hasPassword = accepted.has('password') && Boolean(body.password);
  const passwordHash = hasPassword
    ? await hashPassword(body.password!, context.scrypt, loginHashing(context, username))
    : null;
  const paymentPasswordHash =
    accepted.has('paymentPassword') && body.paymentPassword
      ? await hashPassword(body.paymentPassword, context.scrypt, loginHashing(context, username))
      : null;
  let created;
  try {
    // The account and what it confirmed and accepted, together or not at all.
    created = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(members)
        .values({
          account: username,
          nickname: username,
          passwordHash,
          paymentPasswordHash,
          mobile,
          countryDialingCode: mobile ? body.countryDialingCode : null,
          email: take('email', body.email),
          payeeName: take('payeeName', body.payeeName),
          qqNum: take('qqNum', body.qqNum),
          line: take('line', body.line),
          whatsapp: take('whatsapp', body.whatsapp),
          facebook: take('facebook', body.facebook),
          wechat: take('wechat', body.wechat),
          idNumber: take('idNumber', body.idNumber),
          recommenderId: take('recommenderId', body.recommenderId),
          uplineId: upline?.id ?? null,
          type,
          referralCode: optional(body.referralCode),
          registerUrl: optional(body.registerUrl),
          registerDomain: optional(body.domain),
          registerMethod: body.registerMethod,
          registerIp: context.ip,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no member');
      await recordAgreement(tx, settings, {
        memberId: inserted.id,
        source: kind === 'mobile' ? 'register_mobile' : 'register',
        ip: context.ip,
      });
      return inserted;
    });
  } catch (error) {
    // Two registrations racing for one name or number: the unique index decides.
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'members_account_key') {
      throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'username', reason: 'taken' }] });
    }
    if (constraint === 'members_mobile_key') {
      throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
    }
    throw error;
  }
  if (!created) throw new Error('insert returned no member');
  await recordAccountDevice({ db, memberId: created.id, deviceId: body.deviceId });
  if (referrer && uplineCode && referrals) {
    // What the back office reviews (they block nothing): the referrer's registration address, and
    // a browser the referrer registered or logged in from.
    const signals: string[] = [];
    if (referrer.registerIp && referrer.registerIp === context.ip) signals.push('same_ip');
    if (await hasUsedDevice({ db, memberId: referrer.id, deviceId: body.deviceId })) {
      signals.push('same_device');
    }
    await referrals.registered(db, {
      referrerId: referrer.id,
      inviteeId: created.id,
      inviteeUsername: created.account,
      code: uplineCode,
      signals,
    });
  } else if (upline && uplineCode && links) {
    await links.registered(db, { agentId: upline.id, code: uplineCode });
  }
  const session = body.login ? await grantSession(context, created, 'member') : null;
  return { id: created.id, username: created.account, session };
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}
