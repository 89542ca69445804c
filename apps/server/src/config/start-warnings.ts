import type { Env } from './env.ts';

/** The Node release line the project runs on (the current LTS; package.json engines, .ci/run). */
export const supportedNodeMajor = 24;

/**
 * What a start outside demo mode should not go on with unnoticed, though it may: each entry one
 * line for the log at warn, naming what to set (docs/operations.md, Going to production). buildApp
 * (app.ts) logs them as it ends, so main.ts's start does; a demo (DEMO_MODE=true) has none.
 */
export function startWarnings(
  env: Pick<Env, 'DEMO_MODE' | 'ADMIN_HOST'>,
  nodeVersion: string = process.versions.node,
): string[] {
  if (env.DEMO_MODE) return [];
  const warnings: string[] = [];
  if (Number(nodeVersion.split('.')[0]) < supportedNodeMajor) {
    warnings.push(
      `Node ${nodeVersion} runs this server: a release line past its end of life gets no security fixes; ` +
        `run it on Node ${supportedNodeMajor} (package.json engines, .nvmrc).`,
    );
  }
  if (!env.ADMIN_HOST) {
    warnings.push(
      'ADMIN_HOST is unset: the back office has no host of its own, so the proxy cannot keep it and ' +
        '/api/operator/ off the member sites; set ADMIN_HOST=admin.example.com and allow /admin/ and ' +
        '/api/operator/ on that host only (docs/operations.md, Going to production).',
    );
  }
  return warnings;
}
