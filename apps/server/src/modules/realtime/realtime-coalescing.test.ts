import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { balancePushWindowMs } from './realtime.routes.ts';
import { openSocket, until } from './realtime.test-support.ts';

let sut: TestApp;
let operator: string;
let player: string;

beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer());
});
afterEach(async () => {
  await sut.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('balance pushes are coalesced per member', () => {
  it('sends a burst of movements as one push at once and one with the latest balance', async () => {
    // As text: raw bigint columns differ between the drivers (docs/stack.md gotcha 3).
    const [row] = rowsOf<{ id: string }>(
      await sut.db.execute(sql`select id::text as id from members where account = 'demoplayer'`),
    );
    const memberId = Number(row!.id);
    const socket = await openSocket(sut);
    const balances: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; value?: { sumBalance: string } };
      if (message.type === 'balance') balances.push(message.value!.sumBalance);
    });
    socket.send(JSON.stringify({ type: 'auth', token: player }));
    await until(() => balances.length === 1);

    // Fifty movements announced in one go: one push now, one at the window's end, no more.
    for (let index = 0; index < 50; index += 1) walletChanged(sut.db, memberId);
    await until(() => balances.length === 3);
    await sleep(balancePushWindowMs * 3);
    expect(balances).toHaveLength(3);

    // Money moved while a window is open shows in the window's last push.
    walletChanged(sut.db, memberId);
    await until(() => balances.length === 4);
    const adjusted = await call(sut, {
      method: 'POST',
      url: '/api/operator/wallet/adjust',
      token: operator,
      body: {
        username: 'demoplayer',
        amount: '75.25',
        reason: 'coalescing test',
        idempotencyKey: 'coalesce-0001',
      },
    });
    expect(adjusted.status).toBe(200);
    await until(() => balances.at(-1) === '75.25');
    await sleep(balancePushWindowMs * 3);
    expect(balances.at(-1)).toBe('75.25');
    socket.terminate();
  });
});
