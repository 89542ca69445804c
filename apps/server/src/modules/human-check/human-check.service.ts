import { randomBytes, randomInt } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { getOrCreateSecret } from '../secrets/secrets.service.ts';
import { usedHumanChallenges } from './human-check.tables.ts';

const ALGORITHM = 'PBKDF2/SHA-256';

type HumanCheckEnv = Pick<
  Env,
  'ALTCHA_COST' | 'ALTCHA_MAX_NUMBER' | 'ALTCHA_EXPIRES_SECONDS' | 'ALTCHA_HMAC_SECRET'
>;

async function secretsOf(db: Database, env: HumanCheckEnv) {
  const base =
    env.ALTCHA_HMAC_SECRET ??
    (await getOrCreateSecret(db, 'altcha-hmac-secret', () => randomBytes(32).toString('base64url')));
  // Two secrets from one: the challenge signature and the derived-key signature.
  return { hmacSignatureSecret: `${base}:challenge`, hmacKeySignatureSecret: `${base}:key` };
}

/**
 * A new proof-of-work challenge. Deterministic mode: the server picks the secret counter, so the
 * browser's work is bounded (about cost × counter key derivations) and the server verifies with
 * one derivation.
 */
export async function createHumanChallenge({
  db,
  env,
}: {
  db: Database;
  env: HumanCheckEnv;
}): Promise<Challenge> {
  const secrets = await secretsOf(db, env);
  const low = Math.max(1, Math.floor(env.ALTCHA_MAX_NUMBER / 2));
  return createChallenge({
    algorithm: ALGORITHM,
    cost: env.ALTCHA_COST,
    counter: randomInt(low, env.ALTCHA_MAX_NUMBER + 1),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + env.ALTCHA_EXPIRES_SECONDS,
    ...secrets,
  });
}

function decodePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    if (typeof decoded !== 'object' || decoded === null) return null;
    const { challenge, solution } = decoded as { challenge?: Challenge; solution?: Solution };
    if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string')
      return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Checks an ALTCHA answer: signed by us, not expired, solved, and never used before (the nonce is
 * recorded under a primary key, so two concurrent replays cannot both pass). Throws
 * HUMAN_VERIFICATION_FAILED naming the `altcha` field otherwise.
 */
export async function verifyHumanProof({
  db,
  env,
  payload,
}: {
  db: Database;
  env: HumanCheckEnv;
  payload: string;
}): Promise<void> {
  const fail = (reason: string) =>
    new AppError('HUMAN_VERIFICATION_FAILED', { issues: [{ field: 'altcha', reason }] });
  const decoded = decodePayload(payload);
  if (!decoded) throw fail('malformed');
  if (decoded.challenge.parameters.algorithm !== ALGORITHM) throw fail('unexpected algorithm');
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    ...(await secretsOf(db, env)),
  });
  if (!result.verified) throw fail(result.expired ? 'expired' : 'not solved');
  const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000);
  const inserted = await db
    .insert(usedHumanChallenges)
    .values({ nonce: decoded.challenge.parameters.nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedHumanChallenges.nonce });
  if (inserted.length === 0) throw fail('already used');
}

export async function pruneUsedHumanChallenges(db: Database): Promise<void> {
  await db.delete(usedHumanChallenges).where(lte(usedHumanChallenges.expiresAt, sql`now()`));
}
