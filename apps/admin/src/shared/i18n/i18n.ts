import shellTexts from '../../locales/en.json';
import { fillPlaceholders } from '@khela/contract/client-kit';

/**
 * The back office's texts, English first (issue 15): flat snake_case keys with `{{name}}`
 * placeholders. The shell's own catalogue is `src/locales/en.json`; each area keeps its texts in
 * `src/areas/<area>/texts.en.json` (keys prefixed with the area, `players_search_title`), found
 * here by file name: an area adds no line anywhere to have its texts loaded.
 */
type Catalogue = Readonly<Record<string, string>>;
export type TextValues = Readonly<Record<string, unknown>>;

const areaCatalogues = import.meta.glob<{ default: Record<string, string> }>('../../areas/*/texts.en.json', {
  eager: true,
});

/** Every catalogue merged; an area's key never overrides the shell's (a clash is a test failure). */
export function mergeCatalogues(shell: Catalogue, areas: readonly Catalogue[]): Catalogue {
  const merged: Record<string, string> = {};
  for (const area of areas) Object.assign(merged, area);
  return Object.freeze(Object.assign(merged, shell));
}

const merged: Record<string, string> = {
  ...mergeCatalogues(
    shellTexts,
    Object.values(areaCatalogues).map((module) => module.default),
  ),
};
export const catalogue: Catalogue = merged;

/**
 * Texts a lazily loaded page brings in its own chunk (a long editor's labels and help), so the
 * back office's entry does not carry them: added when the page's module loads, never overriding a
 * key the entry's catalogues already have.
 */
export function addTexts(texts: Catalogue): void {
  for (const [key, text] of Object.entries(texts)) if (!Object.hasOwn(merged, key)) merged[key] = text;
}

/** `{{name}}` filled from `values`; a placeholder without a value stays as written. */
export const fill: (text: string, values?: TextValues) => string = fillPlaceholders;

export function hasText(key: string): boolean {
  return Object.hasOwn(catalogue, key);
}

/**
 * The text of a key, filled with `values`. A key the catalogue lacks reads back as itself, so a
 * sentence (already translated, or a server's reason) passes through unchanged.
 */
export function t(key: string, values?: TextValues): string {
  return fill(hasText(key) ? catalogue[key]! : key, values);
}

export type Translate = typeof t;

/** The hook spelling, so that components read like the web's (`const { t } = useTranslation()`). */
export function useTranslation(): { t: Translate } {
  return { t };
}
