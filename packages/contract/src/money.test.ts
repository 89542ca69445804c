import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { amountCases } from './money.cases.ts';
import {
  AmountError,
  MAX_MINOR_UNITS,
  amountOrNull,
  compareAmounts,
  formatAmount,
  groupAmount,
  maxInputMinorUnits,
  parseAmount,
  precisionOf,
  readAmount,
  rescaleAmount,
} from './money.ts';
import { amountCodec, amountInputSchema, decimalAmountSchema } from './wallet.ts';

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AmountError) return error.reason;
    throw error;
  }
}

const named = (text: string) => JSON.stringify(text);

describe('the amount table', () => {
  it.each(amountCases)('readAmount($text, precision $precision)', (row) => {
    const options = {
      precision: row.precision,
      allowZero: row.allowZero ?? false,
      allowNegative: row.allowNegative ?? false,
    };
    const reading = readAmount(row.text, options);
    const thrown = reasonOf(() => parseAmount(row.text, options));
    if (typeof row.expected === 'bigint') {
      expect(reading).toEqual({ ok: true, minor: row.expected });
      expect(parseAmount(row.text, options)).toBe(row.expected);
      expect(amountOrNull(row.text, options)).toBe(row.expected);
    } else {
      expect(reading).toEqual({ ok: false, problem: row.expected });
      expect(thrown).toBe(row.expected);
      expect(amountOrNull(row.text, options)).toBeNull();
    }
    // A request's bound: the 13 whole digits.
    const asInput = readAmount(row.text, { ...options, max: maxInputMinorUnits(row.precision) });
    const expectedAsInput = row.asInput ?? row.expected;
    expect(asInput.ok ? asInput.minor : asInput.problem).toBe(expectedAsInput);
  });

  it.each(amountCases)('amountCodec($text, precision $precision)', (row) => {
    const schema = z.object({
      amount: amountCodec({
        precision: row.precision,
        allowZero: row.allowZero ?? false,
        allowNegative: row.allowNegative ?? false,
      }),
    });
    const result = schema.safeParse({ amount: row.text });
    if (typeof row.expected === 'bigint') {
      expect(result.data).toEqual({ amount: row.expected });
    } else {
      expect(result.error?.issues[0]?.message).toBe(row.expected);
      expect(result.error?.issues[0]?.path).toEqual(['amount']);
    }
  });

  it.each(amountCases)('the API schemas, which know no currency: $text', (row) => {
    // They check the spelling (and a request's 13 whole digits); the precision, zero and the sign
    // are the server's to check with the brand's currency.
    const spelledRight = row.expected !== 'format';
    expect(decimalAmountSchema.safeParse(row.text).success, named(row.text)).toBe(spelledRight);
    const inRequest = amountInputSchema.safeParse(row.text).success;
    if (!spelledRight || row.asInput === 'too_large') expect(inRequest, named(row.text)).toBe(false);
    else if (row.expected === 'too_large' && row.precision <= 4) expect(inRequest).toBe(false);
    else if (row.expected !== 'too_large') expect(inRequest, named(row.text)).toBe(true);
  });
});

describe('parseAmount', () => {
  it('says what is wrong in its message', () => {
    expect(() => parseAmount('1.001', { precision: 2 })).toThrow('at most 2 decimal places, got 3');
    expect(() => parseAmount('100.01', { precision: 2, max: 10_000n })).toThrow('the amount exceeds 100.00');
    expect(() => parseAmount('1e3', { precision: 2 })).toThrow('not a decimal amount: "1e3"');
  });

  it('bounds the magnitude by max, either sign', () => {
    expect(parseAmount('100.00', { precision: 2, max: 10_000n })).toBe(10_000n);
    expect(reasonOf(() => parseAmount('-100.01', { precision: 2, max: 10_000n, allowNegative: true }))).toBe(
      'too_large',
    );
  });

  it('rejects a nonsensical precision', () => {
    expect(() => parseAmount('1', { precision: -1 })).toThrow(RangeError);
    expect(() => parseAmount('1', { precision: 9 })).toThrow(RangeError);
    expect(() => parseAmount('1', { precision: 1.5 })).toThrow(RangeError);
    expect(() => amountCodec({ precision: 9 })).toThrow(RangeError);
  });

  it('refuses a JSON number in the codec: it may have lost precision before it arrived', () => {
    const schema = z.object({ amount: amountCodec({ precision: 2 }) });
    expect(schema.safeParse({ amount: 12.3 }).success).toBe(false);
    expect(z.encode(schema, { amount: 1230n })).toEqual({ amount: '12.30' });
  });
});

describe('formatAmount', () => {
  it('writes minor units as major units with exactly the precision', () => {
    expect(formatAmount(123450n, 2)).toBe('1234.50');
    expect(formatAmount(5n, 2)).toBe('0.05');
    expect(formatAmount(0n, 2)).toBe('0.00');
    expect(formatAmount(-5n, 2)).toBe('-0.05');
    expect(formatAmount(-123456n, 3)).toBe('-123.456');
    expect(formatAmount(42n, 0)).toBe('42');
    expect(formatAmount(1n, 8)).toBe('0.00000001');
    expect(formatAmount(MAX_MINOR_UNITS, 2)).toBe('92233720368547758.07');
  });

  it('round-trips with parseAmount at every precision', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
        fc.integer({ min: 0, max: 8 }),
        (minor, precision) => {
          const text = formatAmount(minor, precision);
          expect(parseAmount(text, { precision, allowZero: true, allowNegative: true })).toBe(minor);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('compareAmounts', () => {
  it('compares exactly, whatever the number of decimals', () => {
    expect(compareAmounts('50', '50.00')).toBe(0);
    expect(compareAmounts('49.99', '50')).toBe(-1);
    expect(compareAmounts('0.3', '0.299999999999999999')).toBe(1);
    expect(compareAmounts('-1', '0')).toBe(-1);
    expect(compareAmounts('-0', '0.00')).toBe(0);
    expect(compareAmounts('92233720368547758.08', '92233720368547758.07')).toBe(1);
  });

  it('refuses a text that is not an amount', () => {
    expect(reasonOf(() => compareAmounts('1e3', '1'))).toBe('format');
    expect(reasonOf(() => compareAmounts('1', ' 1'))).toBe('format');
  });
});

describe('groupAmount', () => {
  it('groups the whole part in threes, never through a float', () => {
    expect(groupAmount('1234567.50')).toBe('1,234,567.50');
    expect(groupAmount('-1000')).toBe('-1,000');
    expect(groupAmount('-130.00')).toBe('-130.00');
    expect(groupAmount('90071992547409931.25')).toBe('90,071,992,547,409,931.25');
    expect(groupAmount('1234', ' ')).toBe('1 234');
    expect(groupAmount('n/a')).toBe('n/a');
  });
});

describe('precisionOf, maxInputMinorUnits and rescaleAmount', () => {
  it('knows the ISO minor units of our currencies', () => {
    expect(precisionOf('BDT')).toBe(2);
    expect(precisionOf('JPY')).toBe(0);
    expect(precisionOf('KWD')).toBe(3);
    expect(() => precisionOf('XXX')).toThrow(/unknown currency/);
  });

  it('bounds a request at 13 whole digits, or the bigint where that is tighter', () => {
    expect(maxInputMinorUnits(2)).toBe(999_999_999_999_999n);
    expect(maxInputMinorUnits(0)).toBe(9_999_999_999_999n);
    expect(maxInputMinorUnits(8)).toBe(MAX_MINOR_UNITS);
  });

  it('rescales only without loss', () => {
    expect(rescaleAmount(125n, 2, 4)).toBe(12500n);
    expect(rescaleAmount(12500n, 4, 2)).toBe(125n);
    expect(reasonOf(() => rescaleAmount(12501n, 4, 2))).toBe('too_many_decimals');
  });
});
