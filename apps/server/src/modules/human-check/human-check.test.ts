import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { loadEnv } from '../../config/env.ts';
import { createHumanChallenge, verifyHumanProof } from './human-check.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const env = loadEnv({ ALTCHA_COST: '1', ALTCHA_MAX_NUMBER: '4' });

async function solved(options: { expiresSeconds?: number; secret?: string } = {}) {
  const challengeEnv = {
    ...env,
    ...(options.expiresSeconds ? { ALTCHA_EXPIRES_SECONDS: options.expiresSeconds } : {}),
    ...(options.secret ? { ALTCHA_HMAC_SECRET: options.secret } : {}),
  };
  const challenge = await createHumanChallenge({ db: database.db, env: challengeEnv });
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

describe('ALTCHA human verification', () => {
  it('issues PBKDF2 challenges with the configured cost and a secret counter', async () => {
    const { challenge } = await solved();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(challenge.signature).toEqual(expect.any(String));
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts a solution once, never twice', async () => {
    const { payload } = await solved();
    await verifyHumanProof({ db: database.db, env, payload });
    await expect(verifyHumanProof({ db: database.db, env, payload })).rejects.toMatchObject({
      code: 'HUMAN_VERIFICATION_FAILED',
      issues: [{ field: 'altcha', reason: 'already used' }],
    });
  });

  it('refuses a challenge signed with another secret and an expired one', async () => {
    const foreign = await solved({ secret: 'someone-elses-secret-value' });
    await expect(verifyHumanProof({ db: database.db, env, payload: foreign.payload })).rejects.toMatchObject({
      code: 'HUMAN_VERIFICATION_FAILED',
    });
    const { challenge, payload } = await solved({ expiresSeconds: 10 });
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString());
    decoded.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) - 1;
    expect(challenge.parameters.expiresAt).toBeGreaterThan(0);
    await expect(
      verifyHumanProof({
        db: database.db,
        env,
        payload: Buffer.from(JSON.stringify(decoded)).toString('base64'),
      }),
    ).rejects.toMatchObject({ code: 'HUMAN_VERIFICATION_FAILED' });
  });
});
