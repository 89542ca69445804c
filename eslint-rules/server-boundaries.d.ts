// Types of server-boundaries.js, for the TypeScript tests that import it.
import type { ESLint, Rule } from 'eslint';

export declare const publicFiles: Record<string, string[]>;
export declare function moduleFileOf(filename: string): { module: string; file: string } | null;
export declare function isTestFile(filename: string): boolean;
export declare function boundaryViolation(
  importer: string,
  target: string,
): { messageId: 'tables' | 'internal' | 'testFile'; data: Record<string, string> } | null;
export declare const serverBoundariesRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
