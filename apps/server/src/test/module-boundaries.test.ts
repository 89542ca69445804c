import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import serverBoundaries from '../../../../eslint-rules/server-boundaries.js';
import {
  boundaryViolations,
  moduleCycles,
  moduleEdges,
  modulesRoot,
  readServerModules,
  type SourceFiles,
} from './module-graph.ts';

/** Lints `code` as if it were the file `name` under apps/server/src/modules, with the boundary rule only. */
function lintAs(name: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'khela-server': serverBoundaries },
        rules: { 'khela-server/server-boundaries': 'error' },
      },
    ],
    { filename: path.join(modulesRoot, name) },
  );
  return messages.map((message) => message.ruleId ?? `parse error: ${message.message}`);
}

const rule = 'khela-server/server-boundaries';

describe('the lint rule, fed files that break the boundaries', () => {
  it("fails on another module's tables, imported, re-exported or loaded later", () => {
    expect(lintAs('games/bad.ts', "import { members } from '../accounts/accounts.tables.ts';")).toEqual([
      rule,
    ]);
    expect(lintAs('games/bad.ts', "import type { members } from '../accounts/accounts.tables.ts';")).toEqual([
      rule,
    ]);
    expect(lintAs('games/bad.ts', "export { members } from '../accounts/accounts.tables.ts';")).toEqual([
      rule,
    ]);
    expect(lintAs('games/bad.ts', "export * from '../sms/sms.tables.ts';")).toEqual([rule]);
    expect(lintAs('games/bad.ts', "export const load = () => import('../sms/sms.tables.ts');")).toEqual([
      rule,
    ]);
  });

  it("fails on another module's repository, internals and test helpers", () => {
    expect(
      lintAs('games/bad.ts', "import { findMemberById } from '../accounts/members.repository.ts';"),
    ).toEqual([rule]);
    expect(lintAs('games/bad.ts', "import { hashPassword } from '../accounts/password-hash.ts';")).toEqual([
      rule,
    ]);
    expect(lintAs('games/bad.ts', "import { call } from '../accounts/accounts.test-support.ts';")).toEqual([
      rule,
    ]);
  });

  it("passes another module's service functions and listed public files", () => {
    expect(
      lintAs('games/good.ts', "import { accountNamesOf } from '../accounts/member.service.ts';"),
    ).toEqual([]);
    expect(lintAs('games/good.ts', "import { sessionOf } from '../accounts/authorize.ts';")).toEqual([]);
    expect(lintAs('games/good.ts', "import { formatAmount } from '../ledger/money.ts';")).toEqual([]);
  });

  it("passes a module's own tables and anything outside the modules", () => {
    expect(lintAs('games/good.ts', "import { games } from './games.tables.ts';")).toEqual([]);
    expect(lintAs('games/good.ts', "import type { Database } from '../../db/database.ts';")).toEqual([]);
  });

  it('lets tests and test helpers reach other modules’ tables (they set up and inspect state)', () => {
    expect(
      lintAs('games/games.test.ts', "import { members } from '../accounts/accounts.tables.ts';"),
    ).toEqual([]);
    expect(
      lintAs('games/games.test-support.ts', "import { members } from '../accounts/accounts.tables.ts';"),
    ).toEqual([]);
  });
});

/** A synthetic tree: file names under the modules folder → their code. */
function tree(files: Record<string, string>): SourceFiles {
  return new Map(Object.entries(files).map(([name, code]) => [path.join(modulesRoot, name), code]));
}

describe('the import graph check, fed cycles', () => {
  it('finds two modules that import each other', () => {
    const cycles = moduleCycles(
      moduleEdges(
        tree({
          'accounts/accounts.routes.ts': "import { grantDemoFunds } from '../wallet/wallet.service.ts';",
          'wallet/wallet.service.ts': "import { findWalletOwner } from '../accounts/member.service.ts';",
        }),
      ),
    );
    expect(cycles).toEqual([
      {
        modules: ['accounts', 'wallet'],
        imports: [
          'accounts/accounts.routes.ts → ../wallet/wallet.service.ts',
          'wallet/wallet.service.ts → ../accounts/member.service.ts',
        ],
      },
    ]);
  });

  it('finds a longer cycle, through type-only imports too', () => {
    const cycles = moduleCycles(
      moduleEdges(
        tree({
          'a/a.service.ts': "import type { B } from '../b/b.service.ts';",
          'b/b.service.ts': "export { c } from '../c/c.service.ts';",
          'c/c.service.ts': "const a = await import('../a/a.service.ts');",
          'd/d.service.ts': "import '../a/a.service.ts';",
        }),
      ),
    );
    expect(cycles.map((cycle) => cycle.modules)).toEqual([['a', 'b', 'c']]);
  });

  it('passes a one-way graph, and does not count tests', () => {
    const cycles = moduleCycles(
      moduleEdges(
        tree({
          'wallet/wallet.service.ts': "import { findWalletOwner } from '../accounts/member.service.ts';",
          'accounts/login.test.ts': "import { walletAudit } from '../wallet/wallet.tables.ts';",
          'accounts/accounts.test-support.ts':
            "import { grantDemoFunds } from '../wallet/wallet.service.ts';",
        }),
      ),
    );
    expect(cycles).toEqual([]);
  });
});

describe('the server as it stands', () => {
  const files = readServerModules();

  it('reads the modules', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(moduleEdges(files).length).toBeGreaterThan(20);
  });

  it('has no module reaching into another’s tables or internals', () => {
    expect(boundaryViolations(files)).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(moduleCycles(moduleEdges(files))).toEqual([]);
  });
});
