import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pages' built files: `game.js`, `verify.js`, `house.css` (and their source maps). */
export interface WebAssets {
  /** Where they came from, for the start-up log. */
  source: string;
  get(name: string): { body: Buffer; type: string } | undefined;
}

export const assetNames = ['game.js', 'verify.js', 'house.css'] as const;

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function typeOf(name: string): string {
  return types[path.extname(name)] ?? 'application/octet-stream';
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `apps/house-games/dist/web` seen from the sources (src/pages) or from a bundle two levels under
 * apps/ (e.g. apps/server/dist when the platform bundles the house in): the candidate that sits in
 * the house's package folder.
 */
export function defaultWebRoot(): string {
  const candidates = [path.resolve(here, '../../dist/web'), path.resolve(here, '../../house-games/dist/web')];
  return (
    candidates.find((candidate) => existsSync(path.resolve(candidate, '../../package.json'))) ??
    candidates[0]!
  );
}

/** Thrown when the pages were not built: the server must not start without them. */
export class WebAssetsMissingError extends Error {
  constructor(
    readonly root: string,
    readonly missing: string[],
  ) {
    super(
      `house game pages are not built: ${missing.join(', ')} missing in ${root} ` +
        '(run `npm run build`, or `npm start`, which builds what is missing)',
    );
    this.name = 'WebAssetsMissingError';
  }
}

/**
 * The built pages from `webRoot` (default dist/web), checked at once: a missing file throws
 * WebAssetsMissingError here, at start-up, never as a 500 when a game opens. Production serves
 * only built files; tests and the playground bundle the sources (web-assets-source.ts).
 */
export function loadBuiltWebAssets(webRoot: string = defaultWebRoot()): WebAssets {
  const missing = assetNames.filter((name) => !existsSync(path.join(webRoot, name)));
  if (missing.length > 0) throw new WebAssetsMissingError(webRoot, missing);
  const cache = new Map<string, Buffer>();
  return {
    source: webRoot,
    get(name) {
      if (!/^[a-z-]+\.(js|css)(\.map)?$/.test(name)) return undefined;
      let body = cache.get(name);
      if (!body) {
        const file = path.join(webRoot, name);
        if (!existsSync(file)) return undefined;
        body = readFileSync(file);
        cache.set(name, body);
      }
      return { body, type: typeOf(name) };
    },
  };
}
