import { defineConfig } from 'vitest/config';
import { RetryReporter } from './support/retry-reporter.ts';

// Journeys in real Chromium against the real built server (no mocked API). `npm run test:e2e`
// builds first; each suite starts its own server on a free port with a fresh database.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    // One seeded database for the run, copied by every journey's server (support/seeded-template.ts).
    globalSetup: ['./support/seeded-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // A journey in a real browser on a two-core CI machine can lose a race with the machine, not
    // with the code: one retry keeps such a stall from failing the run, and a real fault fails both.
    // A retry is never silent: RetryReporter prints it and lists it in artifacts/retried.txt, and CI
    // fails when the same journey needed one in two runs in a row (scripts/ci-retried.mjs).
    retry: 1,
    reporters: ['default', new RetryReporter()],
  },
});
