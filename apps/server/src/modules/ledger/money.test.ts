import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  AmountError,
  MAX_MINOR_UNITS,
  amountCodec,
  formatAmount,
  parseAmount,
  precisionOf,
  rescaleAmount,
} from './money.ts';

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AmountError) return error.reason;
    throw error;
  }
}

describe('parseAmount', () => {
  it('reads major units into minor units at the precision', () => {
    expect(parseAmount('1234.50', { precision: 2 })).toBe(123450n);
    expect(parseAmount('1234.5', { precision: 2 })).toBe(123450n);
    expect(parseAmount('1234', { precision: 2 })).toBe(123400n);
    expect(parseAmount('0.01', { precision: 2 })).toBe(1n);
    expect(parseAmount('7', { precision: 0 })).toBe(7n);
    expect(parseAmount('1.234', { precision: 3 })).toBe(1234n);
    expect(parseAmount('92233720368547758.07', { precision: 2 })).toBe(MAX_MINOR_UNITS);
  });

  it('refuses anything that is not plain decimal notation', () => {
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '01',
      '1.',
      '.5',
      '1e3',
      '1,000',
      '0x10',
      'NaN',
      '1.2.3',
      '١٢',
    ]) {
      expect(
        reasonOf(() => parseAmount(text, { precision: 2 })),
        text,
      ).toBe('format');
    }
    expect(reasonOf(() => parseAmount('1'.repeat(41), { precision: 2 }))).toBe('format');
  });

  it('refuses more decimals than the currency has', () => {
    expect(reasonOf(() => parseAmount('1.001', { precision: 2 }))).toBe('too_many_decimals');
    expect(reasonOf(() => parseAmount('1.0', { precision: 0 }))).toBe('too_many_decimals');
    // Trailing zeros count too: the client formats to the currency's precision.
    expect(reasonOf(() => parseAmount('1.500', { precision: 2 }))).toBe('too_many_decimals');
  });

  it('refuses zero and negatives unless allowed', () => {
    expect(reasonOf(() => parseAmount('0', { precision: 2 }))).toBe('zero');
    expect(reasonOf(() => parseAmount('0.00', { precision: 2 }))).toBe('zero');
    expect(reasonOf(() => parseAmount('-0', { precision: 2 }))).toBe('zero');
    expect(reasonOf(() => parseAmount('-1', { precision: 2 }))).toBe('negative');
    expect(parseAmount('0', { precision: 2, allowZero: true })).toBe(0n);
    expect(parseAmount('-1.25', { precision: 2, allowNegative: true })).toBe(-125n);
  });

  it('refuses amounts above the limit or the bigint ceiling', () => {
    expect(reasonOf(() => parseAmount('92233720368547758.08', { precision: 2 }))).toBe('too_large');
    expect(reasonOf(() => parseAmount('100.01', { precision: 2, max: 10_000n }))).toBe('too_large');
    expect(reasonOf(() => parseAmount('-100.01', { precision: 2, max: 10_000n, allowNegative: true }))).toBe(
      'too_large',
    );
    expect(parseAmount('100.00', { precision: 2, max: 10_000n })).toBe(10_000n);
  });

  it('rejects a nonsensical precision', () => {
    expect(() => parseAmount('1', { precision: -1 })).toThrow(RangeError);
    expect(() => parseAmount('1', { precision: 9 })).toThrow(RangeError);
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

describe('precisionOf and rescaleAmount', () => {
  it('knows the ISO minor units of our currencies', () => {
    expect(precisionOf('BDT')).toBe(2);
    expect(precisionOf('JPY')).toBe(0);
    expect(precisionOf('KWD')).toBe(3);
    expect(() => precisionOf('XXX')).toThrow(/unknown currency/);
  });

  it('rescales only without loss', () => {
    expect(rescaleAmount(125n, 2, 4)).toBe(12500n);
    expect(rescaleAmount(12500n, 4, 2)).toBe(125n);
    expect(reasonOf(() => rescaleAmount(12501n, 4, 2))).toBe('too_many_decimals');
  });
});

describe('amountCodec', () => {
  const schema = z.object({ amount: amountCodec({ precision: 2, max: 1_000_000n }) });

  it('decodes a decimal string to bigint minor units and encodes back', () => {
    expect(schema.parse({ amount: '12.30' })).toEqual({ amount: 1230n });
    expect(z.encode(schema, { amount: 1230n })).toEqual({ amount: '12.30' });
  });

  it('reports the reason of a bad amount as the issue message', () => {
    const cases: [unknown, string][] = [
      ['1.234', 'too_many_decimals'],
      ['0', 'zero'],
      ['-5', 'negative'],
      ['10000.01', 'too_large'],
      ['1e2', 'format'],
    ];
    for (const [amount, reason] of cases) {
      const result = schema.safeParse({ amount });
      expect(result.success, String(amount)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(reason);
      expect(result.error?.issues[0]?.path).toEqual(['amount']);
    }
    // A JSON number is refused outright: it may have lost precision before it arrived.
    expect(schema.safeParse({ amount: 12.3 }).success).toBe(false);
  });
});
