import { useLanguageStore } from '../i18n/languages.ts';
import type { FormatOptions } from '../lib/format.ts';
import { useBrand } from '../api/get-whitelabel.ts';

/** The visitor's language, the brand's digit setting and time zone, for the format helpers. */
export function useFormatOptions(): FormatOptions {
  const language = useLanguageStore((state) => state.language);
  const brand = useBrand();
  return { language, bengaliDigits: brand.bengaliDigits, timeZone: brand.timeZone };
}
