import { describe, expect, it } from 'vitest';
import type { AmountProblem as AmountReason } from '@khela/contract/money';
import { amountCases } from '@khela/contract/money-cases';
import { amountSchema } from '../components/money-fields.tsx';
import { amountProblemText, checkAmount, type AmountProblem } from './money.ts';

// The table every amount parser is tested with (packages/contract/src/money.cases.ts), through the
// member site's amount field: the deposit, withdrawal and transfer forms' `amountSchema`, which is
// `checkAmount`. Those forms take positive amounts only, bounded as a request (13 whole digits).
const positiveCases = amountCases.filter((row) => !row.allowZero && !row.allowNegative);

const formProblemOf: Record<AmountReason, AmountProblem> = {
  format: 'format',
  too_many_decimals: 'precision',
  zero: 'format',
  negative: 'format',
  too_large: 'too_large',
};

function expectedProblem(row: (typeof amountCases)[number]): AmountProblem | null {
  if (row.text === '') return 'required';
  const reason = row.asInput ?? row.expected;
  return typeof reason === 'bigint' ? null : formProblemOf[reason];
}

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;
const money = (text: string) => `৳${text}`;

describe("the member site's amount field (the table of @khela/contract/money-cases)", () => {
  it('feeds every positive row', () => {
    expect(positiveCases.length).toBeGreaterThan(60);
  });

  it.each(positiveCases)('$text at precision $precision', (row) => {
    const rules = { precision: row.precision };
    const problem = expectedProblem(row);
    expect(checkAmount(row.text, rules)).toBe(problem);
    const result = amountSchema(rules, t, money).safeParse(row.text);
    expect(result.success).toBe(problem === null);
    if (problem !== null) {
      expect(result.error?.issues[0]?.message).toBe(amountProblemText(problem, t, money, rules));
    }
  });
});

describe('checkAmount', () => {
  it("checks the server's limits exactly, whatever their number of decimals", () => {
    expect(checkAmount('49.99', { precision: 2, min: '50.00', max: '100.00' })).toBe('min');
    expect(checkAmount('100.01', { precision: 2, min: '50', max: '100' })).toBe('max');
    expect(checkAmount('60', { precision: 2, available: '59.99' })).toBe('available');
    expect(checkAmount('60', { precision: 2, min: '50', max: '100', available: '60.00' })).toBeNull();
    // The amount's own problems come before the limits.
    expect(checkAmount('500.500', { precision: 2, min: '1000' })).toBe('precision');
  });

  it('names a too large amount in words, without a limit it does not know', () => {
    expect(amountProblemText('too_large', t, money, { precision: 2 })).toBe('rule_too_big_plain');
  });
});
