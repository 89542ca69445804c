#!/usr/bin/env node
// Adds or replaces texts in the six web catalogues at once, keeping each file sorted.
// Usage: node scripts/add-texts.mjs texts.json
//   texts.json: { "key": { "bn": "…", "en": "…", "zh": "…", "vi": "…", "ja": "…", "th": "…" }, … }
//   A key whose value is null is removed from every catalogue.
// A key missing a language is refused before anything is written.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const languages = ['bn', 'en', 'zh', 'vi', 'ja', 'th'];
const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'locales');
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/add-texts.mjs texts.json');
  process.exit(2);
}
const texts = JSON.parse(readFileSync(file, 'utf8'));
for (const [key, byLanguage] of Object.entries(texts)) {
  if (byLanguage === null) continue;
  const missing = languages.filter(
    (language) => typeof byLanguage[language] !== 'string' || !byLanguage[language].trim(),
  );
  if (missing.length > 0) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const language of languages) {
  const path = join(folder, `${language}.json`);
  const catalogue = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, byLanguage] of Object.entries(texts)) {
    if (byLanguage === null) delete catalogue[key];
    else catalogue[key] = byLanguage[language];
  }
  const sorted = Object.fromEntries(
    Object.entries(catalogue).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(`${path}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}
console.log(`${Object.keys(texts).length} texts written to ${languages.length} catalogues`);
