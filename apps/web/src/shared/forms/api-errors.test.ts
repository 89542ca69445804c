import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, issueRules } from '@khela/contract';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import { errorTextKey, fieldIssueText, type ShownIssue } from './api-errors.ts';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const issue = (extra: Partial<ShownIssue>): ShownIssue => ({
  field: 'username',
  reason: 'Too big: expected string to have <=64 characters',
  ...extra,
});
const english = /[A-Za-z]{3,}/;

describe('the texts of server field issues', () => {
  it('says each rule in Bengali, with its limit, and never the English reason', () => {
    expect(fieldIssueText(issue({ rule: 'too_long', limit: 64 }), t)).toBe('সর্বোচ্চ 64টি অক্ষর লিখুন।');
    expect(fieldIssueText(issue({ rule: 'too_short', limit: 6 }), t)).toBe('কমপক্ষে 6টি অক্ষর লিখুন।');
    expect(fieldIssueText(issue({ rule: 'too_big', limit: 5000 }), t)).toBe('5000 বা তার কম লিখুন।');
    expect(fieldIssueText(issue({ rule: 'too_small', limit: 1 }), t)).toBe('1 বা তার বেশি লিখুন।');
    expect(fieldIssueText(issue({ rule: 'required' }), t)).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
    for (const rule of issueRules) {
      const text = fieldIssueText(issue({ rule, limit: 10 }), t);
      expect(text, rule).not.toMatch(english);
      expect(text, rule).not.toContain('Too big');
    }
  });

  it('says them in English in English', async () => {
    await changeLanguage('EN', { remember: false });
    expect(fieldIssueText(issue({ rule: 'too_long', limit: 64 }), t)).toBe('Use at most 64 characters.');
    expect(fieldIssueText(issue({ rule: 'invalid_characters' }), t)).toBe(
      'This contains characters that are not allowed.',
    );
  });

  it('reads a rule without its limit, an unknown rule and no rule as translated sentences', () => {
    expect(fieldIssueText(issue({ rule: 'too_long' }), t)).toBe('লেখাটি অনেক দীর্ঘ।');
    expect(fieldIssueText(issue({ rule: 'from_the_future' }), t)).toBe('এই ঘরটি নিয়ম মানছে না।');
    expect(fieldIssueText(issue({}), t)).toBe('এই ঘরটি নিয়ম মানছে না।');
    // Reasons that mean more than their rule keep their own sentence.
    expect(fieldIssueText(issue({ reason: 'too common', rule: 'invalid' }), t)).toBe(
      'এই পাসওয়ার্ডটি খুব সাধারণ। অন্য একটি বেছে নিন।',
    );
  });

  it('turns an error text the catalogue does not know into the generic sentence', () => {
    const known = new ApiError({ code: 'WRONG_PASSWORD', message: 'err_wrong_password', status: 400 });
    const unknown = new ApiError({ code: 'INTERNAL', message: 'err_from_a_newer_server', status: 400 });
    expect(errorTextKey(known)).toBe('err_wrong_password');
    expect(errorTextKey(unknown)).toBe('err_unknown');
    expect(errorTextKey(new Error('boom'))).toBe('err_unknown');
  });
});

describe('client-side checks without a text of their own', () => {
  it('speak Bengali, with the limit, not zod’s English', () => {
    const result = z.object({ username: z.string().max(64), age: z.number().max(120) }).safeParse({
      username: 'a'.repeat(65),
      age: 200,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((entry) => entry.message);
    expect(messages).toEqual(['সর্বোচ্চ 64টি অক্ষর লিখুন।', '120 বা তার কম লিখুন।']);
  });

  it('keep a text key given in the schema', () => {
    const result = z.string().min(1, 'text_field_required').safeParse('');
    expect(result.error?.issues[0]?.message).toBe('text_field_required');
  });
});
