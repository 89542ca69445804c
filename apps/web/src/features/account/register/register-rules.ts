import { z } from 'zod';
import type { FieldRule, RegisterFieldName, RegisterSetting } from '@khela/contract';
import {
  fieldIssueText,
  isShapeIssue,
  specificIssueText,
  type ShownIssue,
} from '../../../shared/forms/api-errors.ts';

/**
 * The registration form's rules, built from GET /wps/system/setting/register (spec 5) so that they
 * mirror the server's `register-rules.ts` and `password-policy.ts`: which fields show on each tab,
 * which are required, and each field's length and pattern. Pure: no React, no text catalogue (the caller
 * passes `t`), so it is unit-tested on its own.
 */

export type RegisterTab = 'register' | 'registerMobile';

/** Every form value is a string; `checkPass` travels as the body's `confirmPassword`. */
export type RegisterFormValues = Record<RegisterFieldName, string> & {
  countryDialingCode: string;
  /** The age confirmation and terms agreement (issue 42): sent as ageConfirmed with the terms' version. */
  agreed: boolean;
};

/** The server's minimum for every new login password, whatever the brand's rule says. */
export const MIN_PASSWORD_LENGTH = 8;

/** Fields whose values are sent untrimmed (the contract trims every other text field). */
const untrimmed = new Set<RegisterFieldName>(['password', 'checkPass', 'paymentPassword']);

/** The optional fields in form order, after the account fields. */
const extraFields = [
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'recommenderId',
  'affiliateCode',
] as const satisfies readonly RegisterFieldName[];

export interface RegisterFlags {
  mobileRegistrationWithPassword: boolean;
  registerMobileVerification: boolean;
}

export interface ShownField {
  name: RegisterFieldName;
  /** Empty is refused (the '＊' placeholder). */
  required: boolean;
  /** The rule its value must follow, or null when only presence counts (the SMS code). */
  rule: FieldRule | null;
}

export interface RegisterPlan {
  tab: RegisterTab;
  fields: ShownField[];
  /** The SMS code field shows (and is required) only while a mobile number is typed. */
  smsWhenMobileGiven: boolean;
  /** The SMS code field always shows (the mobile tab). */
  smsAlways: boolean;
}

/** Accepted pattern `*` means anything (spec 5). */
export function patternSource(rule: FieldRule): string {
  return rule.acceptedPattern === '*' ? '.*' : rule.acceptedPattern;
}

function safeRegExp(rule: FieldRule): RegExp | null {
  try {
    return new RegExp(patternSource(rule), 'u');
  } catch {
    return null;
  }
}

/** The password rule with the server's eight-character floor applied. */
function passwordRule(rule: FieldRule): FieldRule {
  return { ...rule, minLength: Math.max(MIN_PASSWORD_LENGTH, rule.minLength) };
}

/**
 * Which fields a tab shows, in order, and which are required (mirrors `registrationIssues`): by
 * username the username and password pair are forced; by mobile the number and the SMS code are,
 * plus the password pair when `mobileRegistrationWithPassword` is on. Every other field shows when its
 * rule is enabled, required when the rule says so. By mobile the username is left out: the server
 * makes one from the number.
 */
export function registerPlan(
  settings: RegisterSetting,
  tab: RegisterTab,
  flags: RegisterFlags,
): RegisterPlan {
  const byMobile = tab === 'registerMobile';
  const withPassword = !byMobile || flags.mobileRegistrationWithPassword;
  const fields: ShownField[] = [];
  const add = (name: RegisterFieldName, required: boolean, rule: FieldRule | null) =>
    fields.push({ name, required, rule });

  if (byMobile) {
    add('mobileNum', true, settings.mobileNum);
    add('verificationCode', true, null);
  } else {
    add('username', true, settings.username);
  }
  if (withPassword) {
    add('password', true, passwordRule(settings.password));
    add('checkPass', true, settings.checkPass);
  }
  const mobileShown = !byMobile && settings.mobileNum.enabled;
  if (mobileShown) add('mobileNum', settings.mobileNum.required, settings.mobileNum);
  const smsWhenMobileGiven = mobileShown && flags.registerMobileVerification;
  if (smsWhenMobileGiven) add('verificationCode', settings.mobileNum.required, null);
  for (const name of extraFields) {
    const rule = settings[name];
    if (rule.enabled) add(name, rule.required, rule);
  }
  if (settings.captcha.enabled) add('captcha', settings.captcha.required, settings.captcha);
  return { tab, fields, smsWhenMobileGiven, smsAlways: byMobile };
}

/** Text lookup as the catalogue's `t` (only what the rules need). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text keys of each pattern id (spec 5's variants and the ids of the demo settings): a range
 * text with {{min}} and {{max}}, and one with the single value for min = max.
 */
export const ruleTextKeys = {
  letters_and_digits: ['rule_letters_and_digits', 'rule_letters_and_digits_exact'],
  first_letter_then_mix: ['rule_first_letter_then_mix', 'rule_first_letter_then_mix_exact'],
  email: ['rule_email', 'rule_email_exact'],
  no_special_characters: ['rule_no_special_characters', 'rule_no_special_characters_exact'],
  at_least_one_uppercase: ['rule_at_least_one_uppercase', 'rule_at_least_one_uppercase_exact'],
  english_letters_and_spaces: ['rule_english_letters_and_spaces', 'rule_english_letters_and_spaces_exact'],
  letters_and_spaces: ['rule_letters_and_spaces', 'rule_letters_and_spaces_exact'],
  no_spaces: ['rule_no_spaces', 'rule_no_spaces_exact'],
  digits: ['rule_digits', 'rule_digits_exact'],
  thai_only: ['rule_thai_only', 'rule_thai_only_exact'],
  japanese_fullwidth: ['rule_japanese_fullwidth', 'rule_japanese_fullwidth_exact'],
  uppercase_code: ['rule_uppercase_code', 'rule_uppercase_code_exact'],
  full_name: ['rule_full_name', 'rule_full_name_exact'],
  strong_password: ['rule_strong_password', 'rule_strong_password_exact'],
  any: ['rule_any', 'rule_any_exact'],
} as const satisfies Record<string, readonly [string, string]>;

type PatternId = keyof typeof ruleTextKeys;

/**
 * The message of a rule (spec 5): the pattern id's text with min and max substituted, a single
 * value when they are equal. Unknown ids fall back to the length-only text.
 */
export function ruleMessage(rule: FieldRule, t: Translate): string {
  const keys = Object.hasOwn(ruleTextKeys, rule.patternId)
    ? ruleTextKeys[rule.patternId as PatternId]
    : ruleTextKeys.any;
  const max = rule.maxLength > 0 ? rule.maxLength : '∞';
  return rule.minLength === rule.maxLength
    ? t(keys[1], { min: rule.minLength })
    : t(keys[0], { min: rule.minLength, max });
}

/** Why a value breaks its rule, mirroring the server's `ruleViolation` (code points, 'u' flag). */
export function breaksRule(rule: FieldRule, value: string): boolean {
  const length = [...value].length;
  if (length < rule.minLength || (rule.maxLength > 0 && length > rule.maxLength)) return true;
  const pattern = safeRegExp(rule);
  return pattern !== null && !pattern.test(value);
}

/** The value as the server sees it (the contract trims every field but the passwords). */
export function normalised(name: RegisterFieldName, value: string | undefined): string {
  const raw = value ?? '';
  return untrimmed.has(name) ? raw : raw.trim();
}

/** Whether a mobile number is worth an SMS send: present and within its rule. */
export function isSendableMobile(rule: FieldRule, value: string): boolean {
  const mobile = value.trim();
  return mobile.length > 0 && !breaksRule(rule, mobile);
}

/**
 * The zod schema of a tab: every shown field's presence and rule, the confirmation equal to the
 * password, the password not equal to the username, and the SMS code when a number is typed.
 * Messages are already translated.
 */
export function registerSchema(plan: RegisterPlan, t: Translate) {
  const shape = Object.fromEntries(
    [...plan.fields.map((field) => field.name), 'countryDialingCode'].map((name) => [
      name,
      z.string().optional(),
    ]),
  ) as Record<string, z.ZodOptional<z.ZodString>>;
  return z.object({ ...shape, agreed: z.boolean().optional() }).superRefine((values, context) => {
    // The text fields are the shape's string keys (agreed is the one boolean).
    const texts = values as unknown as Partial<Record<RegisterFieldName, string>>;
    const read = (name: RegisterFieldName) => normalised(name, texts[name]);
    const fail = (name: string, message: string) =>
      context.addIssue({ code: 'custom', path: [name], message });
    if (values.agreed !== true) fail('agreed', t('text_agreement_required'));
    const mobileGiven = read('mobileNum').length > 0;
    for (const field of plan.fields) {
      const value = read(field.name);
      const required =
        field.required ||
        (field.name === 'verificationCode' && (plan.smsAlways || (plan.smsWhenMobileGiven && mobileGiven)));
      if (!value) {
        if (required) fail(field.name, t('text_field_required'));
        continue;
      }
      if (field.name === 'checkPass' && value !== read('password')) {
        fail('checkPass', t('text_password_mismatch'));
        continue;
      }
      if (field.rule && breaksRule(field.rule, value)) {
        fail(field.name, ruleMessage(field.rule, t));
        continue;
      }
      if (field.name === 'password') {
        const username = read('username');
        if (username && value.toLowerCase() === username.toLowerCase()) {
          fail('password', t('text_password_same_as_username'));
        }
      }
    }
  });
}

/** Whether a field of the form is shown on this plan. */
export function shows(plan: RegisterPlan, name: RegisterFieldName): ShownField | undefined {
  return plan.fields.find((field) => field.name === name);
}

/** The server's body field for a form field, and back (only checkPass differs). */
export function bodyField(name: RegisterFieldName): string {
  return name === 'checkPass' ? 'confirmPassword' : name;
}
export function formField(bodyName: string): RegisterFieldName | 'countryDialingCode' | null {
  if (bodyName === 'confirmPassword') return 'checkPass';
  if (bodyName === 'countryDialingCode') return 'countryDialingCode';
  const names: readonly string[] = [
    'username',
    'password',
    'checkPass',
    'mobileNum',
    'verificationCode',
    'captcha',
    ...extraFields,
  ];
  return names.includes(bodyName) ? (bodyName as RegisterFieldName) : null;
}

/**
 * The text of a server issue under a field: a taken name its own text, an issue with a rule word
 * the sentence of that rule with its limit (fieldIssueText), an older issue without one the field's
 * rule message (the server's reasons are English notes, never shown).
 */
export function issueMessage(
  plan: RegisterPlan,
  name: RegisterFieldName,
  issue: ShownIssue,
  t: Translate,
): string {
  if (issue.reason === 'taken') return t(name === 'mobileNum' ? 'err_mobile_taken' : 'err_username_taken');
  const specific = specificIssueText(issue, t);
  if (specific) return specific;
  // A pattern the registration settings define: their own sentence says what is allowed.
  const rule = shows(plan, name)?.rule;
  if (rule && isShapeIssue(issue)) return ruleMessage(rule, t);
  return fieldIssueText(issue, t);
}
