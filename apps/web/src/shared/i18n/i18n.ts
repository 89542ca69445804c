import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '@khela/contract';
import { writeStorage } from '../lib/storage.ts';
import {
  catalogueLanguages,
  catalogueOf,
  currentApiLanguage,
  fallbackLanguage,
  languageStorageKey,
  setActiveApiLanguage,
  type CatalogueLanguage,
} from './languages.ts';

type Catalogue = Record<string, string>;

/** One chunk per catalogue: only the active language and the English fallback are fetched. */
const catalogueLoaders: Record<CatalogueLanguage, () => Promise<{ default: Catalogue }>> = {
  bn: () => import('../../locales/bn.json'),
  en: () => import('../../locales/en.json'),
  zh: () => import('../../locales/zh.json'),
  vi: () => import('../../locales/vi.json'),
  ja: () => import('../../locales/ja.json'),
  th: () => import('../../locales/th.json'),
};

function isCatalogueLanguage(value: string): value is CatalogueLanguage {
  return (catalogueLanguages as readonly string[]).includes(value);
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, _namespace: string, callback: ReadCallback) => {
    if (!isCatalogueLanguage(language)) {
      callback(null, {});
      return;
    }
    catalogueLoaders[language]().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

i18n.on('languageChanged', applyDocumentLanguage);

export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: catalogueOf(currentApiLanguage()),
    // Bengali and English are complete (locales.test.ts holds them to the same keys), so they need no
    // fallback: the Bengali home route fetches one catalogue. The partial ones fall back to English.
    fallbackLng: (code: string) => (code === 'bn' || code === fallbackLanguage ? [] : [fallbackLanguage]),
    supportedLngs: [...catalogueLanguages],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    // Keys are flat snake_case names such as `game_maintenance` (spec 2 names some of them).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/**
 * Switches the texts without a reload, remembers the choice (localStorage `language`, as an API code
 * so TY and EN stay distinct) and sets `<html lang>`.
 */
export async function changeLanguage(language: LanguageCode, options: { remember?: boolean } = {}) {
  setActiveApiLanguage(language);
  if (options.remember ?? true) writeStorage('local', languageStorageKey, language);
  await i18n.changeLanguage(catalogueOf(language));
}
