import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webCatalogueSplit } from './catalogue-split.ts';

/**
 * Files that mock modules (vi.mock) or drive the clock (fake timers), or test module state itself
 * (the text catalogue's first load, the chunk loader): each gets a fresh module graph. Every other
 * file shares its worker's modules (isolate: false): a file leaves nothing behind that the next
 * could see (src/test/setup.ts clears the DOM, storage, stores and mocks after each test). Measured
 * with `npx vitest run --project web --project web-isolated` on this two-core machine: 235 s all
 * isolated, 79 s shared (603 tests).
 */
const isolated = [
  'src/shared/ui/copy-button.test.tsx',
  'src/shared/lib/chunk-load.test.ts',
  'src/shared/lib/known-devices.test.ts',
  'src/shared/lib/trailing-throttle.test.ts',
  'src/shared/i18n/use-translation.test.tsx',
  'src/features/agents/team/team-pages.test.tsx',
  'src/features/account/components/captcha-field.test.tsx',
  'src/features/account/login/login-form.test.tsx',
  'src/features/home/home-page.test.tsx',
  'src/features/games/lobby/timing.test.ts',
  'src/features/lottery/pages/lottery-pages.test.tsx',
];

const shared = {
  root: import.meta.dirname,
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  // Above the 10 s wait of findBy/waitFor (src/test/setup.ts), so a slow wait fails as itself.
  testTimeout: 20_000,
} satisfies TestProjectInlineConfiguration['test'];

/** The web's tests as two projects: `web` (shared modules) and `web-isolated` (the files above). */
export const webProjects: TestProjectInlineConfiguration[] = [
  {
    plugins: [react(), webCatalogueSplit()],
    test: {
      ...shared,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: isolated,
      isolate: false,
    },
  },
  {
    plugins: [react(), webCatalogueSplit()],
    test: { ...shared, name: 'web-isolated', include: isolated },
  },
];

// `npm test -w @khela/web` runs both; the repository's vitest.config.ts lists the same two.
export default defineConfig({ test: { projects: webProjects } });
