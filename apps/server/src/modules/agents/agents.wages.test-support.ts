import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { createSession } from '../accounts/session.service.ts';
import { getOrOpenMemberWallet, openSystemAccounts, postEntry, rowsOf } from '../ledger/ledger.service.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';

/** Fixtures for the contract and wage tests: accounts in a tree, sessions, money, rounds. */

export async function openMember(
  sut: TestApp,
  account: string,
  options: { type?: number; upline?: number | null; status?: 'active' | 'disabled' } = {},
): Promise<number> {
  const [row] = rowsOf<{ id: string }>(
    await sut.db.execute(sql`insert into members (account, nickname, type, upline_id, status)
      values (${account}, ${account}, ${options.type ?? 1}, ${options.upline ?? null}, ${options.status ?? 'active'})
      returning id::text as id`),
  );
  return Number(row?.id);
}

export async function memberId(sut: TestApp, account: string): Promise<number> {
  const [row] = rowsOf<{ id: string }>(
    await sut.db.execute(sql`select id::text as id from members where account = ${account}`),
  );
  return Number(row?.id);
}

export async function tokenOf(sut: TestApp, id: number, site: 'member' | 'agent' = 'agent') {
  return createSession({ db: sut.db, env: sut.app.env, memberId: id, site, ip: null, userAgent: null });
}

/** A call with a session token, answering status and body. */
export function as(sut: TestApp, token: string) {
  return {
    get: (url: string) => call(sut, { method: 'GET', url, token, host: 'agent.localhost' }),
    post: (url: string, body: unknown) =>
      call(sut, { method: 'POST', url, token, body, host: 'agent.localhost' }),
  };
}

let fundings = 0;
/** Deposits `minor` into a member's main wallet (world → main), a real entry. */
export async function fund(sut: TestApp, id: number, minor: bigint): Promise<void> {
  await openSystemAccounts(sut.db, { currency: 'BDT' });
  await getOrOpenMemberWallet(sut.db, { memberId: id, kind: 'main', currency: 'BDT' });
  fundings += 1;
  await postEntry(sut.db, {
    kind: 'deposit',
    idempotencyKey: `agents-test-fund-${id}-${fundings}-${Date.now()}`,
    postings: [
      { address: systemAddress('world', 'BDT'), amount: -minor },
      { address: memberWalletAddress(id, 'main'), amount: minor },
    ],
  });
}

export async function balanceOf(sut: TestApp, id: number): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await sut.db.execute(sql`select coalesce((select balance from ledger_accounts
                                                where address = ${memberWalletAddress(id, 'main')}), 0)::text as balance`),
  );
  return BigInt(row?.balance ?? '0');
}

let rounds = 0;
/** A settled house round of a member (main wallet), settled at `at`. */
export async function round(sut: TestApp, id: number, bet: bigint, win: bigint, at: Date): Promise<void> {
  rounds += 1;
  await sut.db
    .execute(sql`insert into game_rounds (vendor_code, round_id, member_id, node_id, game_type, vassalage,
      currency, wallet_kind, bet_amount, win_amount, status, started_at, settled_at)
    values ('HOUSE', ${`r${rounds}-${Date.now()}`}, ${id}, 0, 'SLOT', 'HOUSE', 'BDT', 'main', ${bet}, ${win},
            'settled', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}
