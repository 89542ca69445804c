/// <reference lib="dom" />
import {
  currencySign,
  formatMinorMoney,
  formatNumber as formatInDigits,
  formatLanguageOf,
} from '@khela/contract/format';

/**
 * The game pages' figures, through the platform's one formatting layer (@khela/contract/format): the
 * site's digits (the launch URL's `digits`) and its money, the currency sign before the number
 * ("৳985.13", never Intl's Bengali "৯৮৫.১৩৳"), so the game and the site's header read alike.
 */

let pageDigits: 'beng' | 'latn' = 'latn';

/** The digits the site asked for (the launch URL's `digits`; Latin when it says nothing). */
export function setPageDigits(digits: string | undefined): void {
  pageDigits = digits === 'beng' ? 'beng' : 'latn';
}

/** The format options of a page in `lang` with the site's digits. */
export function formatOptionsOf(lang: string) {
  return { language: formatLanguageOf(lang), bengaliDigits: pageDigits === 'beng' };
}

/** Amounts arrive in minor units; the currency's own precision says where the point goes. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** Formats minor units as money in the page's language and digits, sign first. Display only. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  return formatMinorMoney(Math.trunc(minor), {
    ...formatOptionsOf(lang),
    symbol: currencySign(currency),
    precision: currencyDigits(currency),
  });
}

export function formatNumber(value: number, lang: string, fractionDigits = 2): string {
  return formatInDigits(value, formatOptionsOf(lang), fractionDigits);
}

export function formatMultiplier(value: number, lang: string): string {
  return `${formatNumber(value, lang, 2)}×`;
}

export function formatPercent(basisPoints: number, lang: string): string {
  return `${formatNumber(basisPoints / 100, lang, 2)} %`;
}
