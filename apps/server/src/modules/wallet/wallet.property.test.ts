import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '../../http/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { scryptOf } from '../accounts/accounts.context.ts';
import { members } from '../accounts/accounts.tables.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { createDeposit, decideDeposit } from '../deposits/deposits.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { formatAmount } from '../ledger/money.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  bindPayoutAccount,
  confirmWithdrawal,
  createWithdrawal,
  decideWithdrawal,
  resolveWithdrawal,
} from '../withdrawals/withdrawals.service.ts';
import { adjustWallet, getWalletBalance, transferToUpline } from './wallet.service.ts';

/**
 * Random sequences of what players and operators do with money, through the wallet services (the
 * same functions the routes call), against a model of every wallet. After each sequence: each
 * main and hold wallet holds what the model says, and the verifier finds every invariant intact.
 * Replays of a movement must change nothing; refusals (overdrafts, wrong states) must change
 * nothing. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

type Operation =
  | { type: 'credit'; who: 0 | 1; cents: number }
  | { type: 'deposit'; approve: boolean; cents: number }
  | { type: 'transfer'; cents: number }
  | {
      type: 'withdraw';
      cents: number;
      outcome: 'reject' | 'full' | 'partial' | 'refund';
      receivedShare: number;
    }
  | { type: 'replay' };

const cents = fc.integer({ min: 1, max: 60_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('credit' as const),
      who: fc.constantFrom(0 as const, 1 as const),
      cents,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('deposit' as const), approve: fc.boolean(), cents }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('transfer' as const), cents }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      cents,
      outcome: fc.constantFrom('reject' as const, 'full' as const, 'partial' as const, 'refund' as const),
      receivedShare: fc.integer({ min: 1, max: 99 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('replay' as const) }) },
);

let sut: TestApp;
let run = 0;
const actor = { name: 'operator#test', requestId: 'property' };

beforeAll(async () => {
  sut = await buildTestApp({ env: { MONEY_RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => {
  await sut.close();
});

/** A fresh agent and a player below it for one run, so runs never share wallets. */
async function newParties() {
  run += 1;
  const scrypt = scryptOf(sut.app.env);
  const paymentPasswordHash = await hashPassword('246810', scrypt);
  const [agent] = await sut.db
    .insert(members)
    .values({
      account: `prop-agent-${run}`,
      nickname: 'Agent',
      type: 1,
      paymentPasswordHash,
      registerMethod: 'TEST',
    })
    .returning();
  const [player] = await sut.db
    .insert(members)
    .values({
      account: `prop-player-${run}`,
      nickname: 'Player',
      type: 0,
      uplineId: agent!.id,
      paymentPasswordHash,
      registerMethod: 'TEST',
    })
    .returning();
  return { agent: agent!, player: player! };
}

/** Runs a movement the model may expect to be refused; a refusal must be an AppError. */
async function attempt<T>(action: () => Promise<T>): Promise<T | null> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

describe('wallet flows (property)', () => {
  it('keep every wallet equal to the model and every invariant intact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const settings = await getSettings(sut.db);
        const money = settings;
        const precision = settings.currencyPrecision;
        const text = (value: number) => formatAmount(BigInt(value), precision);
        const { agent, player } = await newParties();
        const payout = await bindPayoutAccount(sut.db, {
          memberId: player.id,
          address: '127.0.0.1',
          body: {
            kind: 'ewallet',
            providerName: 'bKash',
            accountName: 'P',
            accountNumber: `0170${run}000000`,
            paymentPassword: '246810',
          },
        });
        const model = { main: [0, 0], hold: 0 };
        let last: (() => Promise<unknown>) | null = null;
        let step = 0;

        for (const op of operations) {
          step += 1;
          const key = `prop-${run}-${step}`;
          switch (op.type) {
            case 'credit': {
              const member = op.who === 0 ? player : agent;
              const action = () =>
                adjustWallet({
                  db: sut.db,
                  money,
                  actor,
                  body: {
                    username: member.account,
                    amount: text(op.cents),
                    reason: 'property',
                    idempotencyKey: key,
                  },
                });
              await action();
              model.main[op.who] = (model.main[op.who] ?? 0) + op.cents;
              last = action;
              break;
            }
            case 'deposit': {
              const amount = 10_000 + op.cents; // within the bank method's 100.00–100,000.00
              const order = await createDeposit({
                db: sut.db,
                settings,
                gateways: sut.app.paymentGateways,
                memberId: player.id,
                body: { methodCode: 'bank', amount: text(amount), reference: key, requestId: key },
                links: () => ({ callbackUrl: 'http://127.0.0.1:9/none', returnUrl: () => '/' }),
              });
              const decide = () =>
                decideDeposit({
                  db: sut.db,
                  settings,
                  actor,
                  body: op.approve
                    ? { orderId: order.orderId, decision: 'approve' }
                    : { orderId: order.orderId, decision: 'reject', reason: 'property' },
                });
              await decide();
              if (op.approve) model.main[0] = (model.main[0] ?? 0) + amount;
              last = () => attempt(decide); // deciding twice is refused and moves nothing
              break;
            }
            case 'transfer': {
              const amount = 100 + op.cents; // at least the 1.00 minimum
              const action = () =>
                transferToUpline({
                  db: sut.db,
                  settings,
                  member: { id: player.id, account: player.account, type: 0 },
                  address: '127.0.0.1',
                  body: { amount: text(amount), paymentPassword: '246810', requestId: key },
                });
              const done = await attempt(action);
              if (done) {
                model.main[0] = (model.main[0] ?? 0) - amount;
                model.main[1] = (model.main[1] ?? 0) + amount;
              } else expect(model.main[0]).toBeLessThan(amount);
              last = () => attempt(action);
              break;
            }
            case 'withdraw': {
              const amount = 10_000 + op.cents; // within 100.00–50,000.00
              const request = () =>
                createWithdrawal(sut.db, {
                  settings,
                  memberId: player.id,
                  address: '127.0.0.1',
                  body: {
                    accountId: payout.accountId,
                    amount: text(amount),
                    paymentPassword: '246810',
                    requestId: key,
                  },
                });
              const created = await attempt(request);
              last = () => attempt(request);
              if (!created) {
                expect(model.main[0]).toBeLessThan(amount);
                break;
              }
              model.main[0] = (model.main[0] ?? 0) - amount;
              const id = created.withdrawalId;
              if (op.outcome === 'reject') {
                await decideWithdrawal(sut.db, {
                  settings,
                  actor,
                  body: { withdrawalId: id, decision: 'reject', reason: 'property' },
                });
                model.main[0] += amount;
                break;
              }
              // Approve, then disburse (a withdrawal no one approved is never paid out).
              for (const decision of ['approve', 'disburse'] as const) {
                await decideWithdrawal(sut.db, { settings, actor, body: { withdrawalId: id, decision } });
              }
              if (op.outcome === 'full') {
                await confirmWithdrawal(sut.db, {
                  settings,
                  memberId: player.id,
                  body: { withdrawalId: id, receipt: 'full' },
                });
                break;
              }
              const received = Math.floor((amount * op.receivedShare) / 100);
              await confirmWithdrawal(sut.db, {
                settings,
                memberId: player.id,
                body: { withdrawalId: id, receipt: 'partial', receivedAmount: text(received) },
              });
              const refund = op.outcome === 'refund' ? amount - received : 0;
              await resolveWithdrawal(sut.db, {
                settings,
                actor,
                body: { withdrawalId: id, refund: text(refund), reason: 'property' },
              });
              model.main[0] += refund;
              break;
            }
            case 'replay':
              if (last) await last();
              break;
          }
        }

        for (const [index, member] of [player, agent].entries()) {
          const balance = await getWalletBalance({
            db: sut.db,
            money,
            memberId: member.id,
            memberType: member.type,
          });
          expect(balance.sumBalance, `${member.account} main`).toBe(text(model.main[index] ?? 0));
          expect(balance.held, `${member.account} hold`).toBe(text(model.hold));
        }
        await expectLedgerValid(sut.db);
      }),
      { numRuns: 30 },
    );
  });
});
