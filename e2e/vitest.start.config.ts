import { defineConfig } from 'vitest/config';

// The README start journey (start/*.e2e.ts) against a server started elsewhere with `npm start`
// (KHELA_BASE_URL); run by scripts/ci-start-journey.mjs. No retry: it runs once per CI step, and
// a flake here is a start that does not work.
export default defineConfig({
  test: {
    name: 'e2e-start',
    root: import.meta.dirname,
    include: ['start/**/*.e2e.ts'],
    testTimeout: 300_000,
    hookTimeout: 90_000,
    retry: 0,
  },
});
