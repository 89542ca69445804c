import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pages' built files: `game.js`, `verify.js`, `house.css` (and their source maps). */
export interface WebAssets {
  /** Where they came from, for the start-up log. */
  source: string;
  get(name: string): { body: Buffer; type: string } | undefined;
}

const assetNames = ['game.js', 'verify.js', 'house.css'] as const;

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function typeOf(name: string): string {
  return types[path.extname(name)] ?? 'application/octet-stream';
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The sources of the pages (src/web), for the build and for the development fallback. */
export const webSourceDir = path.resolve(here, '../web');

/**
 * `apps/house-games/dist/web` seen from the sources (src/pages) or from a bundle two levels under
 * apps/ (e.g. apps/server/dist when the platform bundles the house in).
 */
export function defaultWebRoot(): string | undefined {
  const candidates = [path.resolve(here, '../../dist/web'), path.resolve(here, '../../house-games/dist/web')];
  return candidates.find((candidate) => assetNames.every((name) => existsSync(path.join(candidate, name))));
}

/** Bundles src/web with esbuild: minified ES modules, one file per page. */
export async function buildWebAssets(options: { outdir: string; write: boolean }) {
  const esbuild = await import('esbuild');
  return esbuild.build({
    entryPoints: {
      game: path.join(webSourceDir, 'game-page.ts'),
      verify: path.join(webSourceDir, 'verify-page.ts'),
      house: path.join(webSourceDir, 'house.css'),
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    sourcemap: options.write ? 'linked' : false,
    outdir: options.outdir,
    write: options.write,
    legalComments: 'none',
    logLevel: 'silent',
  });
}

/**
 * The built pages from `webRoot` (or the default dist/web); when there is no build (development,
 * tests), they are bundled in memory once at start-up.
 */
export async function loadWebAssets(webRoot?: string): Promise<WebAssets> {
  const root = webRoot ?? defaultWebRoot();
  if (root && assetNames.every((name) => existsSync(path.join(root, name)))) {
    const cache = new Map<string, Buffer>();
    return {
      source: root,
      get(name) {
        if (!/^[a-z-]+\.(js|css)(\.map)?$/.test(name)) return undefined;
        let body = cache.get(name);
        if (!body) {
          const file = path.join(root, name);
          if (!existsSync(file)) return undefined;
          body = readFileSync(file);
          cache.set(name, body);
        }
        return { body, type: typeOf(name) };
      },
    };
  }
  const result = await buildWebAssets({ outdir: '/house-web', write: false });
  const files = new Map<string, Buffer>();
  for (const output of result.outputFiles ?? [])
    files.set(path.basename(output.path), Buffer.from(output.contents));
  return {
    source: 'built in memory from src/web',
    get(name) {
      const body = files.get(name);
      return body ? { body, type: typeOf(name) } : undefined;
    },
  };
}
