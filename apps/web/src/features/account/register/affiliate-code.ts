/**
 * The affiliate (upline agent) code a link brought (spec 3: the register call sends the stored code
 * when the field is empty). Tiny and free of form code, so the app shell may call
 * `rememberAffiliateCode(location.search)` at start-up too.
 */
export const affiliateStorageKey = 'affiliateCode';

/** Keeps `affiliateCode` of a query string in localStorage; answers it (or null). */
export function rememberAffiliateCode(search: string): string | null {
  const code = new URLSearchParams(search).get('affiliateCode')?.trim() || null;
  if (!code) return null;
  try {
    window.localStorage.setItem(affiliateStorageKey, code);
  } catch {
    // Storage may be off (private mode): the code still goes into the field.
  }
  return code;
}

export function storedAffiliateCode(): string | null {
  try {
    return window.localStorage.getItem(affiliateStorageKey);
  } catch {
    return null;
  }
}
