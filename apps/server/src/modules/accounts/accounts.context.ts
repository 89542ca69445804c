import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.service.ts';
import { siteOf } from '../system/system.service.ts';
import type { ScryptParams } from './password-hash.ts';

/** What every account flow needs to know about the request it serves. */
export interface AccountsContext {
  db: Database;
  env: Env;
  settings: SiteSettings;
  /** The site the host serves (settings `domains`); decides who may log in. */
  site: 'member' | 'agent';
  ip: string;
  userAgent: string | null;
  scrypt: ScryptParams;
}

export function scryptOf(env: Env): ScryptParams {
  return { N: env.SCRYPT_N, r: env.SCRYPT_R, p: env.SCRYPT_P };
}

export async function accountsContext(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AccountsContext> {
  const settings = await getSettings(app.db);
  return {
    db: app.db,
    env: app.env,
    settings,
    site: siteOf(settings, request.host),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    scrypt: scryptOf(app.env),
  };
}
