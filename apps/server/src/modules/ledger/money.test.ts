import { describe, expect, it } from 'vitest';
import { amountCases } from '@khela/contract/money-cases';
import { AmountError, parseAmount } from './money.ts';
import { isLedgerError, parseAmountField } from './ledger.errors.ts';

// The rules themselves are tested where they live (packages/contract/src/money.test.ts); here the
// same table goes through the server's own door to them: the ledger's names the modules import,
// and parseAmountField, which turns a refusal into AMOUNT_INVALID with the field and the reason.
describe("the server's amount parsing (the table of @khela/contract/money-cases)", () => {
  it.each(amountCases)('parseAmount and parseAmountField($text, precision $precision)', (row) => {
    const options = {
      precision: row.precision,
      allowZero: row.allowZero ?? false,
      allowNegative: row.allowNegative ?? false,
    };
    if (typeof row.expected === 'bigint') {
      expect(parseAmount(row.text, options)).toBe(row.expected);
      expect(parseAmountField(row.text, { ...options, field: 'amount' })).toBe(row.expected);
      return;
    }
    expect(() => parseAmount(row.text, options)).toThrow(AmountError);
    let refusal: unknown;
    try {
      parseAmountField(row.text, { ...options, field: 'amount' });
    } catch (error) {
      refusal = error;
    }
    expect(isLedgerError(refusal, 'AMOUNT_INVALID')).toBe(true);
    expect(isLedgerError(refusal) ? refusal.issues : undefined).toEqual([
      { field: 'amount', reason: row.expected },
    ]);
  });
});
