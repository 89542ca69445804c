import {
  allNumbersOf,
  playTypes,
  playTypesOf,
  prizeModeOf,
  type DrawResult,
  type LotteryRegion,
} from '@khela/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { members } from '../accounts/accounts.tables.ts';
import { memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  openSystemAccounts,
  postEntry,
  rowsOf,
} from '../ledger/ledger.service.ts';
import { lotteryGames, lotteryNumeros, lotteryOdds } from './lottery.tables.ts';

/**
 * Lottery fixtures for the money tests and bench/lottery-settlement.ts: games, odds lines, numeros
 * and results written straight into the tables (the lifecycle's job is not under test here), and a
 * set-based bulk of bets with real placement entries.
 */

export const TEST_CURRENCY = 'BDT';

/** Odds per play type used by the fixtures (thousandths), limits 1.00 to 10,000.00 a bet. */
export const testOdds: Record<(typeof playTypes)[number], number> = {
  lo2: 80_000,
  lo3: 900_000,
  lo4: 5_000_000,
  de: 95_000,
  dau: 9_500,
  duoi: 9_500,
  xien2: 17_000,
  xien3: 65_000,
  xien4: 150_000,
  big_small: 1_950,
  odd_even: 1_950,
  sum: 9_500,
  ba_cang: 900_000,
  dau_g8: 95_000,
  duoi_db: 95_000,
  xiu_chu: 450_000,
};

export async function addLotteryGame(
  db: Database,
  gameCode: string,
  region: LotteryRegion,
  options: { enabled?: boolean } = {},
): Promise<number> {
  const [game] = await db
    .insert(lotteryGames)
    .values({
      gameCode,
      region,
      names: { en: `Game ${gameCode}`, bn: `খেলা ${gameCode}` },
      gameMenuTag: region.toUpperCase(),
      drawDayOfWeek: '1,2,3,4,5,6,7',
      ...(region === 'fast' ? { intervalSeconds: 60 } : { drawTime: '18:15' }),
      lockSeconds: 10,
      enabled: options.enabled ?? true,
    })
    .returning({ id: lotteryGames.id });
  if (!game) throw new Error('game not created');
  await db
    .insert(lotteryOdds)
    .values(
      playTypes.map((playType) => ({
        prizeMode: prizeModeOf(region),
        region,
        playType,
        oddsMilli: testOdds[playType],
        minStake: 100n,
        maxStake: 1_000_000n,
      })),
    )
    // The app wrote the default odds at start: the tests' own odds replace them.
    .onConflictDoUpdate({
      target: [lotteryOdds.prizeMode, lotteryOdds.region, lotteryOdds.playType],
      set: {
        oddsMilli: sql`excluded.odds_milli`,
        minStake: sql`excluded.min_stake`,
        maxStake: sql`excluded.max_stake`,
      },
    });
  await openSystemAccounts(db, { currency: TEST_CURRENCY });
  return game.id;
}

/** A numero of the game, open unless told otherwise, betting closing in `lockInSeconds`. */
export async function addNumero(
  db: Database,
  gameId: number,
  numero: string,
  options: { status?: 'open' | 'locked' | 'drawn'; lockInSeconds?: number } = {},
): Promise<number> {
  const lockIn = options.lockInSeconds ?? 600;
  const [row] = await db
    .insert(lotteryNumeros)
    .values({
      gameId,
      numero,
      drawDate: `${numero.slice(0, 4)}-${numero.slice(4, 6)}-${numero.slice(6, 8)}`,
      status: options.status ?? 'open',
      openAt: new Date(Date.now() - 60_000),
      lockAt: new Date(Date.now() + lockIn * 1000),
      drawAt: new Date(Date.now() + lockIn * 1000 + 10_000),
      seed: '00'.repeat(32),
      seedHash: 'ff'.repeat(32),
    })
    .returning({ id: lotteryNumeros.id });
  if (!row) throw new Error('numero not created');
  return row.id;
}

/** Stores a result and marks the numero drawn, as the lifecycle's draw does. */
export async function drawWith(db: Database, numeroId: number, result: DrawResult): Promise<void> {
  const numbers = allNumbersOf(result);
  await db.execute(sql`update lottery_numeros
     set status = 'drawn', result = ${JSON.stringify(result)}::jsonb, numbers = ${`{${numbers.join(',')}}`}::text[],
         locked_at = coalesce(locked_at, now()), drawn_at = now(),
         -- as the lock step fixes it (the popular games read it)
         bet_count = coalesce(bet_count, (select count(*) from lottery_bets b where b.numero_id = ${numeroId}))
   where id = ${numeroId}`);
}

export async function openWallet(db: Database, memberId: number): Promise<void> {
  await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: TEST_CURRENCY });
}

/** Opens the member's main wallet and credits it `funding` from the world account (a deposit). */
export async function fundWallet(
  db: Database,
  memberId: number,
  funding: bigint,
  idempotencyKey: string,
): Promise<void> {
  await openWallet(db, memberId);
  await postEntry(db, {
    kind: 'deposit',
    idempotencyKey,
    postings: [
      { address: systemAddress('world', TEST_CURRENCY), amount: -funding },
      { address: memberWalletAddress(memberId, 'main'), amount: funding },
    ],
  });
}

/**
 * A new member `account` (also its nickname) with an open main wallet, funded with `funding` under
 * the key `fundingKey(id)` unless `funding` is 0.
 */
export async function addFundedMember(
  db: Database,
  options: { account: string; funding: bigint; type?: number; fundingKey: (memberId: number) => string },
): Promise<number> {
  const { account, funding, type } = options;
  const [row] = await db
    .insert(members)
    .values({ account, nickname: account, ...(type === undefined ? {} : { type }) })
    .returning({ id: members.id });
  if (!row) throw new Error('no member');
  await openWallet(db, row.id);
  if (funding > 0n) await fundWallet(db, row.id, funding, options.fundingKey(row.id));
  return row.id;
}

/** The member's main wallet balance. */
export async function mainBalanceOf(db: Database, memberId: number): Promise<bigint> {
  return (await getBalance(db, { address: memberWalletAddress(memberId, 'main') })).balance;
}

/** The AppError `promise` is refused with; fails when it is not refused. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * Bulk bets for a numero, set-based (a fixture, not the placement path): `members` new members with
 * main wallets, each funded by a deposit and debited by one real 'bet' entry per bet (balanced
 * postings, running balances), `betsPerMember` bets each with stake `stake`, play types and
 * selections spread over every play type of the region. A few INSERT … SELECT statements.
 */
export async function bulkBets(
  db: Database,
  options: {
    numeroId: number;
    gameId: number;
    region: LotteryRegion;
    members: number;
    betsPerMember: number;
    stake: bigint;
    prefix: string;
    /** Bet ids member after member (default), or round after round across members as real play places them. */
    order?: 'member' | 'interleaved';
  },
): Promise<{ memberIds: number[] }> {
  const { numeroId, gameId, members, betsPerMember, stake, prefix } = options;
  const types = [...playTypesOf(options.region)];
  const typeList = `{${types.join(',')}}`;
  const house = `house:${TEST_CURRENCY}`;
  const world = `world:${TEST_CURRENCY}`;
  const funding = (stake * BigInt(betsPerMember)).toString();
  const stakeText = stake.toString();
  const statements = [
    sql`create temporary table bulk_members on commit drop as
        with made as (
          insert into members (account, nickname)
          select ${prefix}::text || g, ${prefix}::text || g from generate_series(1, ${members}) g
          returning id)
        select id, row_number() over (order by id) as n from made`,
    sql`insert into ledger_accounts (address, kind, owner_member_id, currency, precision, balance, allow_negative)
        select 'member:' || id || ':main', 'main', id, ${TEST_CURRENCY}, 2, 0, false from bulk_members`,
    // A deposit per member (world → main), then one bet entry per bet (main → house, the running
    // balance going down): each a batch of the ledger's posting path.
    sql`with c as (select count(*)::integer as c from bulk_members)
        select ledger_post_entries(
                 array_fill('deposit'::text, array[c.c]),
                 array(select ${prefix}::text || '-fund-' || m.id from bulk_members m order by m.n),
                 null, null, null,
                 array(select m.n::integer from bulk_members m, generate_series(1, 2) as leg order by m.n, leg),
                 array(select case leg when 1 then ${world} else 'member:' || m.id || ':main' end
                         from bulk_members m, generate_series(1, 2) as leg order by m.n, leg),
                 array(select case leg when 1 then -${funding}::bigint else ${funding}::bigint end
                         from bulk_members m, generate_series(1, 2) as leg order by m.n, leg))
          from c`,
    sql`with c as (select count(*)::integer as c from bulk_members)
        select ledger_post_entries(
                 array_fill('bet'::text, array[c.c * ${betsPerMember}::integer]),
                 array(select ${prefix}::text || '-bet-' || m.id || '-' || k
                         from bulk_members m, generate_series(1, ${betsPerMember}) as k order by m.n, k),
                 null, null, null,
                 array(select ((m.n - 1) * ${betsPerMember} + k)::integer
                         from bulk_members m, generate_series(1, ${betsPerMember}) as k, generate_series(1, 2) as leg
                        order by m.n, k, leg),
                 array(select case leg when 1 then 'member:' || m.id || ':main' else ${house} end
                         from bulk_members m, generate_series(1, ${betsPerMember}) as k, generate_series(1, 2) as leg
                        order by m.n, k, leg),
                 array(select case leg when 1 then -${stakeText}::bigint else ${stakeText}::bigint end
                         from bulk_members m, generate_series(1, ${betsPerMember}) as k, generate_series(1, 2) as leg
                        order by m.n, k, leg))
          from c`,
    sql`create temporary table bulk_bets on commit drop as
        select e.id as entry_id, m.id as member_id, m.n, k
          from bulk_members m cross join generate_series(1, ${betsPerMember}) k
          join journal_entries e on e.idempotency_key = ${prefix}::text || '-bet-' || m.id || '-' || k`,
    // The bets: play type and selection spread by the bet's number.
    sql`insert into lottery_bets (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency,
                                  request_id, slip_index, entry_id)
        select ${numeroId}, ${gameId}, b.member_id, t.play_type,
               case t.play_type
                 when 'lo2' then array[lpad(((b.n * 7 + b.k * 13) % 100)::text, 2, '0')]
                 when 'de' then array[lpad(((b.n * 7 + b.k * 13) % 100)::text, 2, '0')]
                 when 'dau_g8' then array[lpad(((b.n * 7 + b.k * 13) % 100)::text, 2, '0')]
                 when 'duoi_db' then array[lpad(((b.n * 7 + b.k * 13) % 100)::text, 2, '0')]
                 when 'ba_cang' then array[lpad(((b.n * 7 + b.k * 13) % 1000)::text, 3, '0')]
                 when 'xiu_chu' then array[lpad(((b.n * 7 + b.k * 13) % 1000)::text, 3, '0')]
                 when 'lo3' then array[lpad(((b.n * 7 + b.k * 13) % 1000)::text, 3, '0')]
                 when 'lo4' then array[lpad(((b.n * 7 + b.k * 13) % 10000)::text, 4, '0')]
                 when 'dau' then array[((b.n + b.k) % 10)::text]
                 when 'duoi' then array[((b.n + b.k) % 10)::text]
                 when 'sum' then array[((b.n + b.k) % 10)::text]
                 when 'big_small' then array[case when (b.n + b.k) % 2 = 0 then 'big' else 'small' end]
                 when 'odd_even' then array[case when (b.n + b.k) % 2 = 0 then 'odd' else 'even' end]
                 else array(select distinct lpad(((b.n * 7 + b.k * 13 + j * 31) % 100)::text, 2, '0')
                              from generate_series(1, substr(t.play_type, 5)::integer) j order by 1)
               end,
               ${stakeText}::bigint, o.odds_milli, ${TEST_CURRENCY}, ${prefix}::text || '-' || b.k, 0, b.entry_id
          from bulk_bets b
          cross join lateral (select (${typeList}::text[])[1 + (b.n + b.k) % ${types.length}] as play_type) t
          join lottery_odds o on o.region = ${options.region} and o.prize_mode = ${prizeModeOf(options.region)}
                              and o.play_type = t.play_type
         order by ${options.order === 'interleaved' ? sql`b.k, b.member_id` : sql`b.member_id, b.k`}`,
  ];
  let memberIds: number[] = [];
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
    memberIds = rowsOf<{ id: string | number }>(
      await tx.execute(sql`select id from bulk_members order by id`),
    ).map((row) => Number(row.id));
  });
  return { memberIds };
}
