import { defineConfig } from 'vitest/config';

// `npm test`: unit and integration tests of every workspace; needs nothing but Node and npm.
// End-to-end journeys (e2e/) run separately with `npm run test:e2e`.
export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default on a machine of two cores is one (cores − 1),
    // which leaves a core idle whenever a test waits on PGlite's or PostgreSQL's I/O or a timer.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'house-games',
          root: './apps/house-games',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/admin/vitest.config.ts',
      {
        test: {
          name: 'repo',
          root: '.',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
        },
      },
    ],
  },
});
