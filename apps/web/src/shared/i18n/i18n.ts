import rosetta from 'rosetta';
import type { LanguageCode } from '@khela/contract';
import { writeStorage } from '../lib/storage.ts';
import {
  catalogueOf,
  currentApiLanguage,
  languageStorageKey,
  setActiveApiLanguage,
  type CatalogueLanguage,
} from './languages.ts';

/*
 * The texts: flat snake_case keys (`game_maintenance`…, spec 2 names some of them) with `{{name}}`
 * placeholders, one catalogue per language, every catalogue complete (locales.test.ts). rosetta
 * (300 bytes) looks them up and fills the placeholders; this module loads the catalogues and tells
 * React when they change (use-translation.ts). It replaced i18next and react-i18next, about 16 KB
 * gzipped of start-up script for features the site does not use (plurals, namespaces, backends).
 */

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

const texts = rosetta<Catalogue>();
let language: CatalogueLanguage = catalogueOf(currentApiLanguage());
texts.locale(language);
document.documentElement.lang = language;

/** Bumped whenever what `translate` answers may have changed (texts added, language switched). */
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function textsVersion(): number {
  return version;
}

/** The text of `key` in the active language with its placeholders filled; the key itself if unknown. */
export function translate(key: string, values?: Record<string, unknown>): string {
  return texts.t(key, values ?? {}) || key;
}

function addTexts(catalogueLanguage: CatalogueLanguage, catalogue: Catalogue): void {
  texts.set(catalogueLanguage, catalogue);
  if (catalogueLanguage === language) changed();
}

/** The whole catalogue of a language, fetched once (a failed fetch is tried again next time). */
const wholeCatalogues = new Map<CatalogueLanguage, Promise<void>>();

function loadWholeCatalogue(catalogueLanguage: CatalogueLanguage): Promise<void> {
  let loading = wholeCatalogues.get(catalogueLanguage);
  if (!loading) {
    const parts = catalogueLoaders[catalogueLanguage];
    loading = Promise.all([parts.start(), parts.rest()]).then(([start, rest]) => {
      addTexts(catalogueLanguage, { ...start.default, ...rest.default });
    });
    loading.catch(() => wholeCatalogues.delete(catalogueLanguage));
    wholeCatalogues.set(catalogueLanguage, loading);
  }
  return loading;
}

// Start-up: paint with the start part of the active language, then add the rest.
const startLanguage = language;
let isStartLoaded = false;

/** Resolves once the first view's texts are in (components suspend until then). */
export const i18nReady: Promise<void> = catalogueLoaders[startLanguage].start().then((module) => {
  addTexts(startLanguage, module.default);
  isStartLoaded = true;
});

export function startTextsLoaded(): boolean {
  return isStartLoaded;
}

let restOfTexts: Promise<unknown> = i18nReady.then(() => loadWholeCatalogue(startLanguage));
// Awaited by page chunks; a failure here is reported there, not as an unhandled rejection.
restOfTexts.catch(() => undefined);

/**
 * Resolves once the whole catalogue of the active language is in. Page chunks wait for it
 * (loadChunk) so that no page shows a key; the first view of the home page needs only `start`.
 * After a failed fetch (a flaky network) the next call tries again.
 */
export function allTextsLoaded(): Promise<unknown> {
  restOfTexts = restOfTexts.catch(() => loadWholeCatalogue(language));
  return restOfTexts;
}

/** The active catalogue language and the lookup, for code outside components (and tests). */
export const i18n = {
  get language(): CatalogueLanguage {
    return language;
  },
  t: translate,
};

/**
 * Switches the texts without a reload, remembers the choice (localStorage `language`, as an API code
 * so TY and EN stay distinct) and sets `<html lang>`. Resolves once the new texts are shown.
 */
export async function changeLanguage(apiLanguage: LanguageCode, options: { remember?: boolean } = {}) {
  setActiveApiLanguage(apiLanguage);
  if (options.remember ?? true) writeStorage('local', languageStorageKey, apiLanguage);
  const next = catalogueOf(apiLanguage);
  // A language switched later: everything at once, so the page never shows a key.
  await loadWholeCatalogue(next);
  language = next;
  texts.locale(next);
  document.documentElement.lang = next;
  changed();
}
