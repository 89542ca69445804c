import type { LanguageCode } from '@khela/contract';
import { formatWallTime, zoneLabel } from '@khela/contract/business-day';

/** Intl locale of each API language (TY has no stated meaning: English). */
const locales: Record<LanguageCode, string> = {
  BN: 'bn-BD',
  EN: 'en-US',
  CN: 'zh-CN',
  VI: 'vi-VN',
  JA: 'ja-JP',
  TH: 'th-TH',
  TY: 'en-US',
};

export interface FormatOptions {
  language: LanguageCode;
  /** The brand's `bengaliDigits` setting: Bengali digits (০–৯) in Bengali, Latin digits otherwise. */
  bengaliDigits: boolean;
  /**
   * The brand's time zone (whitelabel `timeZone`): every time a page shows is on the brand's
   * clock, never the browser's, so that it matches the days the server cuts and the zone the page
   * names (ZoneNote).
   */
  timeZone: string;
}

function localeOf({ language, bengaliDigits }: FormatOptions): string {
  // Intl gives Bengali digits for bn by default; the brand decides (spec: whitelabel.bengaliDigits).
  const numbering = language === 'BN' && bengaliDigits ? 'beng' : 'latn';
  return `${locales[language]}-u-nu-${numbering}`;
}

const bengaliZero = 0x09e6;

/** Latin digits to Bengali ones (for texts Intl does not make, such as fixed date patterns). */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(bengaliZero + Number(digit)));
}

export function formatNumber(value: number, options: FormatOptions, digits = 0): string {
  return new Intl.NumberFormat(localeOf(options), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Money with the brand's symbol (৳ for BDT) and its precision. */
export function formatMoney(
  value: number,
  options: FormatOptions & { symbol: string; precision: number },
): string {
  return `${options.symbol}${formatNumber(value, options, options.precision)}`;
}

/** Spec 3: announcement dates as YYYY-MM-DD HH:mm:ss, in the brand's time zone. */
export function formatDateTime(ms: number, options: FormatOptions): string {
  const text = formatWallTime(ms, options.timeZone, { seconds: true });
  return options.language === 'BN' && options.bengaliDigits ? toBengaliDigits(text) : text;
}

/** HH:mm on the brand's clock. */
export function formatTimeOfDay(ms: number, options: FormatOptions): string {
  const text = formatWallTime(ms, options.timeZone).slice(11);
  return options.language === 'BN' && options.bengaliDigits ? toBengaliDigits(text) : text;
}

/** A date in words for the visitor's language, e.g. promotion periods (the brand's calendar). */
export function formatDate(ms: number, options: FormatOptions): string {
  return new Intl.DateTimeFormat(localeOf(options), {
    dateStyle: 'medium',
    timeZone: options.timeZone,
  }).format(ms);
}

/** A date and time in words (the brand's clock), e.g. "locked until". */
export function formatDateTimeWords(
  ms: number,
  options: FormatOptions,
  style: { dateStyle: 'medium' | 'long'; timeStyle: 'short' } = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(localeOf(options), { ...style, timeZone: options.timeZone }).format(ms);
}

/** "Asia/Dhaka (GMT+6)": the zone the page's times are in, in the visitor's digits. */
export function formatZone(options: FormatOptions, now: number = Date.now()): string {
  const text = zoneLabel(options.timeZone, now);
  return options.language === 'BN' && options.bengaliDigits ? toBengaliDigits(text) : text;
}

/**
 * A decimal amount as the API sends it ("1234.50", major units) in the visitor's digits and
 * grouping, without going through a floating-point number: Intl formats decimal strings exactly.
 */
export function formatAmountText(text: string, options: FormatOptions, digits: number): string {
  return new Intl.NumberFormat(localeOf(options), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(text as `${number}`);
}
