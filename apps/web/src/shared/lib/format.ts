/**
 * The site's formatting helpers are the contract's one formatting layer (packages/contract/src/
 * format.ts: digits by the brand's choice, money with the sign before the number, times on the
 * brand's clock, Intl plural rules), shared with the house games' pages.
 */
export {
  formatAmountText,
  formatDate,
  formatDateTime,
  formatDateTimeWords,
  formatMoney,
  formatMoneyText,
  formatMomentWithZone,
  formatNumber,
  formatTimeOfDay,
  formatZone,
  inPageDigits,
  intlLocaleOf,
  intlLocales,
  pluralCategory,
  toBengaliDigits,
  toLatinDigits,
  usesBengaliDigits,
  type FormatOptions,
} from '@khela/contract/format';
