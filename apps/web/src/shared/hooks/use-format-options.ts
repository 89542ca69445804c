import { useLanguageStore } from '../i18n/languages.ts';
import type { FormatOptions } from '../lib/format.ts';
import { useBrand } from '../api/get-whitelabel.ts';

/** The visitor's language and the brand's digit setting, for the format helpers. */
export function useFormatOptions(): FormatOptions {
  const language = useLanguageStore((state) => state.language);
  return { language, bengaliDigits: useBrand().bengaliDigits };
}
