import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase } from 'vitest/node';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
/** One line per journey that needed a retry in this run: `<file> > <test>`. */
export const retriedFile = path.join(artifacts, 'retried.txt');

/**
 * The e2e suite retries a journey once (vitest.config.ts); this reporter keeps the retry from
 * hiding a flake: every retried journey is printed (`RETRIED: <file> > <test> (attempt n)`) and
 * listed in artifacts/retried.txt, which .ci/run compares with the previous CI run's list
 * (scripts/ci-retried.mjs): the same journey retried in two runs in a row fails CI.
 */
export class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const { retryCount } = testCase.diagnostic() ?? { retryCount: 0 };
    if (retryCount === 0) return;
    const name = `${testCase.module.relativeModuleId} > ${testCase.fullName}`;
    this.retried.push(name);
    console.warn(`RETRIED: ${name} (attempt ${retryCount + 1}, ${testCase.result().state})`);
  }

  onTestRunEnd() {
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(retriedFile, this.retried.map((name) => `${name}\n`).join(''));
    if (this.retried.length > 0) {
      console.warn(`${this.retried.length} journey(s) needed a retry: listed in ${retriedFile}`);
    }
  }
}
