import { defineConfig } from 'vitest/config';
import { adminProjects } from './apps/admin/vitest.config.ts';
import { webProjects } from './apps/web/vitest.config.ts';

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
          // The files of a worker share one module graph instead of importing the whole server
          // again for each of them (1.4 s a file; 243 of 567 s of the project's run on PGlite). A
          // file leaves nothing behind that the next could see: every app and database is made by
          // the test and closed by it; stubbed globals and environment are undone after each test.
          // Measured on PGlite, two workers: 567 s isolated, 329 s shared (1,137 tests passed).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
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
      ...webProjects,
      ...adminProjects,
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
