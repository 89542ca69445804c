import { describe, expect, it } from 'vitest';
import { amountCases } from '@khela/contract/money-cases';
import { amountField, amountProblemKeys, checkOperatorAmount, precisionShownBy } from './amount-field.ts';

// The table every amount parser is tested with (packages/contract/src/money.cases.ts), through the
// back office's amount field (the adjustment and the refund forms), bounded as a request.
describe("the back office's amount field (the table of @khela/contract/money-cases)", () => {
  it.each(amountCases)('$text at precision $precision', (row) => {
    const rules = {
      precision: row.precision,
      allowZero: row.allowZero ?? false,
      allowNegative: row.allowNegative ?? false,
    };
    const expected = row.asInput ?? row.expected;
    const problem = typeof expected === 'bigint' ? null : expected;
    expect(checkOperatorAmount(row.text, rules)).toBe(problem);
    const result = amountField(rules).safeParse(row.text);
    expect(result.success).toBe(problem === null);
    if (problem !== null) {
      const message = row.text === '' ? 'Required' : amountProblemKeys[problem];
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });
});

describe('the precision of the amount field', () => {
  it("is the decimals of an amount the server sent (it writes exactly the currency's)", () => {
    expect(precisionShownBy('500.00')).toBe(2);
    expect(precisionShownBy('500')).toBe(0);
    expect(precisionShownBy('-1.250')).toBe(3);
    expect(precisionShownBy(null)).toBeNull();
    expect(precisionShownBy('n/a')).toBeNull();
  });

  it('while unknown, checks everything but the decimals (the server checks those)', () => {
    const rules = { precision: null };
    expect(checkOperatorAmount('500.500', rules)).toBeNull();
    expect(checkOperatorAmount('1.123456789', rules)).toBe('too_many_decimals');
    expect(checkOperatorAmount(' 1', rules)).toBe('format');
    expect(checkOperatorAmount('-1', rules)).toBe('negative');
    expect(checkOperatorAmount('0.00', rules)).toBe('zero');
    expect(checkOperatorAmount('10000000000000', rules)).toBe('too_large');
    expect(checkOperatorAmount('500.500', { precision: 2 })).toBe('too_many_decimals');
  });
});
