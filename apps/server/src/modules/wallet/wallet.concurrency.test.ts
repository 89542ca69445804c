import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, loginAs, operatorLogin } from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { getBalance, getOrOpenMemberWallet, postEntry } from '../ledger/ledger.service.ts';
import { isLedgerError } from '../ledger/ledger.errors.ts';
import { bindDemoPayoutAccount } from '../withdrawals/withdrawals.test-support.ts';

/**
 * Hundreds of overlapping withdrawals, transfers to the upline and bet debits at the same wallet,
 * each sent twice at once (a client retry), through the real HTTP calls on PostgreSQL (PGlite runs
 * one transaction at a time, so only PostgreSQL shows real races; docs/stack.md gotcha 5). The wallet
 * holds 60 × 100.00 and 180 × 100.00 is asked for: exactly 60 movements may succeed, each once.
 */
describe.runIf(process.env.DATABASE_URL)('a wallet under concurrent load (PostgreSQL)', () => {
  let sut: TestApp;
  let player: string;
  let accountId: number;
  let playerId: number;
  let agentId: number;
  const perKind = 60;
  const unit = 10_000n; // 100.00 in minor units
  const funds = 60n * unit;

  beforeAll(async () => {
    sut = await buildTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        MONEY_RATE_LIMIT_PER_MINUTE: '100000',
        // One member's many calls at once are the point here: the hashing admission (a few
        // payment password checks in flight per account) would refuse most of them.
        PASSWORD_HASH_PER_ACCOUNT: '1000',
        PASSWORD_HASH_PER_ADDRESS: '1000',
        PASSWORD_HASH_QUEUE: '1000',
      },
    });
    const operator = await operatorLogin(sut);
    player = (await loginAs(sut, 'demoplayer', 'Player-demo-2026')).body.value.token;
    const adjusted = await call(sut, {
      method: 'POST',
      url: '/api/operator/wallet/adjust',
      token: operator,
      body: {
        username: 'demoplayer',
        amount: '6000',
        reason: 'load test funds',
        idempotencyKey: 'load-funds',
      },
    });
    expect(adjusted.status).toBe(200);
    accountId = await bindDemoPayoutAccount(sut, player);
    const idOf = async (account: string) =>
      (await sut.db.select({ id: members.id }).from(members).where(eq(members.account, account)))[0]!.id;
    playerId = await idOf('demoplayer');
    agentId = await idOf('demoagent');
    await getOrOpenMemberWallet(sut.db, { memberId: agentId, kind: 'main', currency: 'BDT' });
  });

  afterAll(async () => {
    await sut?.close();
  });

  const balanceOf = (address: string) =>
    getBalance(sut.db, { address }).then(
      (account) => account.balance,
      (error: unknown) => {
        // A wallet nothing reached was never opened: it holds nothing.
        if (isLedgerError(error) && error.reason === 'ACCOUNT_NOT_FOUND') return 0n;
        throw error;
      },
    );

  it('lets exactly what the balance covers through, once per request, and keeps the books balanced', async () => {
    const agentBefore = await balanceOf(memberWalletAddress(agentId, 'main'));
    const houseBefore = await balanceOf(systemAddress('house', 'BDT'));

    const withdraw = (requestId: string) =>
      call(sut, {
        method: 'POST',
        url: '/wps/withdraw/create',
        token: player,
        sealed: true,
        body: { accountId, amount: '100', paymentPassword: '246810', requestId },
      }).then((response) => (response.status === 200 ? 'ok' : (response.body.code as string)));
    const transfer = (requestId: string) =>
      call(sut, {
        method: 'POST',
        url: '/wps/wallet/transferUpline',
        token: player,
        sealed: true,
        body: { amount: '100', paymentPassword: '246810', requestId },
      }).then((response) => (response.status === 200 ? 'ok' : (response.body.code as string)));
    // A vendor's bet debit as the games module posts it: member main → house, keyed by transaction.
    const debit = (transactionId: string) =>
      postEntry(sut.db, {
        kind: 'bet',
        idempotencyKey: `load:${transactionId}`,
        postings: [
          { address: memberWalletAddress(playerId, 'main'), amount: -unit },
          { address: systemAddress('house', 'BDT'), amount: unit },
        ],
      }).then(
        () => 'ok',
        (error: unknown) => (isLedgerError(error) ? error.reason : 'unexpected'),
      );

    const jobs: { kind: 'withdraw' | 'transfer' | 'debit'; id: string; run: () => Promise<string> }[] = [];
    for (let index = 0; index < perKind; index += 1) {
      for (const [kind, run] of [
        ['withdraw', withdraw],
        ['transfer', transfer],
        ['debit', debit],
      ] as const) {
        const id = `${kind}-${index}`;
        // The same request twice, at once: a retry racing its original.
        jobs.push({ kind, id, run: () => run(id) }, { kind, id, run: () => run(id) });
      }
    }
    // The HTTP calls (sealed bodies, payment password checks) take far longer to reach the wallet
    // than the direct debits: start those later and spread, so that the three kinds race together.
    const answers = await Promise.all(
      jobs.map((job) =>
        new Promise((resolve) =>
          setTimeout(resolve, job.kind === 'debit' ? randomInt(500, 3000) : randomInt(200)),
        ).then(job.run),
      ),
    );

    const outcome = new Map<string, string[]>();
    jobs.forEach((job, index) => outcome.set(job.id, [...(outcome.get(job.id) ?? []), answers[index]!]));
    const applied = { withdraw: 0, transfer: 0, debit: 0 };
    for (const job of jobs.filter((_, index) => index % 2 === 0)) {
      const [first, second] = outcome.get(job.id)!;
      // A request and its retry agree: both applied (one of them a replay) or both refused.
      expect([job.id, first === 'ok'], `${first} / ${second}`).toEqual([job.id, second === 'ok']);
      if (first === 'ok') applied[job.kind] += 1;
      else expect(first).toBe('INSUFFICIENT_FUNDS');
    }
    const total = applied.withdraw + applied.transfer + applied.debit;
    console.log(`applied under load: ${JSON.stringify(applied)} of ${perKind} each, sent twice`);
    expect(total).toBe(Number(funds / unit));

    expect(await balanceOf(memberWalletAddress(playerId, 'main'))).toBe(0n);
    expect(await balanceOf(memberWalletAddress(playerId, 'hold'))).toBe(BigInt(applied.withdraw) * unit);
    expect((await balanceOf(memberWalletAddress(agentId, 'main'))) - agentBefore).toBe(
      BigInt(applied.transfer) * unit,
    );
    expect((await balanceOf(systemAddress('house', 'BDT'))) - houseBefore).toBe(BigInt(applied.debit) * unit);
    await expectLedgerValid(sut.db);
  });
});
