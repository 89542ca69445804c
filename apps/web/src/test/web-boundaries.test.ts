import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint setup (eslint.config.js) fed files that break or keep the web's boundaries
// (the local rule eslint-rules/web-boundaries.js); `npm run lint` runs it over the real sources.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'khela/web-boundaries')
    .map((message) => message.message);
}

describe('web boundaries (lint)', () => {
  it("fails a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors(
      'features/wallet/bad.ts',
      "import { useBalance } from '../account/use-balance.ts';\nexport const balance = useBalance;\n",
    );
    expect(errors).toEqual([
      'Import another feature only through its public entry `features/account/index.ts`, not `features/account/use-balance.ts`.',
    ]);
  });

  it("passes a feature importing another feature's public entry, shared code and itself", async () => {
    const errors = await boundaryErrors(
      'features/wallet/good.ts',
      [
        "import { balanceQueryKey } from '../account/index.ts';",
        "import { useBrand } from '../../shared/api/get-whitelabel.ts';",
        "import { useDepositReturn } from './deposit/use-deposit-return.ts';",
        'export const all = [balanceQueryKey, useBrand, useDepositReturn];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('fails internals reached by a re-export or a dynamic import too', async () => {
    const errors = await boundaryErrors(
      'features/home/bad.ts',
      [
        "export { GameGrid } from '../games/components/game-grid.tsx';",
        "export const page = () => import('../games/pages/games-page.tsx');",
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('fails shared code importing a feature or the app, and a feature importing the app', async () => {
    expect(
      await boundaryErrors(
        'shared/lib/bad.ts',
        "export { useGameMenus } from '../../features/games/index.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('shared/lib/bad.ts', "export { router } from '../../app/router.tsx';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('features/home/bad.ts', "export { router } from '../../app/router.tsx';\n"),
    ).toHaveLength(1);
  });

  it("lets the app import a feature's public entry, and a lazy page chunk by its file, but no other internals", async () => {
    const good = [
      "import { useGameMenus } from '../../features/games/index.ts';",
      "export const page = () => import('../../features/games/pages/games-page.tsx');",
      'export const menus = useGameMenus;',
      '',
    ].join('\n');
    expect(await boundaryErrors('app/shell/good.tsx', good)).toEqual([]);
    expect(
      await boundaryErrors(
        'app/shell/bad.tsx',
        "export { GameGrid } from '../../features/games/components/game-grid.tsx';\n",
      ),
    ).toHaveLength(1);
  });
});
