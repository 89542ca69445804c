import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import type { SiteSettingsInput } from '../settings/settings.schema.ts';
import { getSettings, updateSettings } from '../settings/settings.service.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { depositOrders } from './deposits.tables.ts';
import { reconcileOverdueDeposits } from './deposits.service.ts';

type DepositMethodInput = NonNullable<NonNullable<SiteSettingsInput['payments']>['depositMethods']>[number];

/** Lists `methods` in the place of the site's deposit methods of `kind` (the others stay). */
export async function replaceDepositMethods(
  db: Database,
  kind: DepositMethodInput['kind'],
  methods: DepositMethodInput[],
): Promise<void> {
  const settings = await getSettings(db);
  await updateSettings(db, {
    payments: {
      ...settings.payments,
      depositMethods: [
        ...settings.payments.depositMethods.filter((other) => other.kind !== kind),
        ...methods,
      ],
    },
  });
}

/** The demo's bKash deposit method (its simulator behind it), 10.00 to 100,000.00, no fee. */
export const bkashDemoMethod = {
  code: 'bkash',
  kind: 'bkash',
  names: { EN: 'bKash (demo)' },
  min: '10',
  max: '100000',
  feeBps: 0,
} as const;

/**
 * A site in demo mode listening on a port (its provider simulators are mounted on it and its
 * adapters call them over HTTP), with an operator, a player and `method` as the only deposit
 * method of its kind.
 */
export async function demoAppWithDepositMethod(
  method: DepositMethodInput,
): Promise<{ sut: TestApp; player: string }> {
  const { sut, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' });
  await sut.app.listen({ host: '127.0.0.1', port: 0 });
  await replaceDepositMethods(sut.db, method.kind, [method]);
  return { sut, player };
}

/**
 * Closes a listening test site. Calls an adapter gave up on (the timeout tests) may leave
 * connections to the simulator in this same server open; they would hold its close.
 */
export async function closeListeningApp(sut: TestApp): Promise<void> {
  sut.app.server.closeAllConnections();
  await sut.close();
}

/** The reconciliation of overdue deposits (the expiry job's query of their gateways), once. */
export async function reconcileOverdue(sut: TestApp): Promise<number> {
  return reconcileOverdueDeposits({
    db: sut.db,
    settings: await getSettings(sut.db),
    gateways: sut.app.paymentGateways,
  });
}

/**
 * The player's deposit calls with one method, and what the tests read back; `app` answers the
 * current test's site and player (set in a beforeEach).
 */
export function depositCalls(methodCode: string, app: () => { sut: TestApp; player: string }) {
  const newRequest = uniqueKeys(methodCode);
  return {
    create: (amount: string) =>
      call(app().sut, {
        method: 'POST',
        url: '/wps/deposit/create',
        body: { requestId: newRequest(), methodCode, amount },
        token: app().player,
      }),
    balance: async () =>
      (await call(app().sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: app().player })).body
        .value.sumBalance as string,
    orderRow: async (orderId: number) =>
      (await app().sut.db.select().from(depositOrders).where(eq(depositOrders.id, orderId)))[0]!,
    /** The member's browser back on our return URL (the provider's redirect), as a path on the site. */
    comeBack: (url: string) => {
      const parsed = new URL(url);
      return app().sut.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}` });
    },
    overdue: () =>
      app()
        .sut.db.update(depositOrders)
        .set({ expiresAt: sql`now() - interval '1 minute'` }),
    reconcile: () => reconcileOverdue(app().sut),
  };
}

/** The codes of the deposit methods the site offers `player` (its methods list, which must answer 200). */
export async function offeredMethodCodes(sut: TestApp, player: string): Promise<string[]> {
  const answer = await call(sut, { method: 'GET', url: '/wps/deposit/methods', token: player });
  expect(answer.status).toBe(200);
  return answer.body.value.map((method: { code: string }) => method.code);
}

/**
 * The sandbox gateway's deposit method. The demo offers members bKash (demo) and Nagad (demo)
 * instead (issue 37, item 5); the sandbox gateway still runs in demo mode, and the tests of the
 * generic gateway path (its signed callbacks, their retries) list its method themselves.
 */
export const sandboxDepositMethod = {
  code: 'sandbox',
  kind: 'sandbox_gateway',
  names: { BN: 'স্যান্ডবক্স পে (পরীক্ষা)', EN: 'Sandbox Pay (test)' },
  min: '50',
  max: '50000',
  feeBps: 150,
} as const;

/** Lists the sandbox method after the site's others (it is offered only in demo mode). */
export async function listSandboxMethod(sut: TestApp): Promise<void> {
  const settings = await getSettings(sut.db);
  await updateSettings(sut.db, {
    payments: {
      ...settings.payments,
      depositMethods: [...settings.payments.depositMethods, sandboxDepositMethod],
    },
  });
}
