import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Splits each text catalogue in two for the production build (docs/design.md, Web: the home route's
 * start-up budget). `virtual:catalogue/<lang>/start` holds the texts of the code a first view of the
 * home page runs: the entry's static import graph plus the home route module's. `…/rest` holds the
 * others and is fetched right after, before any other page chunk runs (shared/lib/chunk-load.ts).
 *
 * A key belongs to the start part when any string literal in that code names it: over-inclusion is
 * harmless, and it also catches keys kept in tables (menus, error catalogues) rather than in t('…').
 * In dev and tests nothing is split: `start` is the whole catalogue and `rest` is empty.
 */

const prefix = 'virtual:catalogue/';
const resolvedPrefix = `\0${prefix}`;

/** `import … from '…'`, `export … from '…'` and `import '…'`; never `import('…')` (another chunk). */
const staticImportPattern = /(?:^|[\n;])\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const literalPattern = /['"`]([a-z][a-z0-9_]*)['"`]/g;
const sourceExtensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export interface CatalogueSplitOptions {
  /** The web app's folder (where src/ and src/locales/ are). */
  root: string;
  /** Modules whose static import graphs make up the first view, relative to `root`. */
  startModules: string[];
  /** Bare imports to follow, mapped to their source entry (workspace packages). */
  packages: Record<string, string>;
}

function resolveImport(from: string, specifier: string, packages: Record<string, string>): string | null {
  const base = specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : packages[specifier];
  if (!base) return null;
  for (const extension of sourceExtensions) {
    const candidate = `${base}${extension}`;
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every string literal in the static import graphs of `entries` (TypeScript sources only). */
export function literalsOfStartGraph(entries: string[], packages: Record<string, string>): Set<string> {
  const literals = new Set<string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(literalPattern)) literals.add(match[1]!);
    for (const match of code.matchAll(staticImportPattern)) {
      const next = resolveImport(file, match[1]!, packages);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  return literals;
}

export function catalogueSplit(options: CatalogueSplitOptions): Plugin {
  let split = false;
  let startLiterals: Set<string> | null = null;
  const localesDir = path.join(options.root, 'src', 'locales');

  function startKeys(): Set<string> {
    startLiterals ??= literalsOfStartGraph(
      options.startModules.map((module) => path.join(options.root, module)),
      options.packages,
    );
    return startLiterals;
  }

  return {
    name: 'khela-catalogue-split',
    configResolved(config) {
      split = config.command === 'build' && config.mode !== 'test';
    },
    buildStart() {
      startLiterals = null;
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null;
      const [language, part] = id.slice(resolvedPrefix.length).split('/');
      if (!language || !/^[a-z]{2}$/.test(language) || (part !== 'start' && part !== 'rest')) {
        this.error(`unknown catalogue module ${id.slice(1)}`);
      }
      const file = path.join(localesDir, `${language}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      let texts: Record<string, string>;
      if (!split) {
        texts = part === 'start' ? catalogue : {};
      } else {
        const keys = startKeys();
        texts = Object.fromEntries(
          Object.entries(catalogue).filter(([key]) => keys.has(key) === (part === 'start')),
        );
      }
      // JSON.parse of a string literal is faster to start than an object literal of the same size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

/** This app's split: the first view is the entry and the home route (vite and vitest configs). */
export function webCatalogueSplit(): Plugin {
  return catalogueSplit({
    root: import.meta.dirname,
    startModules: ['src/main.tsx', 'src/features/home/home-page.tsx'],
    // Not the contract: its error texts show only after a failed call, and they re-render in place
    // when the rest of the catalogue arrives (a few hundred milliseconds after the first paint).
    packages: {},
  });
}
