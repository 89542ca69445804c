import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { listSandboxMethod } from './deposits.test-support.ts';

let sut: TestApp;
let player: string;
beforeAll(async () => {
  ({ sut, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  await listSandboxMethod(sut);
});
afterAll(async () => {
  await sut.close();
});

const newRequest = uniqueKeys('limit');
const create = (body: Record<string, unknown>) =>
  call(sut, {
    method: 'POST',
    url: '/wps/deposit/create',
    body: { requestId: newRequest(), ...body },
    token: player,
  });
const limits = async () =>
  (await call(sut, { method: 'GET', url: '/wps/deposit/limits', token: player })).body.value;

describe('deposit limits count money paid, not gateway orders left unpaid (issue 38)', () => {
  it('leaves an unpaid gateway order out of the used amount; a bank transfer the member says is sent counts', async () => {
    await call(sut, { method: 'POST', url: '/wps/deposit/limits', body: { day: '200' }, token: player });
    // The member opens the gateway's page and walks away: nothing is paid.
    const unpaid = await create({ methodCode: 'sandbox', amount: '150' });
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
    expect((await limits()).day.used).toBe('0.00');
    // So the limit still lets a deposit through that would pass it with the unpaid one counted.
    const bank = await create({ methodCode: 'bank', amount: '120', reference: 'L1' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect((await limits()).day.used).toBe('120.00');
    const over = await create({ methodCode: 'bank', amount: '100', reference: 'L2' });
    expect([over.status, over.body.code]).toEqual([400, 'DEPOSIT_LIMIT_EXCEEDED']);
    // A paid gateway order counts.
    await sut.db.execute(sql`update deposit_orders set status = 'approved' where kind = 'sandbox_gateway'`);
    expect((await limits()).day.used).toBe('270.00');
  });
});
