import { defineConfig } from 'tsup';
import { cpSync, existsSync, readdirSync } from 'node:fs';

// The server is bundled so the workspace packages (TypeScript source) are inlined; npm packages
// stay external (PGlite loads its wasm at run time) — docs/stack.md gotcha 1.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.ts',
    seed: 'src/cli/seed.ts',
    settings: 'src/cli/settings.ts',
    'ledger-verify': 'src/cli/ledger-verify.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: [/^@khela\//],
  onSuccess: async () => {
    cpSync('drizzle', 'dist/drizzle', { recursive: true });
    // Each module's SQL sources (functions, views, triggers), applied after the migrations
    // (src/db/migrate.ts): modules/<module>/sql → dist/sql/<module>.
    for (const module of readdirSync('src/modules')) {
      if (existsSync(`src/modules/${module}/sql`)) {
        cpSync(`src/modules/${module}/sql`, `dist/sql/${module}`, { recursive: true });
      }
    }
    // The house vendor's own migrations, beside the bundle that inlines it (apps/house-games).
    cpSync('../house-games/drizzle', 'dist/house-drizzle', { recursive: true });
    // Read at run time by modules/accounts/password-policy.ts, beside the bundle.
    cpSync('src/modules/accounts/common-passwords.txt', 'dist/common-passwords.txt');
  },
});
