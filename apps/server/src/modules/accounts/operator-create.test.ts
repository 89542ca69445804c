import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, testEnvDefaults, type TestApp } from '../../test/helper.ts';
import { loadEnv } from '../../config/env.ts';
import { scryptOf } from './accounts.context.ts';
import { operatorPasswordLogin } from './accounts.test-support.ts';
import { members } from './accounts.tables.ts';
import { createOperator } from './operator-create.ts';
import { operators } from './operators.tables.ts';

/** A production database: no demo seed, so no account with a public password exists. */
let sut: TestApp;
const scrypt = scryptOf(loadEnv(testEnvDefaults));

beforeEach(async () => {
  sut = await buildTestApp({ seed: false, env: { DEMO_MODE: 'false' } });
});
afterEach(async () => {
  await sut.close();
});

const operatorLogin = (username: string, password: string) => operatorPasswordLogin(sut, username, password);

describe('createOperator (npm run operator:create)', () => {
  it('gives a fresh database its first operator, who can log in to the back office', async () => {
    expect(await sut.db.select().from(members)).toHaveLength(0);
    const created = await createOperator(sut.db, {
      username: 'alice2026',
      password: 'Kite-harbour-47',
      scrypt,
    });
    // Staff, not a player: in the operators' table, and no member row at all.
    const [row] = await sut.db.select().from(operators).where(eq(operators.id, created.id));
    expect(row).toMatchObject({ account: 'alice2026', operatorRole: 'owner', mustChangePassword: false });
    expect(await sut.db.select().from(members)).toHaveLength(0);
    const login = await operatorLogin('alice2026', 'Kite-harbour-47');
    expect(login.status).toBe(200);
    expect(typeof login.body.value.token).toBe('string');
    expect((await operatorLogin('operator', 'Operator-demo-2026')).status).not.toBe(200);
  });

  it.each([
    ['a short password', 'alice2026', 'Ab1-x', 'password'],
    ['a common password', 'alice2026', 'password123', 'password'],
    ['the username as password', 'alice2026x', 'alice2026x', 'password'],
    ['a username against the brand rule', '1alice', 'Kite-harbour-47', 'username'],
    ['an empty username', '  ', 'Kite-harbour-47', 'username'],
  ])('refuses %s, creating nothing', async (_name, username, password, field) => {
    const refused = createOperator(sut.db, { username, password, scrypt });
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ field }] });
    expect(await sut.db.select().from(operators)).toHaveLength(0);
  });

  it('refuses a taken username in any case, an operator’s or a member’s', async () => {
    await createOperator(sut.db, { username: 'alice2026', password: 'Kite-harbour-47', scrypt });
    await expect(
      createOperator(sut.db, { username: 'ALICE2026', password: 'Other-harbour-48', scrypt }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ field: 'username' }] });
    expect(await sut.db.select().from(operators)).toHaveLength(1);
    await sut.db.insert(members).values({ account: 'bob2026', nickname: 'Bob' });
    await expect(
      createOperator(sut.db, { username: 'Bob2026', password: 'Other-harbour-48', scrypt }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ field: 'username' }] });
    expect(await sut.db.select().from(operators)).toHaveLength(1);
  });
});
