import { create } from 'zustand';
import type { LanguageCode } from '@khela/contract';
import { readStorage } from '../lib/storage.ts';

/** The catalogue codes we have catalogues for (src/locales/<code>.json). */
export const catalogueLanguages = ['bn', 'en', 'zh', 'vi', 'ja', 'th'] as const;
export type CatalogueLanguage = (typeof catalogueLanguages)[number];

export const defaultApiLanguage: LanguageCode = 'BN';
export const fallbackLanguage: CatalogueLanguage = 'en';
export const languageStorageKey = 'language';

/**
 * API language codes (spec 1) → catalogue. CN is Chinese. TY has no stated meaning (docs/design.md): it is
 * kept as data and shown in English until someone says what it is.
 */
const catalogueOfApiLanguage: Record<LanguageCode, CatalogueLanguage> = {
  BN: 'bn',
  EN: 'en',
  CN: 'zh',
  VI: 'vi',
  JA: 'ja',
  TH: 'th',
  TY: 'en',
};

/** Each language's name in itself, as language menus show them. */
export const nativeLanguageNames: Record<LanguageCode, string> = {
  BN: 'বাংলা',
  EN: 'English',
  CN: '中文',
  VI: 'Tiếng Việt',
  JA: '日本語',
  TH: 'ไทย',
  TY: 'TY',
};

export function isApiLanguage(value: string | null | undefined): value is LanguageCode {
  return value !== null && value !== undefined && Object.hasOwn(catalogueOfApiLanguage, value);
}

export function catalogueOf(language: LanguageCode): CatalogueLanguage {
  return catalogueOfApiLanguage[language];
}

/** The visitor's stored choice, if any (localStorage `language`, an API code). */
export function storedApiLanguage(): LanguageCode | null {
  const stored = readStorage('local', languageStorageKey);
  return isApiLanguage(stored) ? stored : null;
}

/**
 * The active API language. Kept apart from the catalogue language because EN and TY share the English
 * catalogue but are different choices (the `Language` header and the menu's tick differ).
 */
export const useLanguageStore = create<{ language: LanguageCode }>()(() => ({
  language: storedApiLanguage() ?? defaultApiLanguage,
}));

export function currentApiLanguage(): LanguageCode {
  return useLanguageStore.getState().language;
}

export function setActiveApiLanguage(language: LanguageCode): void {
  useLanguageStore.setState({ language });
}
