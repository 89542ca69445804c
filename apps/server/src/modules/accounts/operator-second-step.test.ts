import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { generate } from 'otplib';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { authCounters } from '../counters/counters.tables.ts';
import { scryptOf } from './accounts.context.ts';
import { call, solveAltcha } from './accounts.test-support.ts';
import { operators } from './operators.tables.ts';
import { hashPassword } from './password-hash.ts';
import { secondStepPolicy, waitAfterWrongCodes } from './second-step-strikes.ts';

/**
 * Issue 35, item 4: the operator's TOTP could be brute-forced once the password was known. Each
 * password login gave a fresh five-try challenge and wrong codes counted nowhere else (200 codes
 * in 34 s). Now they count per operator across challenges: a wait that grows from the third, a
 * lock at the tenth (audited: the owner's alert list reads it), and the operator's known device
 * still signs in.
 */
const secret = 'KHELAOPERATORSECONDSTEPTESTSECRT';
const password = 'Second-step-2026!';
let sut: TestApp;

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(() => sut.close());

async function newOperator(account: string): Promise<number> {
  const [row] = await sut.db
    .insert(operators)
    .values({
      account,
      nickname: account,
      operatorRole: 'finance',
      passwordHash: await hashPassword(password, scryptOf(sut.app.env)),
      totpSecret: secret,
      registerMethod: 'TEST',
    })
    .returning({ id: operators.id });
  return row!.id;
}

const passwordLogin = async (account: string, options: { deviceToken?: string; ip?: string } = {}) =>
  call(sut, {
    method: 'POST',
    url: '/api/operator/session/login',
    sealed: true,
    ip: options.ip ?? '198.51.100.20',
    body: {
      username: account,
      password,
      altcha: await solveAltcha(sut),
      ...(options.deviceToken ? { deviceToken: options.deviceToken } : {}),
    },
  });
const secondStep = (challengeId: string, code: string) =>
  call(sut, { method: 'POST', url: '/wps/session/login/2fa', sealed: true, body: { challengeId, code } });

/** A six-digit code none of the accepted steps (now, one before, one after) has. */
async function wrongCode(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await Promise.all([-30, 0, 30].map((shift) => generate({ secret, epoch: now + shift })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** Ends the current wait at once (as if its time had passed). */
const endWait = (operatorId: number) =>
  sut.db.delete(authCounters).where(eq(authCounters.key, `second-step-wait:operator:${operatorId}`));

describe("an operator's wrong second-step codes across challenges", () => {
  it('makes the next try wait after three, longer each time, then locks at ten; the known device still signs in', async () => {
    const account = `brute${Date.now().toString(36)}`;
    const operatorId = await newOperator(account);

    // The real operator signed in once from their browser: it is a known device now.
    const first = await passwordLogin(account);
    const granted = await secondStep(first.body.value.challengeId, await generate({ secret }));
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const deviceToken = granted.body.value.deviceToken as string;
    expect(deviceToken).toEqual(expect.any(String));

    // The attacker has the password, from another address and without the device: fresh
    // challenges, wrong codes. Each refusal after the third is a wait, not a check.
    let codesChecked = 0;
    let waits = 0;
    let locked: { status: number; body: Record<string, any> } | null = null; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers
    for (let attempt = 0; attempt < 200 && !locked; attempt += 1) {
      const login = await passwordLogin(account, { ip: `203.0.113.${(attempt % 200) + 1}` });
      if (login.body.code === 'ACCOUNT_LOCKED') {
        if (login.body.value.secondStep === 'locked') {
          locked = login;
          break;
        }
        waits += 1;
        expect(login.body.value.lockedUntil).toBeGreaterThan(Date.now());
        await endWait(operatorId);
        continue;
      }
      expect(login.body.value.twoFactorRequired, JSON.stringify(login.body)).toBe(true);
      for (let guess = 0; guess < 5; guess += 1) {
        const answer = await secondStep(login.body.value.challengeId, await wrongCode());
        if (answer.body.code === 'ACCOUNT_LOCKED') {
          if (answer.body.value.secondStep === 'locked') locked = answer;
          else codesChecked += 1; // the code that started the wait was checked
          break;
        }
        expect(answer.body.code).toBe('TWO_FACTOR_INVALID');
        codesChecked += 1;
      }
    }
    expect(locked, 'locked').not.toBeNull();
    expect(locked!.status).toBe(423);
    // Ten codes checked, not 200; the waits grew (30 s, 60 s, … from the third).
    expect(codesChecked + 1).toBe(secondStepPolicy.lockAfter);
    expect(waits).toBeGreaterThan(0);
    expect(waitAfterWrongCodes(3)).toBe(30);
    expect(waitAfterWrongCodes(5)).toBe(120);

    // Locked: from an unknown device even the right code is not checked, nor a new login started.
    const relogin = await passwordLogin(account, { ip: '203.0.113.250' });
    expect(relogin.body.code).toBe('ACCOUNT_LOCKED');
    expect(relogin.body.value.secondStep).toBe('locked');

    // The owner's alert: the lock is in the audit trail, and so is each wrong code.
    const trail = await sut.db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.targetId, String(operatorId)),
          like(operatorAudit.action, 'operator.secondStep.%'),
        ),
      );
    expect(trail.filter((row) => row.action === 'operator.secondStep.locked')).toHaveLength(1);
    expect(trail.filter((row) => row.action === 'operator.secondStep.wrong').length).toBe(
      secondStepPolicy.lockAfter - 1,
    );
    expect(trail.some((row) => row.action === 'operator.secondStep.refused')).toBe(true);

    // The real operator, on their known device, still signs in (and a typo there does not lock them out).
    const known = await passwordLogin(account, { deviceToken });
    expect(known.body.value.twoFactorRequired, JSON.stringify(known.body)).toBe(true);
    expect((await secondStep(known.body.value.challengeId, await wrongCode())).body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    // The next step's code (this step's was used by the first login; a code passes once).
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const back = await secondStep(known.body.value.challengeId, nextCode);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.value.token).toEqual(expect.any(String));
  }, 120_000);

  it('forgets the wrong codes after a right one, and refuses a malformed code without counting it', async () => {
    const account = `typo${Date.now().toString(36)}`;
    const operatorId = await newOperator(account);
    const login = await passwordLogin(account);
    const challengeId = login.body.value.challengeId as string;
    const malformed = await secondStep(challengeId, 'abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    expect((await secondStep(challengeId, await wrongCode())).body.code).toBe('TWO_FACTOR_INVALID');
    expect((await secondStep(challengeId, await wrongCode())).body.code).toBe('TWO_FACTOR_INVALID');
    const [counted] = await sut.db
      .select()
      .from(authCounters)
      .where(eq(authCounters.key, `second-step-fail:operator:${operatorId}`));
    expect(counted?.count).toBe(2);
    expect((await secondStep(challengeId, await generate({ secret }))).status).toBe(200);
    const after = await sut.db
      .select()
      .from(authCounters)
      .where(eq(authCounters.key, `second-step-fail:operator:${operatorId}`));
    expect(after).toEqual([]);
  });

  it("leaves a member's second step as it was (five tries a challenge, no count across)", async () => {
    // The wrong-code count is the operators': a member's challenge never reads or writes it.
    const before = await sut.db.select().from(authCounters).where(like(authCounters.key, 'second-step-%'));
    const refused = await secondStep('00000000-0000-4000-8000-000000000000', await wrongCode());
    expect(refused.body.code).toBe('TWO_FACTOR_INVALID');
    const after = await sut.db.select().from(authCounters).where(like(authCounters.key, 'second-step-%'));
    expect(after).toEqual(before);
  });
});
