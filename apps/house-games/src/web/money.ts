/// <reference lib="dom" />

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

const locales: Record<string, string> = { bn: 'bn-BD', en: 'en-IN' };

/** Formats minor units as money in the page's language (Bengali digits in bn). Display only. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const digits = currencyDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locales[lang] ?? 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

export function formatNumber(value: number, lang: string, fractionDigits = 2): string {
  return new Intl.NumberFormat(locales[lang] ?? 'en', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

export function formatMultiplier(value: number, lang: string): string {
  return `${formatNumber(value, lang, 2)}×`;
}

export function formatPercent(basisPoints: number, lang: string): string {
  return `${formatNumber(basisPoints / 100, lang, 2)} %`;
}
