// Bundle budget (docs/design.md, Web): the JavaScript a phone downloads to show the home route, gzipped,
// must stay ≤ 115 KB (104.9–106.1 KB since the site's own small router replaced react-router, after the text
// store replaced i18next; 110 KB is the goal, and the budget is lowered as the script shrinks). Reads Vite's
// manifest: the entry's static imports, plus the home page's lazy chunk and its static imports (the
// first paint of /index waits for them), plus the start-up part of the default (Bengali) text
// catalogue, which the first paint waits for too.
// The back office (apps/admin, issue 15) is its own entry with its own budget line below: it never
// adds a byte to the member site's scripts, which are measured from apps/web/dist alone.
// Fails (exit 1) above a budget. Usage: npm run build && npm run size
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 115 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('no apps/web/dist/.vite/manifest.json: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The manifest key of the home page module: the route module of /index. */
const homeKey = Object.keys(manifest).find((key) => /features\/home\/.*home-page\.tsx$/.test(key));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !homeKey) {
  console.error(
    `manifest lacks ${!entryKey ? 'the entry' : 'the home page (features/home/**/home-page.tsx)'}`,
  );
  process.exit(1);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
const catalogueKey = 'virtual:catalogue/bn/start';
if (!manifest[catalogueKey]) {
  console.error(`manifest lacks ${catalogueKey} (apps/web/catalogue-split.ts)`);
  process.exit(1);
}
visit(entryKey);
visit(homeKey);
visit(catalogueKey);

const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of rows)
  console.log(`${kb(row.gzip).padStart(9)} gz  ${kb(row.raw).padStart(9)} raw  ${row.file}`);
console.log(`home route initial JS: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`);
let failed = false;
if (total > BUDGET_BYTES) {
  console.error(`over budget by ${kb(total - BUDGET_BYTES)}`);
  failed = true;
}

// The back office: its entry and the entry's static imports (the login page and the shell; every
// page is a lazy chunk of its own, and so are the login and first-login steps, which a signed-in
// operator never needs). 152.5 KB with the login's forms and schemas in the entry; 109.2 KB without.
const ADMIN_BUDGET_BYTES = 120 * 1024;
const adminDist = process.env.ADMIN_DIST_DIR ?? path.join(root, 'apps/admin/dist');
const adminManifestPath = path.join(adminDist, '.vite/manifest.json');
if (!existsSync(adminManifestPath)) {
  console.error('no apps/admin/dist/.vite/manifest.json: run `npm run build` first');
  process.exit(1);
}
const adminManifest = JSON.parse(readFileSync(adminManifestPath, 'utf8'));
const adminEntryKey = Object.keys(adminManifest).find((key) => adminManifest[key].isEntry);
if (!adminEntryKey) {
  console.error('the back office manifest lacks its entry');
  process.exit(1);
}
const adminFiles = new Set();
const visitAdmin = (key) => {
  const chunk = adminManifest[key];
  if (!chunk || adminFiles.has(chunk.file)) return;
  adminFiles.add(chunk.file);
  for (const imported of chunk.imports ?? []) visitAdmin(imported);
};
visitAdmin(adminEntryKey);
const adminTotal = [...adminFiles]
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(adminDist, file)), { level: 9 }).length, 0);
console.log(`back office entry JS: ${kb(adminTotal)} gzipped (budget ${kb(ADMIN_BUDGET_BYTES)})`);
if (adminTotal > ADMIN_BUDGET_BYTES) {
  console.error(`back office over budget by ${kb(adminTotal - ADMIN_BUDGET_BYTES)}`);
  failed = true;
}
if (failed) process.exit(1);
