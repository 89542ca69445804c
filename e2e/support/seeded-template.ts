import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's migrated and seeded database folder, copied by each journey's server. */
    seededDataDir: string;
  }
}

/**
 * The journeys' global setup: one server started from nothing (migrations, the demo data, the
 * demo passwords hashed) and stopped cleanly; its database folder is the template each journey's
 * server copies (support/server.ts), so every journey still gets its own fresh database. A copy
 * starts in about a third of the time of a new folder on this two-core machine (16.8 s against
 * 48.4 s, measured with four other processes busy). KHELA_E2E_TEMPLATE=off makes every server
 * start from nothing, as before.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.KHELA_E2E_TEMPLATE === 'off') {
    project.provide('seededDataDir', '');
    return () => undefined;
  }
  const started = Date.now();
  const server = await startServer({ template: null });
  await server.stop({ keepData: true });
  console.info(
    `seeded database template in ${Math.round((Date.now() - started) / 1000)} s: ${server.dataDir}`,
  );
  project.provide('seededDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
