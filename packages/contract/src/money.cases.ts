import { MAX_MINOR_UNITS, type AmountProblem } from './money.ts';

/**
 * The one table of amount texts and what they read as (`@khela/contract/money-cases`). The
 * contract's, the server's, the member site's and the back office's tests all feed it to their
 * own amount parsing, so the four cannot drift apart: a row changed here changes every suite.
 */
export interface AmountCase {
  text: string;
  precision: number;
  allowZero?: boolean;
  allowNegative?: boolean;
  /** What `readAmount` gives: the minor units, or why it refuses. */
  expected: bigint | AmountProblem;
  /**
   * Where an amount in a REQUEST is refused although `readAmount` (bounded by the bigint only)
   * accepts it: requests are bounded at 13 whole digits (`maxInputMinorUnits`, the contract's
   * `amountInputSchema`, the forms of both apps).
   */
  asInput?: AmountProblem;
}

const maxAt2 = '92233720368547758.07';
const maxAt8 = '92233720368.54775807';

export const amountCases: readonly AmountCase[] = [
  // Accepted: plain decimals with up to `precision` fraction digits.
  { text: '0.01', precision: 2, expected: 1n },
  { text: '1', precision: 2, expected: 100n },
  { text: '1.5', precision: 2, expected: 150n },
  { text: '1234.50', precision: 2, expected: 123450n },
  { text: '500.50', precision: 2, expected: 50050n },
  { text: '500', precision: 0, expected: 500n },
  { text: '1.234', precision: 3, expected: 1234n },
  { text: '0.5', precision: 3, expected: 500n },
  { text: '0.00000001', precision: 8, expected: 1n },
  { text: '12.3', precision: 8, expected: 1_230_000_000n },
  { text: '9999999999999.99', precision: 2, expected: 999_999_999_999_999n },
  { text: '10000000000000', precision: 2, expected: 1_000_000_000_000_000n, asInput: 'too_large' },
  { text: maxAt2, precision: 2, expected: MAX_MINOR_UNITS, asInput: 'too_large' },
  { text: '9223372036854775807', precision: 0, expected: MAX_MINOR_UNITS, asInput: 'too_large' },
  // At 8 decimals the bigint holds only 11 whole digits: the bigint is the tighter bound.
  { text: maxAt8, precision: 8, expected: MAX_MINOR_UNITS },
  { text: '0', precision: 2, allowZero: true, expected: 0n },
  { text: '0.00', precision: 2, allowZero: true, expected: 0n },
  { text: '-0', precision: 2, allowZero: true, expected: 0n },
  { text: '-1.25', precision: 2, allowNegative: true, expected: -125n },
  { text: `-${maxAt2}`, precision: 2, allowNegative: true, expected: -MAX_MINOR_UNITS, asInput: 'too_large' },

  // More fraction digits than the currency has, trailing zeros included.
  { text: '500.500', precision: 2, expected: 'too_many_decimals' },
  { text: '1.001', precision: 2, expected: 'too_many_decimals' },
  { text: '1.0', precision: 0, expected: 'too_many_decimals' },
  { text: '1.2345', precision: 3, expected: 'too_many_decimals' },
  { text: '1.123456789', precision: 8, expected: 'too_many_decimals' },
  { text: '0.000', precision: 2, allowZero: true, expected: 'too_many_decimals' },

  // Not spelled as an amount.
  { text: '', precision: 2, expected: 'format' },
  { text: ' ', precision: 2, expected: 'format' },
  { text: ' 1', precision: 2, expected: 'format' },
  { text: '1 ', precision: 2, expected: 'format' },
  { text: '1 000', precision: 2, expected: 'format' },
  { text: '1\t', precision: 2, expected: 'format' },
  { text: '1\n', precision: 2, expected: 'format' },
  { text: '1\u0000', precision: 2, expected: 'format' },
  { text: '\u00001', precision: 2, expected: 'format' },
  { text: '+1', precision: 2, expected: 'format' },
  { text: '--1', precision: 2, allowNegative: true, expected: 'format' },
  { text: '- 1', precision: 2, allowNegative: true, expected: 'format' },
  { text: '1-', precision: 2, allowNegative: true, expected: 'format' },
  { text: '1.', precision: 2, expected: 'format' },
  { text: '.5', precision: 2, expected: 'format' },
  { text: '-.5', precision: 2, allowNegative: true, expected: 'format' },
  { text: '1.2.3', precision: 2, expected: 'format' },
  { text: '1,000', precision: 2, expected: 'format' },
  { text: '1,5', precision: 2, expected: 'format' },
  { text: '1_000', precision: 2, expected: 'format' },
  { text: '1e3', precision: 2, expected: 'format' },
  { text: '1E3', precision: 2, expected: 'format' },
  { text: '0x10', precision: 2, expected: 'format' },
  { text: '0b1', precision: 2, expected: 'format' },
  { text: 'NaN', precision: 2, expected: 'format' },
  { text: 'Infinity', precision: 2, expected: 'format' },
  { text: '01', precision: 2, expected: 'format' },
  { text: '00012.30', precision: 2, expected: 'format' },
  { text: '-01', precision: 2, allowNegative: true, expected: 'format' },
  { text: '\uff11\uff12', precision: 2, expected: 'format' }, // full-width １２
  { text: '\u09e7\u09e8', precision: 2, expected: 'format' }, // Bengali ১২
  { text: '\u0661\u0662', precision: 2, expected: 'format' }, // Arabic-Indic ١٢
  { text: '1\u00a0000', precision: 2, expected: 'format' }, // no-break space
  { text: '৳100', precision: 2, expected: 'format' },
  { text: '100 BDT', precision: 2, expected: 'format' },
  { text: '1'.repeat(41), precision: 0, expected: 'format' },

  // Spelled right, refused by the sign, zero or size rules.
  { text: '0', precision: 2, expected: 'zero' },
  { text: '0.00', precision: 2, expected: 'zero' },
  { text: '0', precision: 0, expected: 'zero' },
  { text: '-0', precision: 2, expected: 'zero' },
  { text: '-0.00', precision: 2, allowNegative: true, expected: 'zero' },
  { text: '-1', precision: 2, expected: 'negative' },
  { text: '-0.01', precision: 2, expected: 'negative' },
  { text: '-5', precision: 0, allowZero: true, expected: 'negative' },
  { text: '92233720368547758.08', precision: 2, expected: 'too_large' },
  { text: '9223372036854775808', precision: 0, expected: 'too_large' },
  { text: '92233720368.54775808', precision: 8, expected: 'too_large' },
  { text: '100000000000', precision: 8, expected: 'too_large' },
  { text: '-92233720368547758.08', precision: 2, allowNegative: true, expected: 'too_large' },
  { text: '99999999999999999999', precision: 2, expected: 'too_large' },
  { text: '1'.repeat(40), precision: 0, expected: 'too_large' },
];
