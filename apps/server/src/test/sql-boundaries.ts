import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isTestFile, moduleFileOf } from '../../../../eslint-rules/server-boundaries.js';
import { modulesRoot } from './module-graph.ts';

/**
 * The module boundaries in raw SQL (docs/design.md, Money: a module reads another's data only
 * through the views or functions that module publishes, in SQL as in imports). Lint sees imports
 * of another module's `*.tables.ts`; these helpers see the SQL text that names another module's
 * tables: drizzle `sql` templates and `sql.raw` strings in TypeScript, and the modules' SQL source
 * files (modules/<module>/sql/*.sql).
 */

/** Files by path relative to the modules folder (`games/sql/member_rounds.sql`) → their text. */
export type ModuleFiles = ReadonlyMap<string, string>;

/** Every `.ts` and `sql/*.sql` file under the server's modules folder, by relative path. */
export function readModuleFiles(root = modulesRoot): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (entry.name.endsWith('.ts') || /^[^/]+\/sql\/[^/]+\.sql$/.test(relative))
      files.set(relative, readFileSync(file, 'utf8'));
  }
  return files;
}

/** The module a relative path belongs to (its first folder). */
function moduleOf(relative: string): string {
  return relative.split('/')[0]!;
}

/** Table name → owning module, from each module's `*.tables.ts` (`pgTable('name', …)`). */
export function tableOwners(files: ModuleFiles): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, code] of files) {
    if (!file.endsWith('.tables.ts')) continue;
    for (const match of code.matchAll(/\bpgTable\(\s*['"`](\w+)['"`]/g))
      owners.set(match[1]!, moduleOf(file));
  }
  return owners;
}

/**
 * View and function name → the module that publishes it: whatever a module's sql/ folder creates
 * is its read API (its triggers' functions too, harmless: nobody else calls them).
 */
export function publishedObjects(files: ModuleFiles): Map<string, string> {
  const published = new Map<string, string>();
  for (const [file, text] of files) {
    if (!file.endsWith('.sql')) continue;
    for (const match of stripSqlComments(text).matchAll(
      /CREATE\s+OR\s+REPLACE\s+(?:VIEW|FUNCTION)\s+(\w+)/gi,
    ))
      published.set(match[1]!, moduleOf(file));
  }
  return published;
}

/** SQL without its `--` line comments and `/* … *\/` block comments. */
export function stripSqlComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
}

/**
 * SQL without comments and string constants (`'members'` as a JSON key names no table). Comments
 * go first: an apostrophe in a comment would otherwise open a string.
 */
export function sqlCode(text: string): string {
  return stripSqlComments(text).replace(/'(?:[^']|'')*'/g, "''");
}

/**
 * The SQL text a TypeScript file holds: the literal parts of each drizzle `sql` template (the
 * `${…}` holes are values or other fragments, scanned where they are written), the string
 * arguments of `sql.raw(…)`, and any other string or template shaped like a statement (SQL built
 * as text and handed to `sql.raw` later, as launch.service.ts does). Prose is left alone.
 */
export function sqlTextsOfTypeScript(code: string): string[] {
  const source = ts.createSourceFile('file.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: string[] = [];
  const literalParts = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    return null;
  };
  const isSqlTag = (tag: ts.Expression) =>
    (ts.isIdentifier(tag) && tag.text === 'sql') ||
    (ts.isPropertyAccessExpression(tag) && tag.name.text === 'sql');
  const isSqlRaw = (node: ts.Node) =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'raw' &&
    isSqlTag(node.expression.expression);
  const visit = (node: ts.Node) => {
    const text = literalParts(node);
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const template = literalParts(node.template);
      if (template !== null) texts.push(template);
    } else if (text !== null && !ts.isTaggedTemplateExpression(node.parent)) {
      // sql.raw's argument whatever its shape; elsewhere only what looks like a statement.
      if (isSqlRaw(node.parent) || looksLikeSql(text)) texts.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** One SQL text naming another module's table: `file: table (owner)`, as the import rule says it. */
export interface SqlViolation {
  file: string;
  table: string;
  owner: string;
}

export function formatViolation(violation: SqlViolation): string {
  return `${violation.file}: ${violation.table} (${violation.owner})`;
}

/**
 * Every (file, table) where a module's non-test code names another module's table in SQL, once
 * per pair, sorted. `owners` maps tables to modules (tableOwners); a published view or function
 * never is a table, so naming one passes.
 */
export function sqlBoundaryViolations(
  files: ModuleFiles,
  owners: ReadonlyMap<string, string> = tableOwners(files),
): SqlViolation[] {
  const found = new Map<string, SqlViolation>();
  for (const [file, text] of files) {
    const module = moduleOf(file);
    let texts: string[];
    if (file.endsWith('.sql')) texts = [text];
    else if (file.endsWith('.ts') && moduleFileOf(path.join(modulesRoot, file)) && !isTestFile(file))
      texts = sqlTextsOfTypeScript(text);
    else continue;
    for (const sqlText of texts) {
      // Identifiers only: quoted ones lose their quotes, and `\b` keeps `report_daily_games` from
      // matching `games` (underscore is a word character).
      const words = new Set(
        sqlCode(sqlText)
          .replace(/"/g, '')
          .match(/\b[a-z_][a-z0-9_]*\b/gi) ?? [],
      );
      for (const word of words) {
        const owner = owners.get(word.toLowerCase());
        if (!owner || owner === module) continue;
        const key = `${file}\0${word}`;
        if (!found.has(key)) found.set(key, { file, table: word.toLowerCase(), owner });
      }
    }
  }
  return [...found.values()].sort((left, right) =>
    formatViolation(left).localeCompare(formatViolation(right)),
  );
}

/** A statement's shape: how SQL kept in a plain string or template (built, then `sql.raw`) is known. */
export function looksLikeSql(text: string): boolean {
  return /\b(select\b[\s\S]*\bfrom|insert\s+into|update\s+\w+\s+set|delete\s+from|join\s+\w+\s+(\w+\s+)?on)\b/i.test(
    text,
  );
}
