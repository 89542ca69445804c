import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadBuiltWebAssets, WebAssetsMissingError, type WebAssets } from '@khela/house-games';
import type { Env } from './config/env.ts';

/** A build the server needs is missing: main.ts prints the message as its one line and exits. */
export class MissingBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingBuildError';
  }
}

/**
 * What the server serves besides the API, checked before anything starts: the web app (unless
 * WEB_DIST is empty, or NODE_ENV=development where Vite serves it), the back office (the same with
 * ADMIN_DIST) and, when the house vendor is
 * mounted, its game pages. A missing build stops the start with one line instead of a blank site
 * or a game that opens to a black frame (issue 10).
 */
export function builtFiles({
  env,
  defaultWebRoot,
  defaultAdminRoot,
  houseWebRoot,
}: {
  env: Pick<Env, 'WEB_DIST' | 'ADMIN_DIST' | 'HOUSE_GAMES' | 'NODE_ENV'>;
  defaultWebRoot: string;
  /** The back office's build (apps/admin/dist), served at /admin/ (issue 15). */
  defaultAdminRoot: string;
  /** Tests point it elsewhere; by default the house's own dist/web. */
  houseWebRoot?: string;
}): { webRoot: string | null; adminRoot: string | null; houseWebAssets: WebAssets | undefined } {
  const webRoot = env.WEB_DIST === undefined ? defaultWebRoot : env.WEB_DIST || null;
  const explicit = env.WEB_DIST !== undefined;
  if (
    webRoot &&
    !existsSync(path.join(webRoot, 'index.html')) &&
    (explicit || env.NODE_ENV !== 'development')
  ) {
    throw new MissingBuildError(
      `web app not built: ${path.join(webRoot, 'index.html')} is missing ` +
        '(run `npm run build`, or `npm start`, which builds what is missing; WEB_DIST= serves the API only)',
    );
  }
  // The back office, the same way: ADMIN_DIST= runs without it.
  const adminRoot = env.ADMIN_DIST === undefined ? defaultAdminRoot : env.ADMIN_DIST || null;
  if (
    adminRoot &&
    !existsSync(path.join(adminRoot, 'index.html')) &&
    (env.ADMIN_DIST !== undefined || env.NODE_ENV !== 'development')
  ) {
    throw new MissingBuildError(
      `back office not built: ${path.join(adminRoot, 'index.html')} is missing ` +
        '(run `npm run build`, or `npm start`, which builds what is missing; ADMIN_DIST= runs without it)',
    );
  }
  let houseWebAssets: WebAssets | undefined;
  if (env.HOUSE_GAMES === 'inprocess') {
    try {
      houseWebAssets = loadBuiltWebAssets(houseWebRoot);
    } catch (error) {
      if (error instanceof WebAssetsMissingError) throw new MissingBuildError(error.message);
      throw error;
    }
  }
  return { webRoot, adminRoot, houseWebAssets };
}
