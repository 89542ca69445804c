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
 * WEB_DIST is empty, or NODE_ENV=development where Vite serves it) and, when the house vendor is
 * mounted, its game pages. A missing build stops the start with one line instead of a blank site
 * or a game that opens to a black frame (issue 10).
 */
export function builtFiles({
  env,
  defaultWebRoot,
  houseWebRoot,
}: {
  env: Pick<Env, 'WEB_DIST' | 'HOUSE_GAMES' | 'NODE_ENV'>;
  defaultWebRoot: string;
  /** Tests point it elsewhere; by default the house's own dist/web. */
  houseWebRoot?: string;
}): { webRoot: string | null; houseWebAssets: WebAssets | undefined } {
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
  let houseWebAssets: WebAssets | undefined;
  if (env.HOUSE_GAMES === 'inprocess') {
    try {
      houseWebAssets = loadBuiltWebAssets(houseWebRoot);
    } catch (error) {
      if (error instanceof WebAssetsMissingError) throw new MissingBuildError(error.message);
      throw error;
    }
  }
  return { webRoot, houseWebAssets };
}
