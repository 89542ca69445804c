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

interface CatalogueParts {
  /** The texts of the first view (the shell and the home page). */
  start: () => Promise<{ default: Catalogue }>;
  /** Every other text: fetched right after `start`, awaited by every other chunk. */
  rest: () => Promise<{ default: Catalogue }>;
}

/**
 * Two chunks per catalogue (catalogue-split.ts): only the active language is fetched, and only its
 * start-up part before the first paint.
 */
const catalogueLoaders: Record<CatalogueLanguage, CatalogueParts> = {
  bn: { start: () => import('virtual:catalogue/bn/start'), rest: () => import('virtual:catalogue/bn/rest') },
  en: { start: () => import('virtual:catalogue/en/start'), rest: () => import('virtual:catalogue/en/rest') },
  zh: { start: () => import('virtual:catalogue/zh/start'), rest: () => import('virtual:catalogue/zh/rest') },
  vi: { start: () => import('virtual:catalogue/vi/start'), rest: () => import('virtual:catalogue/vi/rest') },
  ja: { start: () => import('virtual:catalogue/ja/start'), rest: () => import('virtual:catalogue/ja/rest') },
  th: { start: () => import('virtual:catalogue/th/start'), rest: () => import('virtual:catalogue/th/rest') },
};

function isCatalogueLanguage(value: string): value is CatalogueLanguage {
  return (catalogueLanguages as readonly string[]).includes(value);
}

let firstRead = true;
let restOfTexts: Promise<unknown> = Promise.resolve();
let loadRestAgain: () => Promise<unknown> = () => Promise.resolve();

/**
 * Resolves once the whole catalogue of the active language is in. Page chunks wait for it
 * (loadChunk) so that no page shows a key; the first view of the home page needs only `start`.
 * After a failed fetch (a flaky network) the next call tries again.
 */
export function allTextsLoaded(): Promise<unknown> {
  restOfTexts = restOfTexts.catch(() => loadRestAgain());
  return restOfTexts;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, _namespace: string, callback: ReadCallback) => {
    if (!isCatalogueLanguage(language)) {
      callback(null, {});
      return;
    }
    const parts = catalogueLoaders[language];
    const fail = (error: unknown) =>
      callback(error instanceof Error ? error : new Error(String(error)), false);
    if (firstRead) {
      // Start-up: paint with the start part, then add the rest (react-i18next re-renders on 'added').
      firstRead = false;
      const start = parts.start();
      loadRestAgain = () =>
        parts.rest().then((rest) => {
          i18n.addResourceBundle(language, 'translation', rest.default, true, true);
        });
      restOfTexts = start.then(loadRestAgain);
      // Awaited by page chunks; a failure here is reported there, not as an unhandled rejection.
      restOfTexts.catch(() => undefined);
      start.then((module) => callback(null, module.default as ResourceKey), fail);
      return;
    }
    // A language switched later: everything at once, so the page never shows a key.
    Promise.all([parts.start(), parts.rest()]).then(
      ([start, rest]) => callback(null, { ...start.default, ...rest.default } as ResourceKey),
      fail,
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
    // 'added': the rest of the catalogue arriving after the first paint re-renders what shows it.
    react: { useSuspense: true, bindI18nStore: 'added' },
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
