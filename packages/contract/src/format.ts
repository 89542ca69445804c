import { formatWallTime, zoneLabel } from './business-day.ts';

/**
 * The one formatting layer for what people read (docs/design.md, Numbers, dates and plurals):
 * numbers, money, dates, times and plural forms, for the member site, the house games' pages and
 * anything else that shows a figure. Imported through `@khela/contract/format`; it imports nothing
 * but Intl and business-day.ts (no zod), so any page can bundle it.
 *
 * The rules, the same on every page:
 * - Digits are the brand's choice (whitelabel `bengaliDigits`), applied to EVERYTHING a Bengali page
 *   shows: numbers, money, dates, counts filled into texts and the digits the Bengali catalogue
 *   writes itself ("৩০ দিন" becomes "30 দিন" when the brand chose Latin). The default is Latin
 *   (false): amounts are typed in Latin digits (the money rules refuse "১২"), user names, order
 *   numbers and phone numbers are Latin, so a page in Latin digits reads the same as what the
 *   player types and copies. Other languages always use Latin digits.
 * - Money is the brand's sign before the number, minus sign first: "৳985.13", "-৳40.00",
 *   "৳৯৮৫.১৩" with Bengali digits; never Intl's currency style (bn puts the sign after: "৯৮৫.১৩৳").
 * - Times are on the brand's clock (whitelabel `timeZone`), never the browser's.
 * - Plurals come from Intl.PluralRules of the page's language (`pluralCategory`).
 */

/** The platform's language codes (the API's `Language`), or a house page's two-letter code. */
export type FormatLanguage = 'BN' | 'EN' | 'CN' | 'VI' | 'JA' | 'TH' | 'TY';

/** Intl locale of each API language (TY has no stated meaning: English). */
export const intlLocales: Readonly<Record<FormatLanguage, string>> = {
  BN: 'bn-BD',
  EN: 'en-US',
  CN: 'zh-CN',
  VI: 'vi-VN',
  JA: 'ja-JP',
  TH: 'th-TH',
  TY: 'en-US',
};

export interface FormatOptions {
  language: FormatLanguage;
  /** The brand's `bengaliDigits` setting: Bengali digits (০–৯) in Bengali, Latin digits otherwise. */
  bengaliDigits: boolean;
  /**
   * The brand's time zone (whitelabel `timeZone`): every time a page shows is on the brand's
   * clock, never the browser's, so that it matches the days the server cuts and the zone the page
   * names.
   */
  timeZone: string;
}

/** What digits and grouping depend on (a whole FormatOptions will do). */
export type DigitOptions = Pick<FormatOptions, 'language' | 'bengaliDigits'> & { timeZone?: string };

/** The platform language of a two-letter page language ("bn" → BN); English for any other. */
export function formatLanguageOf(code: string): FormatLanguage {
  const upper = code.slice(0, 2).toUpperCase();
  if (upper === 'ZH') return 'CN';
  return upper in intlLocales ? (upper as FormatLanguage) : 'EN';
}

/** True when this page writes Bengali digits: a Bengali page of a brand that chose them. */
export function usesBengaliDigits(options: DigitOptions): boolean {
  return options.language === 'BN' && options.bengaliDigits;
}

/** The Intl locale with the numbering system spelled out ("bn-BD-u-nu-latn"). */
export function intlLocaleOf(options: DigitOptions): string {
  return `${intlLocales[options.language]}-u-nu-${usesBengaliDigits(options) ? 'beng' : 'latn'}`;
}

const bengaliZero = 0x09e6;

/** Latin digits to Bengali ones (for texts Intl does not make, such as fixed date patterns). */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(bengaliZero + Number(digit)));
}

/** Bengali digits to Latin ones. */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - bengaliZero));
}

/**
 * A text the site wrote itself (a catalogue entry, a fixed pattern) in the page's digits: Bengali
 * digits become Latin on a brand that chose Latin; Latin digits become Bengali on one that chose
 * Bengali only when `all` is set (a catalogue also holds names such as "SHA-256" that stay Latin).
 */
export function inPageDigits(text: string, options: DigitOptions, all = false): string {
  if (usesBengaliDigits(options)) return all ? toBengaliDigits(text) : text;
  return toLatinDigits(text);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, options: DigitOptions, digits = 0) {
  return numberFormat(intlLocaleOf(options), digits).format(value);
}

/**
 * A decimal amount as the API sends it ("1234.50", major units) in the page's digits and
 * grouping, without going through a floating-point number: Intl formats decimal strings exactly.
 */
export function formatAmountText(text: string, options: DigitOptions, digits: number): string {
  return numberFormat(intlLocaleOf(options), digits).format(text as `${number}`);
}

export interface MoneyOptions extends DigitOptions {
  /** The brand's currency sign (whitelabel `currencySymbol`, ৳ for BDT). */
  symbol: string;
  /** The currency's decimals (whitelabel `currencyPrecision`). */
  precision: number;
}

function signed(formatted: string, symbol: string): string {
  return formatted.startsWith('-') ? `-${symbol}${formatted.slice(1)}` : `${symbol}${formatted}`;
}

/** Money: the sign before the number, the minus before the sign ("-৳40.00"). */
export function formatMoney(value: number, options: MoneyOptions): string {
  return signed(formatNumber(value, options, options.precision), options.symbol);
}

/** Money from an API amount ("1234.50"), exactly. */
export function formatMoneyText(text: string, options: MoneyOptions): string {
  return signed(formatAmountText(text, options, options.precision), options.symbol);
}

/** Money from integer minor units (poisha), exactly. */
export function formatMinorMoney(minor: number | bigint, options: MoneyOptions): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(options.precision + 1, '0');
  const whole = digits.slice(0, digits.length - options.precision);
  const fraction = digits.slice(digits.length - options.precision);
  const text = `${negative ? '-' : ''}${whole}${options.precision > 0 ? `.${fraction}` : ''}`;
  return formatMoneyText(text, options);
}

/** The usual sign of a currency ("৳" for BDT), for pages that know only its code. */
export function currencySign(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((entry) => entry.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

/** Spec 3: YYYY-MM-DD HH:mm:ss on the brand's clock, in the page's digits. */
export function formatDateTime(ms: number, options: FormatOptions, showSeconds = true): string {
  return inPageDigits(formatWallTime(ms, options.timeZone, { seconds: showSeconds }), options, true);
}

/** HH:mm (or HH:mm:ss) on the brand's clock. */
export function formatTimeOfDay(ms: number, options: FormatOptions, showSeconds = false): string {
  return inPageDigits(
    formatWallTime(ms, options.timeZone, { seconds: showSeconds }).slice(11),
    options,
    true,
  );
}

/** A date in words for the page's language (the brand's calendar), e.g. promotion periods. */
export function formatDate(ms: number, options: FormatOptions): string {
  return new Intl.DateTimeFormat(intlLocaleOf(options), {
    dateStyle: 'medium',
    timeZone: options.timeZone,
  }).format(ms);
}

/** A date and time in words (the brand's clock), e.g. "locked until"; `zone` adds its short name. */
export function formatDateTimeWords(
  ms: number,
  options: FormatOptions,
  style: { dateStyle: 'medium' | 'long'; timeStyle: 'short' } = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(intlLocaleOf(options), { ...style, timeZone: options.timeZone }).format(ms);
}

/** "Asia/Dhaka (GMT+6)": the zone the page's times are in, in the page's digits. */
export function formatZone(options: FormatOptions, now: number = Date.now()): string {
  return inPageDigits(zoneLabel(options.timeZone, now), options, true);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** Intl.PluralRules' category of `count` in the page's language ("one", "other", …). */
export function pluralCategory(count: number, language: FormatLanguage): Intl.LDMLPluralRule {
  const locale = intlLocales[language];
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * A moment in words with its zone named ("Dec 6, 2026, 6:04 AM GMT+6"), on the brand's clock: for
 * a time shown where the page has no zone line of its own (a lock's end, maintenance's end).
 */
export function formatMomentWithZone(ms: number, options: FormatOptions): string {
  return new Intl.DateTimeFormat(intlLocaleOf(options), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
    timeZoneName: 'short',
  }).format(ms);
}
