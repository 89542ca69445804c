import { AppError } from '../../http/app-error.ts';
import { verifyHumanProof } from '../human-check/human-check.service.ts';
import type { SmsProvider } from '../sms/sms.provider.ts';
import { normaliseMobile, sendVerificationCode, type CodePurpose } from '../sms/sms.service.ts';
import type { AccountsContext } from './accounts.context.ts';
import { findMemberByMobile } from './members.repository.ts';

interface SendOptions {
  context: AccountsContext;
  provider: SmsProvider;
  mobileNum: string;
  countryDialingCode: string;
  altcha?: string;
}

function send(options: SendOptions, mobile: string, purpose: CodePurpose, deliver = true) {
  const { context } = options;
  return sendVerificationCode({
    db: context.db,
    env: context.env,
    provider: options.provider,
    mobile,
    purpose,
    ip: context.ip,
    expiredMinutes: context.settings.sms.expiredMinutes,
    brandName: context.settings.brandName,
    deliver,
  });
}

/**
 * POST /wps/verification/sms/noLogin: a code to a registered number, to log in or reset the
 * password. A number with no player account gets the same answer after the same work (limits
 * counted, a code stored), only no message: the call must not tell who is registered.
 */
export async function sendCodeToMember(
  options: SendOptions & { purpose: 'login' | 'resetPassword' },
): Promise<{ expiredMinutes: number }> {
  const { context, purpose } = options;
  const isEnabled =
    purpose === 'login'
      ? context.settings.features.smsLogin
      : context.settings.features.changePasswordByMobile;
  if (!isEnabled) throw new AppError('FEATURE_DISABLED');
  const mobile = normaliseMobile(options);
  await verifyHumanProof({ db: context.db, env: context.env, payload: options.altcha ?? '' });
  const member = await findMemberByMobile(context.db, mobile);
  const isPlayer = member !== null && member !== undefined && member.role === 'player';
  return send(options, mobile, purpose, isPlayer);
}

/** POST /wps/verification/sms/register: a code to a number no account has yet. */
export async function sendRegistrationCode(
  options: SendOptions & { regType: 'username' | 'mobile' },
): Promise<{ expiredMinutes: number }> {
  const { context, regType } = options;
  const isEnabled =
    regType === 'mobile'
      ? context.settings.features.mobileRegistration
      : context.settings.features.registerMobileVerification;
  if (!isEnabled) throw new AppError('FEATURE_DISABLED');
  const mobile = normaliseMobile(options);
  await verifyHumanProof({ db: context.db, env: context.env, payload: options.altcha ?? '' });
  if (await findMemberByMobile(context.db, mobile)) {
    throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
  }
  return send(options, mobile, 'register');
}

/**
 * POST /wps/verification/sms/member: a code to the new number a logged-in member wants (no
 * ALTCHA: the session and the send limits stand for it). The number must be free.
 */
export async function sendChangeMobileCode(
  options: SendOptions & { memberId: number },
): Promise<{ expiredMinutes: number }> {
  const mobile = normaliseMobile(options);
  const holder = await findMemberByMobile(options.context.db, mobile);
  if (holder?.id === options.memberId) {
    // Their own number: "taken" would read as someone else's; nothing to prove, no SMS spent.
    throw new AppError('MOBILE_UNCHANGED', { issues: [{ field: 'mobileNum', reason: 'unchanged' }] });
  }
  if (holder) {
    throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
  }
  return send(options, mobile, 'changeMobile');
}
