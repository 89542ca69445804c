import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { boundaryViolation, isTestFile, moduleFileOf } from '../../../../eslint-rules/server-boundaries.js';

/** Source files by absolute path. */
export type SourceFiles = ReadonlyMap<string, string>;

/** One import from a file of module `from` into a file of module `to`. */
export interface ModuleEdge {
  from: string;
  to: string;
  /** The importing file and the specifier, to say where to look. */
  via: string;
}

export const modulesRoot = path.resolve(import.meta.dirname, '../modules');

/** Every .ts file under the server's modules folder. */
export function readServerModules(root = modulesRoot): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(file, readFileSync(file, 'utf8'));
  }
  return files;
}

/** Every specifier a file imports or re-exports, type-only and dynamic imports included. */
export function importsOf(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName);
}

function relativeImports(files: SourceFiles): { file: string; specifier: string; target: string }[] {
  return [...files].flatMap(([file, code]) =>
    importsOf(code)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ file, specifier, target: path.resolve(path.dirname(file), specifier) })),
  );
}

/** The same check as the lint rule, over all files: one line per import that breaks a boundary. */
export function boundaryViolations(files: SourceFiles): string[] {
  return relativeImports(files).flatMap(({ file, specifier, target }) => {
    const violation = boundaryViolation(file, target);
    const from = moduleFileOf(file);
    return violation && from ? [`${from.module}/${from.file} → ${specifier} (${violation.messageId})`] : [];
  });
}

/** Imports between modules made by their non-test files (tests may reach anywhere; see the rule). */
export function moduleEdges(files: SourceFiles): ModuleEdge[] {
  return relativeImports(files).flatMap(({ file, specifier, target }) => {
    const from = moduleFileOf(file);
    const to = moduleFileOf(target);
    if (!from || !to || from.module === to.module || isTestFile(file)) return [];
    return [{ from: from.module, to: to.module, via: `${from.module}/${from.file} → ${specifier}` }];
  });
}

/**
 * The import cycles between modules: each group of modules that reach one another (a strongly
 * connected component of two or more, Tarjan's algorithm), names sorted, with the imports that
 * close it.
 */
export function moduleCycles(edges: readonly ModuleEdge[]): { modules: string[]; imports: string[] }[] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return components.map((modules) => ({
    modules,
    imports: edges
      .filter((edge) => modules.includes(edge.from) && modules.includes(edge.to))
      .map((edge) => edge.via),
  }));
}
