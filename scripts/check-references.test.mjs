// Citations in code comments must resolve inside the repository (ARCHITECTURE.md, "References"):
// "spec N" names a section "## N." of docs/spec.md, "docs/stack.md gotcha N" an item of its
// gotcha list, "docs/<name>.md" a file in docs/. The old out-of-repo forms ("STACK.md gotcha N",
// "DESIGN.md", "STYLE.md") are refused. Run by `npm test` (vitest project "repo").
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where citations are looked for: every workspace's sources, the journeys and the benches. */
const scanned = [
  ...['apps', 'packages'].flatMap((parent) =>
    readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name, 'src')),
  ),
  'e2e',
  'bench',
  'scripts',
];
const skippedDirectories = new Set(['node_modules', 'dist', 'artifacts', 'results', 'drizzle']);
const sourceFile = /\.(ts|tsx|mts|mjs|js|css)$/;

/** @param {string} directory repository-relative @returns {string[]} repository-relative files */
function sourceFiles(directory) {
  const absolute = path.join(root, directory);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return skippedDirectories.has(entry.name) ? [] : sourceFiles(relative);
    return sourceFile.test(entry.name) ? [relative] : [];
  });
}

/** The section numbers of docs/spec.md: its "## N. Title" headings. @param {string} markdown */
export function specSections(markdown) {
  return new Set([...markdown.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
}

/** The gotcha numbers of docs/stack.md: the numbered list under "## Gotchas". @param {string} markdown */
export function stackGotchas(markdown) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Gotchas')) ?? '';
  return new Set([...section.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1])));
}

/**
 * Every citation in one file's text that does not resolve, as "file:line: what".
 * @param {string} file @param {string} text
 * @param {{ sections: Set<number>, gotchas: Set<number>, docs: Set<string> }} targets
 * @returns {string[]}
 */
export function unresolvedCitations(file, text, targets) {
  /** @type {string[]} */
  const problems = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    // "spec 4", "Spec 4:", "spec 2 and 4", "spec 5's", "spec 2, 3 or 4".
    for (const match of line.matchAll(/\bspec\s+(\d+(?:\s*(?:,|and|or|&)\s*\d+)*)\b/gi)) {
      for (const number of match[1].match(/\d+/g) ?? []) {
        if (!targets.sections.has(Number(number)))
          problems.push(`${where}: "${match[0]}": docs/spec.md has no section ${number}`);
      }
    }
    for (const match of line.matchAll(/(?<![\w/])(STACK|DESIGN|STYLE)\.md/g)) {
      problems.push(
        `${where}: "${match[0]}" is outside the repository: cite docs/${match[1].toLowerCase()}.md`,
      );
    }
    for (const match of line.matchAll(/\bgotcha\s+(\d+)/gi)) {
      if (!/docs\/stack\.md,?\s+$/i.test(line.slice(0, match.index))) {
        problems.push(`${where}: "${match[0]}": say which file (docs/stack.md gotcha N)`);
      } else if (!targets.gotchas.has(Number(match[1]))) {
        problems.push(`${where}: "${match[0]}": docs/stack.md has no gotcha ${match[1]}`);
      }
    }
    for (const match of line.matchAll(/\bdocs\/([\w./-]+?\.md)\b/g)) {
      if (!targets.docs.has(match[1])) problems.push(`${where}: "${match[0]}" does not exist`);
    }
  });
  return problems;
}

function repositoryTargets() {
  const docsDirectory = path.join(root, 'docs');
  return {
    sections: specSections(readFileSync(path.join(docsDirectory, 'spec.md'), 'utf8')),
    gotchas: stackGotchas(readFileSync(path.join(docsDirectory, 'stack.md'), 'utf8')),
    docs: new Set(sourceFilesIn(docsDirectory)),
  };
}

/** Markdown files under docs/, relative to it. @param {string} directory @returns {string[]} */
function sourceFilesIn(directory, prefix = '') {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFilesIn(path.join(directory, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.md')
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

describe('citations in code resolve inside the repository', () => {
  const targets = repositoryTargets();

  it('docs/spec.md has sections 1 to 9 and docs/stack.md its gotchas', () => {
    expect([...targets.sections]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(targets.gotchas.size).toBeGreaterThanOrEqual(11);
  });

  it('every "spec N", "docs/stack.md gotcha N" and "docs/….md" names something that exists', () => {
    const thisFile = path.relative(root, fileURLToPath(import.meta.url));
    const files = scanned.flatMap(sourceFiles).filter((file) => file !== thisFile);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      unresolvedCitations(file, readFileSync(path.join(root, file), 'utf8'), targets),
    );
    expect(problems).toEqual([]);
  });

  it('catches a citation that does not resolve', () => {
    const bad = [
      '// spec 12: no such section',
      '// spec 2 and 14',
      '// (STACK.md gotcha 5)',
      '// (DESIGN.md, Money)',
      '// docs/stack.md gotcha 99',
      '// see gotcha 3',
      '// docs/no-such-file.md',
    ].join('\n');
    const good =
      '// spec 2 and 4; Spec 9: limits; docs/stack.md gotcha 5; docs/wallet.md; docs/design.md, Money';
    const flaggedLines = unresolvedCitations('bad.ts', bad, targets).map((problem) => problem.split(':')[1]);
    expect(new Set(flaggedLines)).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7']));
    expect(unresolvedCitations('good.ts', good, targets)).toEqual([]);
  });
});
