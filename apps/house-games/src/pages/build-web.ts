import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWebAssets } from './web-assets-source.ts';

/** `npm run build -w @khela/house-games`: the pages into apps/house-games/dist/web. */
const outdir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
rmSync(outdir, { recursive: true, force: true });
const result = await buildWebAssets({ outdir, write: true });
if (result.errors.length > 0) {
  console.error(result.errors);
  process.exit(1);
}
const { readFileSync, readdirSync } = await import('node:fs');
for (const name of readdirSync(outdir).filter((file) => !file.endsWith('.map'))) {
  const body = readFileSync(path.join(outdir, name));
  console.info(
    `${name.padEnd(12)} ${(body.length / 1024).toFixed(1)} KB, ${(gzipSync(body).length / 1024).toFixed(1)} KB gz`,
  );
}
