import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { concurrentDatabase } from '../../test/concurrent-database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { operatorOfRole } from '../accounts/accounts.test-support.ts';
import { newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { addFundedMember, addLotteryGame, addNumero } from './lottery.money.test-support.ts';
import { voidWithFourEyes } from './lottery.voids.ts';
import { lotteryNumeros, lotteryVoidRequests } from './lottery.tables.ts';
import { betThenLock } from './lottery.test-support.ts';

/**
 * Pending voids in the open (issue 36, four eyes): a void after the lock waits for a second
 * operator; the back office lists it (game, numero, requester, reason, time), an operator may reject
 * it with a reason (audited), the requester never confirms their own, and a reader or a member
 * is refused.
 */
let sut: TestApp;
let gameId = 0;
let sequence = 0;

beforeAll(async () => {
  sut = await buildTestApp({ seed: false });
  gameId = await addLotteryGame(sut.db, 'T_VOID', 'north');
});
afterAll(async () => {
  await sut.close();
});

const nextNumero = () => {
  sequence += 1;
  return `20261128${String(sequence).padStart(4, '0')}`;
};

/** A numero with one bet, locked a moment ago (its draw in a minute). */
async function lockedNumero(): Promise<{ numero: string; numeroId: number }> {
  const numero = nextNumero();
  const numeroId = await addNumero(sut.db, gameId, numero, { lockInSeconds: 1200 });
  sequence += 1;
  const bettor = await addFundedMember(sut.db, {
    account: `voidbettor${sequence}`,
    funding: 100_000n,
    fundingKey: (id) => `void-fund-${id}`,
  });
  await betThenLock(sut.db, numeroId, {
    memberId: bettor,
    requestId: `void-bet-${numero}`,
    gameCode: 'T_VOID',
    numero,
    numbers: ['05'],
  });
  return { numero, numeroId };
}

const requestsUrl = '/api/operator/lottery/numeros/void/requests';
const rejectUrl = '/api/operator/lottery/numeros/void/reject';
const voidUrl = '/api/operator/lottery/numeros/void';

interface Listed {
  requestId: number;
  gameCode: string;
  gameName: string;
  numero: string;
  numeroStatus: string;
  drawTime: number;
  reason: string;
  status: string;
  requestedBy: string;
  requestedAt: number;
}

async function pending(token: string): Promise<Listed[]> {
  const answer = await call(sut, { method: 'GET', url: requestsUrl, token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.items as Listed[];
}

async function auditOf(target: string) {
  return rowsOf<{ action: string; outcome: string; reason: string | null; operator: string }>(
    await sut.db.execute(sql`select action, outcome, reason, operator from operator_audit
      where target_id = ${target} order by id`),
  );
}

describe('voids waiting for a second operator', () => {
  it('are listed with game, numero, requester, reason and time; a rejection (audited) takes one off and the numero goes on', async () => {
    sequence += 1;
    const first = await operatorOfRole(sut, 'risk', `voidreq${sequence}`);
    const second = await operatorOfRole(sut, 'owner', `voidrej${sequence}`);
    const { numero, numeroId } = await lockedNumero();
    const before = Date.now();
    const requested = await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: first.token,
      body: { gameCode: 'T_VOID', numero, reason: 'the draw machine jammed' },
    });
    expect(requested.body.value).toMatchObject({ pending: true });

    const listed = (await pending(second.token)).find((item) => item.numero === numero);
    expect(listed).toMatchObject({
      gameCode: 'T_VOID',
      // In the brand's default language (Bengali) when the call names none.
      gameName: 'খেলা T_VOID',
      numero,
      numeroStatus: 'locked',
      reason: 'the draw machine jammed',
      status: 'pending',
      requestedBy: first.account,
    });
    expect(listed!.requestedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(listed!.drawTime).toBeGreaterThan(before);

    const rejected = await call(sut, {
      method: 'POST',
      url: rejectUrl,
      token: second.token,
      body: { requestId: listed!.requestId, reason: 'the machine was checked: it is fine' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toMatchObject({
      requestId: listed!.requestId,
      status: 'rejected',
      decidedBy: second.account,
      decisionReason: 'the machine was checked: it is fine',
    });
    expect((await pending(second.token)).some((item) => item.numero === numero)).toBe(false);
    const [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
    expect(row).toMatchObject({ status: 'locked', voidReason: null, voidRequestedBy: null });
    // A second decision on it: refused, nothing changes.
    const again = await call(sut, {
      method: 'POST',
      url: rejectUrl,
      token: second.token,
      body: { requestId: listed!.requestId, reason: 'twice' },
    });
    expect(again.status).toBe(409);
    const trail = await auditOf(`T_VOID/${numero}`);
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'lottery.void.request', reason: 'the draw machine jammed' }),
        expect.objectContaining({
          action: 'lottery.void.reject',
          outcome: 'ok',
          reason: 'the machine was checked: it is fine',
          operator: second.account,
        }),
      ]),
    );

    // A new request after the rejection starts afresh; its requester cannot confirm it, another can.
    const renewed = await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: first.token,
      body: { gameCode: 'T_VOID', numero, reason: 'jammed again' },
    });
    expect(renewed.body.value).toMatchObject({ pending: true });
    const own = await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: first.token,
      body: { gameCode: 'T_VOID', numero, reason: 'confirming my own' },
    });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const confirmed = await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: second.token,
      body: { gameCode: 'T_VOID', numero, reason: 'seen the video: jammed' },
    });
    expect(confirmed.body.value).toMatchObject({
      pending: false,
      refundedBets: 1,
      numero: { status: 'void', voidReason: 'jammed again' },
    });
    const requests = await sut.db
      .select()
      .from(lotteryVoidRequests)
      .where(eq(lotteryVoidRequests.numeroId, numeroId))
      .orderBy(lotteryVoidRequests.id);
    expect(requests.map((request) => [request.status, request.decidedBy])).toEqual([
      ['rejected', second.account],
      ['approved', second.account],
    ]);
    // A void numero's requests are no longer listed.
    expect((await pending(second.token)).some((item) => item.numero === numero)).toBe(false);
  });

  it('the requester may withdraw (reject) their own request, never confirm it', async () => {
    sequence += 1;
    const first = await operatorOfRole(sut, 'risk', `voidown${sequence}`);
    const { numero } = await lockedNumero();
    await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: first.token,
      body: { gameCode: 'T_VOID', numero, reason: 'typed the wrong numero' },
    });
    const listed = (await pending(first.token)).find((item) => item.numero === numero)!;
    const withdrawn = await call(sut, {
      method: 'POST',
      url: rejectUrl,
      token: first.token,
      body: { requestId: listed.requestId, reason: 'my mistake, withdrawn' },
    });
    expect(withdrawn.body.value).toMatchObject({ status: 'rejected', decidedBy: first.account });
  });

  it('refuses bad input, changing nothing', async () => {
    sequence += 1;
    const operator = await operatorOfRole(sut, 'owner', `voidbad${sequence}`);
    const { numero } = await lockedNumero();
    await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: operator.token,
      body: { gameCode: 'T_VOID', numero, reason: 'bad input case' },
    });
    const listed = (await pending(operator.token)).find((item) => item.numero === numero)!;
    for (const body of [
      { requestId: listed.requestId, reason: 'no' },
      { requestId: listed.requestId },
      { requestId: 0, reason: 'a good reason' },
      { requestId: 'x', reason: 'a good reason' },
      { requestId: listed.requestId, reason: 'x'.repeat(201) },
    ]) {
      const answer = await call(sut, { method: 'POST', url: rejectUrl, token: operator.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    const missing = await call(sut, {
      method: 'POST',
      url: rejectUrl,
      token: operator.token,
      body: { requestId: 2_000_000_000, reason: 'a good reason' },
    });
    expect(missing.status).toBe(404);
    const badLimit = await call(sut, { method: 'GET', url: `${requestsUrl}?limit=0`, token: operator.token });
    expect(badLimit.status).toBe(400);
    expect((await pending(operator.token)).find((item) => item.numero === numero)?.status).toBe('pending');
  });

  it('refuses a caller without the permission (audited), a member and a guest', async () => {
    sequence += 1;
    const owner = await operatorOfRole(sut, 'owner', `voidowner${sequence}`);
    const reader = await operatorOfRole(sut, 'readonly', `voidreader${sequence}`);
    const player = await newMember(sut, `voidplayer${sequence}`);
    const { numero } = await lockedNumero();
    await call(sut, {
      method: 'POST',
      url: voidUrl,
      token: owner.token,
      body: { gameCode: 'T_VOID', numero, reason: 'refused callers case' },
    });
    const listed = (await pending(owner.token)).find((item) => item.numero === numero)!;
    const body = { requestId: listed.requestId, reason: 'not mine to reject' };
    // A reader sees the list but may not reject.
    expect((await pending(reader.token)).some((item) => item.numero === numero)).toBe(true);
    const refused = await call(sut, { method: 'POST', url: rejectUrl, token: reader.token, body });
    expect(refused.status).toBe(403);
    const [refusal] = rowsOf<{ outcome: string; operator: string }>(
      await sut.db.execute(sql`select outcome, operator from operator_audit
        where action = 'operatorRejectLotteryVoid' and operator = ${reader.account}`),
    );
    expect(refusal?.outcome).not.toBe('ok');
    expect((await call(sut, { method: 'POST', url: rejectUrl, token: player.token, body })).status).toBe(403);
    expect((await call(sut, { method: 'POST', url: rejectUrl, body })).status).toBe(401);
    expect((await call(sut, { method: 'GET', url: requestsUrl, token: player.token })).status).toBe(403);
    expect((await call(sut, { method: 'GET', url: requestsUrl })).status).toBe(401);
    expect((await pending(owner.token)).find((item) => item.numero === numero)?.status).toBe('pending');
  });

  it('two operators confirming at once void the numero once and leave no request behind', async () => {
    sequence += 1;
    const first = await operatorOfRole(sut, 'risk', `voidrace${sequence}`);
    const seconds = [
      await operatorOfRole(sut, 'owner', `voidraceb${sequence}`),
      await operatorOfRole(sut, 'owner', `voidracec${sequence}`),
    ];
    const { numero, numeroId } = await lockedNumero();
    await voidWithFourEyes(sut.db, {
      gameCode: 'T_VOID',
      numero,
      reason: 'race of confirmations',
      operator: { id: first.id, account: first.account },
    });
    // On PostgreSQL from two connections at once; PGlite has one.
    const { db, close } = await concurrentDatabase(sut.db, 4);
    try {
      const steps = await Promise.all(
        seconds.map((operator) =>
          voidWithFourEyes(db, {
            gameCode: 'T_VOID',
            numero,
            reason: 'confirmed',
            operator: { id: operator.id, account: operator.account },
          }),
        ),
      );
      expect(steps.map((step) => step.step)).toEqual(['voided', 'voided']);
      expect(steps.reduce((sum, step) => sum + step.refundedBets, 0)).toBe(1);
    } finally {
      await close();
    }
    const requests = await sut.db
      .select()
      .from(lotteryVoidRequests)
      .where(eq(lotteryVoidRequests.numeroId, numeroId));
    expect(requests.map((request) => request.status)).toEqual(['approved']);
    const [row] = await sut.db.select().from(lotteryNumeros).where(eq(lotteryNumeros.id, numeroId));
    expect(row).toMatchObject({ status: 'void', voidReason: 'race of confirmations' });
  });
});
