import { describe, expect, it } from 'vitest';
import type { IssueRule, RegisterSetting } from '@khela/contract';
import { demoSettings, rule } from './test-settings.ts';
import {
  breaksRule,
  issueMessage,
  registerPlan,
  registerSchema,
  ruleMessage,
  type RegisterFlags,
  type Translate,
} from './register-rules.ts';

const flags: RegisterFlags = { mobileRegistrationWithPassword: true, registerMobileVerification: true };

/** A `t` that shows the key and its options, so the tests read what would be looked up. */
const t: Translate = (key, options) => {
  if (!options) return key;
  const context = typeof options.context === 'string' ? `_${options.context}` : '';
  const rest = Object.entries(options)
    .filter(([name]) => name !== 'context')
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(',');
  return `${key}${context}(${rest})`;
};

const valid = {
  username: 'newplayer1',
  password: 'Sunny-river-42',
  checkPass: 'Sunny-river-42',
  paymentPassword: '135790',
  captcha: 'ab34',
  countryDialingCode: '+880',
  agreed: true,
};

function issuesOf(
  settings: RegisterSetting,
  tab: 'register' | 'registerMobile',
  values: Record<string, string | boolean>,
) {
  const result = registerSchema(registerPlan(settings, tab, flags), t).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('registerPlan', () => {
  it('shows the enabled fields of the demo settings by username, with their required flags', () => {
    const plan = registerPlan(demoSettings(), 'register', flags);
    expect(plan.fields.map((field) => `${field.name}${field.required ? '*' : ''}`)).toEqual([
      'username*',
      'password*',
      'checkPass*',
      'mobileNum',
      'verificationCode',
      'payeeName',
      'paymentPassword*',
      'email',
      'affiliateCode',
      'captcha*',
    ]);
    expect(plan.smsWhenMobileGiven).toBe(true);
  });

  it('by mobile forces the number and code, drops the username, keeps the password pair when flagged', () => {
    const withPassword = registerPlan(demoSettings(), 'registerMobile', flags);
    expect(withPassword.fields.slice(0, 4).map((field) => [field.name, field.required])).toEqual([
      ['mobileNum', true],
      ['verificationCode', true],
      ['password', true],
      ['checkPass', true],
    ]);
    expect(withPassword.fields.some((field) => field.name === 'username')).toBe(false);
    const noPassword = registerPlan(demoSettings(), 'registerMobile', {
      ...flags,
      mobileRegistrationWithPassword: false,
    });
    expect(noPassword.fields.some((field) => field.name === 'password' || field.name === 'checkPass')).toBe(
      false,
    );
  });

  it('hides disabled optional fields and the SMS code without mobile verification', () => {
    const plan = registerPlan(
      demoSettings({
        email: rule({ patternId: 'email' }),
        whatsapp: rule({ enabled: true, required: true }),
      }),
      'register',
      { ...flags, registerMobileVerification: false },
    );
    const names = plan.fields.map((field) => field.name);
    expect(names).not.toContain('email');
    expect(names).not.toContain('verificationCode');
    expect(plan.fields.find((field) => field.name === 'whatsapp')?.required).toBe(true);
  });
});

describe('ruleMessage', () => {
  it('substitutes min and max, a single value when equal', () => {
    const settings = demoSettings();
    expect(ruleMessage(settings.username, t)).toBe('rule_first_letter_then_mix(min=6,max=16)');
    expect(ruleMessage(settings.paymentPassword, t)).toBe('rule_digits_exact(min=6)');
    expect(ruleMessage(rule({ patternId: 'made_up', minLength: 1, maxLength: 3 }), t)).toBe(
      'rule_any(min=1,max=3)',
    );
  });
});

describe('breaksRule (mirrors the server)', () => {
  it("treats '*' as any text and counts code points", () => {
    expect(breaksRule(rule({ acceptedPattern: '*', minLength: 3, maxLength: 20 }), 'any thing!')).toBe(false);
    expect(breaksRule(rule({ acceptedPattern: '*', minLength: 3, maxLength: 20 }), 'ab')).toBe(true);
    expect(
      breaksRule(rule({ acceptedPattern: "^[\\p{L} .'-]+$", minLength: 2, maxLength: 16 }), 'Rahim U'),
    ).toBe(false);
  });
});

describe('registerSchema', () => {
  it('accepts a valid username registration', () => {
    expect(issuesOf(demoSettings(), 'register', valid)).toEqual({});
  });

  it('asks for the age confirmation and terms agreement on either tab', () => {
    expect(issuesOf(demoSettings(), 'register', { ...valid, agreed: false })).toEqual({
      agreed: 'text_agreement_required',
    });
    const mobile = { ...valid, mobileNum: '01711111111', verificationCode: '123456', agreed: false };
    expect(issuesOf(demoSettings(), 'registerMobile', mobile)).toEqual({ agreed: 'text_agreement_required' });
  });

  it('requires the required fields and shows the pattern message of a broken rule', () => {
    const issues = issuesOf(demoSettings(), 'register', {
      ...valid,
      username: '1abc',
      paymentPassword: '',
      captcha: '',
    });
    expect(issues).toEqual({
      username: 'rule_first_letter_then_mix(min=6,max=16)',
      paymentPassword: 'text_field_required',
      captcha: 'text_field_required',
    });
  });

  it('refuses a confirmation that differs and a password equal to the username', () => {
    expect(issuesOf(demoSettings(), 'register', { ...valid, checkPass: 'Sunny-river-43' })).toEqual({
      checkPass: 'text_password_mismatch',
    });
    expect(
      issuesOf(demoSettings(), 'register', {
        ...valid,
        username: 'Sunnyriver42',
        password: 'sunnyriver42',
        checkPass: 'sunnyriver42',
      }),
    ).toEqual({ password: 'text_password_same_as_username' });
  });

  it('keeps the eight-character password floor even when the brand allows less', () => {
    const settings = demoSettings({
      password: rule({ enabled: true, required: true, minLength: 4, maxLength: 10 }),
    });
    expect(issuesOf(settings, 'register', { ...valid, password: 'abc12', checkPass: 'abc12' })).toEqual({
      password: 'rule_any(min=8,max=10)',
      checkPass: 'rule_no_spaces(min=8,max=32)',
    });
  });

  it('asks for the SMS code once a mobile number is typed (registerMobileVerification)', () => {
    expect(issuesOf(demoSettings(), 'register', { ...valid, mobileNum: '01711111111' })).toEqual({
      verificationCode: 'text_field_required',
    });
    expect(issuesOf(demoSettings(), 'register', { ...valid, mobileNum: '0171' })).toMatchObject({
      mobileNum: 'rule_digits(min=10,max=11)',
    });
  });

  it('by mobile requires the number and the code', () => {
    const issues = issuesOf(demoSettings(), 'registerMobile', { ...valid, username: '' });
    expect(issues).toEqual({ mobileNum: 'text_field_required', verificationCode: 'text_field_required' });
    expect(
      issuesOf(demoSettings(), 'registerMobile', {
        ...valid,
        mobileNum: '01711111111',
        verificationCode: '123456',
      }),
    ).toEqual({});
  });
});

describe('issueMessage', () => {
  it('turns the server reasons into texts', () => {
    const plan = registerPlan(demoSettings(), 'register', flags);
    const issue = (reason: string, extra: { rule?: IssueRule; limit?: number } = {}) => ({
      field: 'username',
      reason,
      ...extra,
    });
    expect(issueMessage(plan, 'username', issue('taken'), t)).toBe('err_username_taken');
    expect(issueMessage(plan, 'password', issue('too common', { rule: 'invalid' }), t)).toBe(
      'text_password_too_common',
    );
    expect(issueMessage(plan, 'username', issue('pattern first_letter_then_mix'), t)).toBe(
      'rule_first_letter_then_mix(min=6,max=16)',
    );
    // A rule word with a limit: the sentence of the rule, never the English reason.
    expect(
      issueMessage(
        plan,
        'username',
        issue('Too big: expected string to have <=64 characters', { rule: 'too_long', limit: 64 }),
        t,
      ),
    ).toBe('rule_too_long(limit=64)');
  });
});
