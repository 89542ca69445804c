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
    // Two minutes: a journey of 30 s alone (an operator's login may wait up to 30 s for a fresh TOTP
    // step) runs up to twice as long on a loaded CI machine (stop 47's run: every step ×1.8).
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // Two journeys at a time, each with its own server, database and Chromium on a free port. A
    // journey alone keeps half a core busy (shell.e2e.ts: 47 s of CPU in 100 s): the rest is waiting
    // on pages, timers and polls, which the other journey fills. All 32 files, one at a time: 1,388 s
    // (stop 46); two at a time: 1,119 s with another agent's tests running beside them, no retry.
    // E2E_WORKERS=1 runs them one after the other again.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A journey in a real browser on a two-core CI machine can lose a race with the machine, not
    // with the code: one retry keeps such a stall from failing the run, and a real fault fails both.
    // A retry is never silent: RetryReporter prints it and lists it in artifacts/retried.txt, and CI
    // fails when the same journey needed one in two runs in a row (scripts/ci-retried.mjs).
    retry: 1,
    reporters: ['default', new RetryReporter()],
  },
});
