import type { LanguageCode } from '@khela/contract';
import { writeStorage } from '../lib/storage.ts';
import {
  catalogueOf,
  currentApiLanguage,
  languageStorageKey,
  setActiveApiLanguage,
  type CatalogueLanguage,
} from './languages.ts';
import { fillPlaceholders } from '@khela/contract/client-kit';
import { inPageDigits, pluralCategory, usesBengaliDigits, type FormatLanguage } from '@khela/contract/format';

/*
 * The texts: flat snake_case keys (`game_maintenance`…, spec 2 names some of them) with `{{name}}`
 * placeholders, one catalogue per language, every catalogue complete (locales.test.ts). This module
 * loads the catalogues and publishes the active texts as one immutable snapshot; components read it
 * through useTranslation (use-translation.ts). It replaced i18next and react-i18next, about 16 KB
 * gzipped of start-up script for features the site does not use (plurals, namespaces, backends).
 *
 * The snapshot is the whole state: its `t` reads its own catalogue object, never a shared mutable
 * one, so a render that started with one snapshot shows that snapshot's texts to the end even if the
 * rest of the catalogue or another language arrives meanwhile (React then renders again with the new
 * one).
 */

type Catalogue = Readonly<Record<string, string>>;
type Values = Readonly<Record<string, unknown>>;

interface CatalogueParts {
  /** The texts of the first view (the shell and the home page). */
  start: () => Promise<{ default: Record<string, string> }>;
  /** Every other text: fetched right after `start`, awaited by every other chunk. */
  rest: () => Promise<{ default: Record<string, string> }>;
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

/** `{{name}}` filled from `values`; a placeholder without a value stays as written. */
const fill: (text: string, values: Values | undefined) => string = fillPlaceholders;

/** One state of the texts: a language and what of its catalogue has arrived. Never changed. */
export interface Texts {
  readonly language: CatalogueLanguage;
  /** The text of `key` with its placeholders filled; the key itself when the catalogue lacks it. */
  readonly t: (key: string, values?: Values) => string;
  readonly exists: (key: string) => boolean;
}

/** Intl's language of each catalogue (plural rules, digits). */
const formatLanguageOfCatalogue: Record<CatalogueLanguage, FormatLanguage> = {
  bn: 'BN',
  en: 'EN',
  zh: 'CN',
  vi: 'VI',
  ja: 'JA',
  th: 'TH',
};

/**
 * The brand's digits (whitelabel bengaliDigits), set when the brand's settings arrive
 * (getWhitelabel): a Bengali text is shown wholly in them, the digits its catalogue entry writes
 * ("৩০ দিন") and the counts filled into it alike, so one screen never mixes ২০ and 30.
 */
let brandBengaliDigits = false;

/**
 * `key` with a `count` value: the entry of the count's plural category (Intl.PluralRules of the
 * language: `lottery_hits_one`, `lottery_hits_other`), else `key_other`, else `key` itself.
 */
function entryOf(catalogue: Catalogue, language: FormatLanguage, key: string, values: Values | undefined) {
  const count = values?.count;
  if (typeof count === 'number') {
    for (const candidate of [`${key}_${pluralCategory(count, language)}`, `${key}_other`]) {
      if (Object.hasOwn(catalogue, candidate)) return catalogue[candidate]!;
    }
  }
  return Object.hasOwn(catalogue, key) ? catalogue[key]! : undefined;
}

function textsOf(language: CatalogueLanguage, catalogue: Catalogue): Texts {
  const digits = { language: formatLanguageOfCatalogue[language], bengaliDigits: brandBengaliDigits };
  const digitsOf = (text: string) => (language === 'bn' ? inPageDigits(text, digits) : text);
  // Numbers filled into a text take the page's digits (strings were formatted by their caller).
  const inDigits = (values: Values | undefined): Values | undefined => {
    if (!values || !usesBengaliDigits(digits)) return values;
    const converted: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      converted[name] = typeof value === 'number' ? inPageDigits(String(value), digits, true) : value;
    }
    return converted;
  };
  return {
    language,
    t: (key, values) => {
      const entry = entryOf(catalogue, digits.language, key, values);
      return entry === undefined ? fill(key, values) : fill(digitsOf(entry), inDigits(values));
    },
    exists: (key) => Object.hasOwn(catalogue, key) || Object.hasOwn(catalogue, `${key}_other`),
  };
}

const startLanguage = catalogueOf(currentApiLanguage());
let current: Texts = textsOf(startLanguage, {});
const listeners = new Set<() => void>();
document.documentElement.lang = startLanguage;

function publish(next: Texts): void {
  current = next;
  document.documentElement.lang = next.language;
  for (const listener of listeners) listener();
}

/** The brand's digit choice (whitelabel bengaliDigits): the texts are shown again in it. */
export function setBrandDigits(bengaliDigits: boolean): void {
  if (bengaliDigits === brandBengaliDigits) return;
  brandBengaliDigits = bengaliDigits;
  publish(textsOf(current.language, loaded.get(current.language) ?? {}));
}

/** useSyncExternalStore's subscribe. */
export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** useSyncExternalStore's getSnapshot: the same object until the texts change. */
export function currentTexts(): Texts {
  return current;
}

/** What has arrived of each language's catalogue (start part, rest, or both merged). */
const loaded = new Map<CatalogueLanguage, Catalogue>();

function addTexts(language: CatalogueLanguage, texts: Record<string, string>): void {
  const merged: Catalogue = Object.freeze({ ...loaded.get(language), ...texts });
  loaded.set(language, merged);
  if (language === current.language) publish(textsOf(language, merged));
}

/** The whole catalogue of a language, fetched once (a failed fetch is tried again next time). */
const wholeCatalogues = new Map<CatalogueLanguage, Promise<void>>();

function loadWholeCatalogue(language: CatalogueLanguage): Promise<void> {
  let loading = wholeCatalogues.get(language);
  if (!loading) {
    const parts = catalogueLoaders[language];
    loading = Promise.all([parts.start(), parts.rest()]).then(([start, rest]) => {
      addTexts(language, { ...start.default, ...rest.default });
    });
    loading.catch(() => wholeCatalogues.delete(language));
    wholeCatalogues.set(language, loading);
  }
  return loading;
}

/**
 * Resolves once the first view's texts are in: every useTranslation reads it with React's `use`, in
 * every render (never behind a condition: see docs/stack.md, gotcha on React #520), and AppProviders'
 * Suspense shows the spinner meanwhile. Once resolved it carries React's `status`/`value` fields,
 * so `use` returns at once instead of suspending for a microtask in each newly mounted component.
 */
export const i18nReady: Promise<void> = catalogueLoaders[startLanguage].start().then((module) => {
  addTexts(startLanguage, module.default);
  Object.assign(i18nReady, { status: 'fulfilled', value: undefined });
});

// Start-up: paint with the start part of the active language, then add the rest.
let restOfTexts: Promise<unknown> = i18nReady.then(() => loadWholeCatalogue(startLanguage));
// Awaited by page chunks; a failure here is reported there, not as an unhandled rejection.
restOfTexts.catch(() => undefined);

/**
 * Resolves once the whole catalogue of the active language is in. Page chunks wait for it
 * (loadChunk) so that no page shows a key; the first view of the home page needs only `start`.
 * After a failed fetch (a flaky network) the next call tries again.
 */
export function allTextsLoaded(): Promise<unknown> {
  restOfTexts = restOfTexts.catch(() => loadWholeCatalogue(current.language));
  return restOfTexts;
}

/** The active texts for code outside components (form rules, error texts, tests). */
export const i18n = {
  get language(): CatalogueLanguage {
    return current.language;
  },
  t: (key: string, values?: Values): string => current.t(key, values),
  exists: (key: string): boolean => current.exists(key),
};

/**
 * Switches the texts without a reload, remembers the choice (localStorage `language`, as an API code
 * so TY and EN stay distinct) and sets `<html lang>`. Resolves once the new texts are shown.
 */
let latestChange = 0;

export async function changeLanguage(apiLanguage: LanguageCode, options: { remember?: boolean } = {}) {
  if (options.remember ?? true) writeStorage('local', languageStorageKey, apiLanguage);
  const next = catalogueOf(apiLanguage);
  const change = ++latestChange;
  // A language switched later: everything at once, so the page never shows a key.
  await loadWholeCatalogue(next);
  // Two quick picks: the last one wins, whichever catalogue arrives first.
  if (change !== latestChange) return;
  // The API language (the `Language` header, the menu's tick) and the texts change together.
  setActiveApiLanguage(apiLanguage);
  if (next !== current.language) publish(textsOf(next, loaded.get(next) ?? {}));
}
