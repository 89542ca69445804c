import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf, type WebAssets } from './web-assets.ts';

/**
 * The pages bundled from src/web with esbuild: the build (build-web.ts) writes them to dist/web;
 * tests and the playground bundle them in memory. Never imported by the plugin, so esbuild stays
 * out of the platform's bundle (it cannot run inside one: `Dynamic require of "fs"`).
 */
export const webSourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

/** Bundles src/web: minified ES modules, one file per page. */
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

let bundled: Promise<WebAssets> | null = null;

/** The pages bundled in memory from the sources, once per process (tests, the playground). */
export function sourceWebAssets(): Promise<WebAssets> {
  bundled ??= buildWebAssets({ outdir: '/house-web', write: false }).then((result) => {
    const files = new Map<string, Buffer>();
    for (const output of result.outputFiles ?? [])
      files.set(path.basename(output.path), Buffer.from(output.contents));
    return {
      source: 'bundled in memory from src/web',
      get(name) {
        const body = files.get(name);
        return body ? { body, type: typeOf(name) } : undefined;
      },
    };
  });
  return bundled;
}
