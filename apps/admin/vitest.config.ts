import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { marketNames } from './market-names.ts';

const plugins = () => [
  react(),
  marketNames({ webLocales: fileURLToPath(new URL('../web/src/locales', import.meta.url)) }),
];

const shared = {
  root: import.meta.dirname,
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 20_000,
} satisfies TestProjectInlineConfiguration['test'];

/** Files that drive the clock (fake timers): a fresh module graph each. */
const isolated = ['src/app/idle.test.tsx'];

/**
 * The back office's tests as two projects, as the web's (apps/web/vitest.config.ts): `admin`
 * shares its worker's modules (src/test/setup.ts clears the DOM, storage, session and mocks after
 * each test), `admin-isolated` gives the files above their own.
 */
export const adminProjects: TestProjectInlineConfiguration[] = [
  {
    plugins: plugins(),
    test: {
      ...shared,
      name: 'admin',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: isolated,
      isolate: false,
    },
  },
  { plugins: plugins(), test: { ...shared, name: 'admin-isolated', include: isolated } },
];

export default defineConfig({ test: { projects: adminProjects } });
