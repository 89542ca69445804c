import type { FieldRule, RegisterSetting } from '@khela/contract';
import { registerFieldNames } from '@khela/contract';

/** Registration settings for the tests: the demo brand's rules (apps/server settings.schema.ts). */
export const rule = (partial: Partial<FieldRule> = {}): FieldRule => ({
  enabled: false,
  required: false,
  acceptedPattern: '.*',
  patternId: 'any',
  minLength: 0,
  maxLength: 64,
  ...partial,
});

/** The demo brand's rules (apps/server settings.schema.ts), the ones that matter here. */
export function demoSettings(overrides: Partial<RegisterSetting> = {}): RegisterSetting {
  const base = Object.fromEntries(registerFieldNames.map((name) => [name, rule()])) as RegisterSetting;
  return {
    ...base,
    username: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^[a-zA-Z][a-zA-Z0-9]*$',
      patternId: 'first_letter_then_mix',
      minLength: 6,
      maxLength: 16,
    }),
    password: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^\\S+$',
      patternId: 'no_spaces',
      minLength: 8,
      maxLength: 32,
    }),
    checkPass: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^\\S+$',
      patternId: 'no_spaces',
      minLength: 8,
      maxLength: 32,
    }),
    mobileNum: rule({
      enabled: true,
      acceptedPattern: '^[0-9]+$',
      patternId: 'digits',
      minLength: 10,
      maxLength: 11,
    }),
    paymentPassword: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^[0-9]+$',
      patternId: 'digits',
      minLength: 6,
      maxLength: 6,
    }),
    email: rule({
      enabled: true,
      patternId: 'email',
      acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      minLength: 5,
      maxLength: 128,
    }),
    affiliateCode: rule({
      enabled: true,
      patternId: 'letters_and_digits',
      acceptedPattern: '^[a-zA-Z0-9]+$',
      minLength: 4,
      maxLength: 16,
    }),
    captcha: rule({
      enabled: true,
      required: true,
      patternId: 'letters_and_digits',
      acceptedPattern: '^[a-zA-Z0-9]+$',
      minLength: 4,
      maxLength: 4,
    }),
    ...overrides,
  };
}
