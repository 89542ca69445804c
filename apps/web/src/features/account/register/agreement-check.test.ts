import { describe, expect, it } from 'vitest';
import { ApiError } from '@khela/contract';
import { agreementRefusal } from './agreement-check.tsx';

const refused = (issues: { field: string; reason: string }[]) =>
  new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'validation_failed', issues });

describe('agreementRefusal', () => {
  it('reads the server refusal of the agreement, and nothing else', () => {
    expect(agreementRefusal(refused([{ field: 'ageConfirmed', reason: 'Required' }]))).toBe(
      'text_agreement_required',
    );
    expect(agreementRefusal(refused([{ field: 'termsVersion', reason: 'Required' }]))).toBe(
      'text_agreement_required',
    );
    expect(
      agreementRefusal(
        refused([
          { field: 'ageConfirmed', reason: 'Required' },
          { field: 'termsVersion', reason: 'the terms are now version 2' },
        ]),
      ),
    ).toBe('text_terms_changed');
    expect(agreementRefusal(refused([{ field: 'username', reason: 'taken' }]))).toBeNull();
    expect(agreementRefusal(new Error('offline'))).toBeNull();
  });
});
