/**
 * The server's money helpers are the contract's (`@khela/contract/money`, where the one rule of
 * what an amount string is is written down): the web and the back office parse amounts with the
 * same code, so a form can never accept what the server refuses. This file keeps the names the
 * modules import (it is a public file of the ledger, eslint-rules/server-boundaries.js).
 *
 * Units: `bigint` MINOR units in the server and the database; decimal strings in MAJOR units
 * ("1234.50") on the API, exactly at the currency's precision.
 */
export {
  AmountError,
  MAX_MINOR_UNITS,
  MAX_PRECISION,
  amountPattern,
  currencyPrecisions,
  formatAmount,
  isCurrencyCode,
  parseAmount,
  precisionOf,
  readAmount,
  rescaleAmount,
  type AmountProblem,
  type ParseAmountOptions,
} from '@khela/contract/money';
export { amountCodec } from '@khela/contract';
