import type { LanguageCode } from '@khela/contract';

/** The language of a read: the query's, else the `Language` header's, else the brand default. */
export function resolveLanguage(
  fromQuery: LanguageCode | undefined,
  fromHeader: unknown,
  brandDefault: LanguageCode,
  offered: readonly LanguageCode[],
): LanguageCode {
  if (fromQuery) return fromQuery;
  if (typeof fromHeader === 'string') {
    const code = fromHeader.trim().toUpperCase() as LanguageCode;
    if (offered.includes(code)) return code;
  }
  return brandDefault;
}
