import type { FieldIssue, RegisterBody, RegisterFieldName } from '@khela/contract';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { newPasswordViolation, ruleViolation } from './password-policy.ts';

/** The body field that each registration setting rules (the form's checkPass is confirmPassword). */
export const ruledFields: Record<RegisterFieldName, keyof RegisterBody> = {
  username: 'username',
  password: 'password',
  checkPass: 'confirmPassword',
  mobileNum: 'mobileNum',
  verificationCode: 'verificationCode',
  payeeName: 'payeeName',
  paymentPassword: 'paymentPassword',
  qqNum: 'qqNum',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
  idNumber: 'idNumber',
  email: 'email',
  recommenderId: 'recommenderId',
  affiliateCode: 'affiliateCode',
  captcha: 'captcha',
};

export type RegistrationKind = 'username' | 'mobile';

/**
 * The age confirmation and the terms agreement of a new account (issue 42 item 4): both required,
 * and the version accepted must be the brand's current one (a page loaded before the operator
 * published new terms is told to reload them, not registered under the old ones).
 */
export function agreementIssues(
  settings: SiteSettings,
  body: { ageConfirmed?: boolean | undefined; termsVersion?: string | undefined },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (body.ageConfirmed !== true) issues.push({ field: 'ageConfirmed', reason: 'Required' });
  const version = body.termsVersion?.trim();
  if (!version) issues.push({ field: 'termsVersion', reason: 'Required' });
  else if (version !== settings.registration.termsVersion)
    issues.push({
      field: 'termsVersion',
      reason: `the terms are now version ${settings.registration.termsVersion}`,
    });
  return issues;
}

/**
 * Checks a registration body against the brand's per-field rules (spec 5) and the password policy,
 * collecting every issue so the form can show them all at once. A field whose rule is disabled is
 * not checked and not stored. `forced` fields are required whatever the settings say.
 */
export function registrationIssues({
  settings,
  body,
  kind,
}: {
  settings: SiteSettings;
  body: Partial<Record<keyof RegisterBody, unknown>>;
  kind: RegistrationKind;
}): { issues: FieldIssue[]; accepted: Set<RegisterFieldName> } {
  const rules = settings.register;
  const withPassword = kind === 'username' || settings.features.mobileRegistrationWithPassword;
  const forced = new Set<RegisterFieldName>(
    kind === 'username' ? ['username', 'password', 'checkPass'] : ['mobileNum', 'verificationCode'],
  );
  if (kind === 'mobile' && withPassword) forced.add('password').add('checkPass');
  // Checked elsewhere: the SMS code by its own call, the captcha against the stored one.
  const skipped = new Set<RegisterFieldName>(kind === 'username' ? ['verificationCode'] : []);
  if (!withPassword) skipped.add('password').add('checkPass');
  if (kind === 'mobile') skipped.add('verificationCode');
  // By mobile, a username is made from the number when none is given.
  const optionalHere = new Set<RegisterFieldName>(kind === 'mobile' ? ['username'] : []);

  const issues: FieldIssue[] = [];
  const accepted = new Set<RegisterFieldName>();
  for (const name of Object.keys(ruledFields) as RegisterFieldName[]) {
    const field = ruledFields[name];
    const rule = rules[name];
    const raw = body[field];
    const value = typeof raw === 'string' ? raw : '';
    const isForced = forced.has(name);
    if (skipped.has(name) && !isForced) continue;
    if (!rule.enabled && !isForced) continue;
    if (!value.trim()) {
      if ((rule.required && !optionalHere.has(name)) || isForced) issues.push({ field, reason: 'Required' });
      continue;
    }
    accepted.add(name);
    if (skipped.has(name)) continue;
    const reason =
      name === 'password'
        ? newPasswordViolation({
            password: value,
            rule,
            username: typeof body.username === 'string' ? body.username : null,
          })
        : ruleViolation(rule, value);
    if (reason) issues.push({ field, reason });
  }
  if (
    withPassword &&
    body.password !== body.confirmPassword &&
    !issues.some((issue) => issue.field === 'confirmPassword')
  ) {
    issues.push({ field: 'confirmPassword', reason: 'must match password' });
  }
  return { issues, accepted };
}
