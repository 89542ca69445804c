import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { playTypeNameKeyList } from '../../packages/contract/src/lottery-names.ts';

/**
 * The lottery's market names for the back office (issue 36): the back office shows a play type as
 * the member site names it, in English, Vietnamese and Bengali ("Bao lô 2 số", "বাও লো ২ সংখ্যা"),
 * not as its code (`lo2`). The names are the member site's own catalogue entries
 * (apps/web/src/locales), one source for both: `virtual:market-names` is, at build time, the texts
 * of the contract's play-type name keys (lottery-names.ts) in those three catalogues, nothing else of
 * them. A key missing from a catalogue fails the build.
 */
const moduleId = 'virtual:market-names';
const resolvedId = `\0${moduleId}`;
export const marketNameLanguages = ['en', 'vi', 'bn'] as const;

export function marketNamesOf(webLocales: string): Record<string, Record<string, string>> {
  return Object.fromEntries(
    marketNameLanguages.map((language) => {
      const catalogue = JSON.parse(readFileSync(path.join(webLocales, `${language}.json`), 'utf8')) as Record<
        string,
        string
      >;
      const texts = playTypeNameKeyList.map((key) => {
        const text = catalogue[key];
        if (!text) throw new Error(`market names: ${language}.json has no ${key}`);
        return [key, text];
      });
      return [language, Object.fromEntries(texts)];
    }),
  );
}

export function marketNames(options: { webLocales: string }): Plugin {
  return {
    name: 'khela-market-names',
    resolveId: (source) => (source === moduleId ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null;
      for (const language of marketNameLanguages) {
        this.addWatchFile(path.join(options.webLocales, `${language}.json`));
      }
      return `export default ${JSON.stringify(marketNamesOf(options.webLocales))};`;
    },
  };
}
