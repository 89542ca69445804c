import type { FieldRule, RegisterSetting } from '@khela/contract';
import { defaultRegisterRules } from '@khela/contract/settings-defaults';

/** A registration rule for a test to put in place of a default one: off, any text up to 64. */
export const rule = (partial: Partial<FieldRule> = {}): FieldRule => ({
  enabled: false,
  required: false,
  acceptedPattern: '.*',
  patternId: 'any',
  minLength: 0,
  maxLength: 64,
  ...partial,
});

/** The demo brand's registration rules: the server's defaults (the contract's settings defaults). */
export function demoSettings(overrides: Partial<RegisterSetting> = {}): RegisterSetting {
  return { ...defaultRegisterRules, minimumAge: 18, termsVersion: '1', ...overrides };
}
