import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.service.ts';
import { siteOf } from '../system/system.service.ts';
import { availableParallelism } from 'node:os';
import type { HashingAdmission, HashingLimits } from './hashing-queue.ts';
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

export function hashingLimitsOf(env: Env): HashingLimits {
  return {
    concurrency: env.PASSWORD_HASH_CONCURRENCY || Math.max(1, Math.min(2, availableParallelism())),
    queue: env.PASSWORD_HASH_QUEUE,
    loginReserve: Math.min(env.PASSWORD_HASH_LOGIN_RESERVE, env.PASSWORD_HASH_QUEUE),
    perAddress: env.PASSWORD_HASH_PER_ADDRESS,
    perAccount: env.PASSWORD_HASH_PER_ACCOUNT,
  };
}

/** The admission of a hash a signed-in member's call causes (payment password, password asked again). */
export function memberHashing(context: Pick<AccountsContext, 'ip'>, memberId: number): HashingAdmission {
  return { work: 'account', address: context.ip, account: `member:${memberId}` };
}

/**
 * The admission of a sign-in hash (login, registration), by the username typed. `trusted`: the
 * login comes from the account's known device, and goes first (hashing-queue.ts).
 */
export function loginHashing(
  context: Pick<AccountsContext, 'ip'>,
  username: string,
  { trusted = false }: { trusted?: boolean } = {},
): HashingAdmission {
  return { work: 'login', address: context.ip, account: `user:${username.toLowerCase()}`, trusted };
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
