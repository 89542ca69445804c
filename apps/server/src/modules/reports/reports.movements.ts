import { sql } from 'drizzle-orm';
import { isTimeZone } from '@khela/contract/business-day';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/**
 * The reports' read model (docs/back-office.md, Reports: figures from the ledger): what each journal
 * entry moved on members' wallets that a report counts, one `report_movements` row per entry and
 * member, read from the ledger's published `ledger_member_postings` after the job's cursor.
 *
 * Figures (the amount a figure counts, from the postings on the member's wallets):
 * - stake: `bet` and `rollback` (a lottery draw voided) entries of a round, main wallet, money out
 *   positive (a bet of 50.00 counts 50.00, a void refunding it −50.00);
 * - payout: `win` entries of a round, main wallet, money in positive;
 * - deposit: `deposit` entries, main wallet (what the member was credited, after any fee);
 * - withdrawal: the payout (`withdrawal`, out of the member's hold wallet) less a refund of it
 *   (`adjustment` naming the withdrawal, into the main wallet);
 * - bonus: `bonus` entries and promotional adjustments (`metadata.promotional`), main or bonus
 *   wallet; free-play demo funds (trial wallet) never count;
 * - a reversal counts as the opposite of the entry it reverses, with its figure, item and time
 *   (a vendor rollback of a bet, a cancelled lottery bet, an operator's reversal of a win).
 *
 * Items and times (`at`: its brand day is the day the movement counts on):
 * - a vendor round (`metadata.vendor`, `roundId`): item round:<vendor>:<round id>, at its first
 *   entry (the round's first bet: the round starts in that transaction), game from the bet's
 *   `gameCode` in the games' catalogue;
 * - a lottery round: a member's bets on one draw (`metadata.lottery`, `numero`; the ledger pays
 *   and voids per member and draw), item lottery:<game>:<numero>:<member>, at the member's first
 *   bet on it, the game's vendor by its region (lottery_rounds) and the catalogue;
 * - a deposit: its order (`metadata.orderId`, deposits_orders), at its decision;
 * - a withdrawal: its request (`metadata.withdrawalId`, withdrawals_requests), at its payout;
 * - a bonus: the entry, at its posting.
 * So a rollback or a refund posted days later changes its round's or order's day, not its own.
 */

/** An entry id and when the highest entry id was read (database clock, epoch ms). */
export interface Mark {
  at: number;
  id: number;
}

/** The most marks kept (a transaction left open for days holds the horizon back). */
const maxMarks = 48;

/**
 * How far the journal is read. Entry ids come from a sequence and can commit out of order: a
 * transaction holding id 100 may commit after one holding 101 was read. So the cursor only moves to
 * a mark taken before the horizon (the start of the oldest transaction still open, and at least a
 * minute ago): every transaction open when that mark was read has ended since, so no entry at or
 * below it can appear later. Entries above the cursor are read again each run (the read model
 * keeps an entry once: its key is the entry). Returns the cursor and the marks to keep.
 */
export function advanceCursor(
  cursor: number,
  marks: Mark[],
  horizon: number,
): { cursor: number; marks: Mark[] } {
  const sorted = [...marks].sort((a, b) => a.at - b.at || a.id - b.id);
  let next = cursor;
  const kept: Mark[] = [];
  for (const mark of sorted) {
    if (mark.at < horizon) next = Math.max(next, mark.id);
    else kept.push(mark);
  }
  // Too many: keep the oldest (the next to pass the horizon) and the newest.
  const bounded =
    kept.length > maxMarks ? [...kept.slice(0, maxMarks / 2), ...kept.slice(-maxMarks / 2)] : kept;
  return { cursor: next, marks: bounded };
}

/** The lookback below which the cursor never moves, whatever pg_stat_activity shows. */
export const cursorLagSeconds = 60;

/** The highest entry id now, and the clock read after it (a mark). */
export async function readMark(tx: Database): Promise<Mark> {
  const [row] = rowsOf<{ id: string | null; at: string }>(
    await tx.execute(sql`
      select (select max(e.id) from ledger_entries e)::text as id,
             (extract(epoch from clock_timestamp()) * 1000)::bigint::text as at`),
  );
  return { id: Number(row?.id ?? 0), at: Number(row?.at) };
}

/**
 * The horizon: no transaction open now started before it (pg_stat_activity; on PostgreSQL the
 * site's role sees its own sessions), and it is at least `cursorLagSeconds` ago.
 */
export async function readHorizon(tx: Database, lagSeconds = cursorLagSeconds): Promise<number> {
  const [row] = rowsOf<{ at: string }>(
    await tx.execute(sql`
      select (extract(epoch from least(
                clock_timestamp() - make_interval(secs => ${lagSeconds}),
                (select min(a.xact_start) from pg_stat_activity a
                  where a.pid <> pg_backend_pid() and a.xact_start is not null))) * 1000)::bigint::text as at`),
  );
  return Number(row?.at);
}

/** The zone as an SQL literal, checked before it is written into the text. */
function zoneText(zone: string) {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${zone}`);
  return sql.raw(`'${zone}'`);
}

/** The most entry ids one statement reads (a first run over a large journal goes in slices). */
export const journalSlice = 200_000;

/**
 * Reads the entries after `cursor` into report_movements (an entry already there is kept as it is)
 * and returns the brand days (in `zone`) of the movements added: in slices of `journalSlice` ids up
 * to `upTo` (the mark's id), then whatever committed above it since.
 */
export async function readJournal(
  tx: Database,
  cursor: number,
  zone: string,
  upTo = cursor,
  slice = journalSlice,
): Promise<string[]> {
  const days = new Set<string>();
  let after = cursor;
  while (after < upTo) {
    const until = Math.min(upTo, after + slice);
    for (const day of await readSlice(tx, after, until, zone)) days.add(day);
    after = until;
    // The next slice looks its entries up in what this one wrote: plan it with the table's size
    // (a first run fills an empty table that was never analysed).
    await tx.execute(sql`analyze report_movements`);
  }
  for (const day of await readSlice(tx, after, null, zone)) days.add(day);
  return [...days].sort();
}

/** One slice: the entries after `after`, up to `until` when given. */
async function readSlice(tx: Database, after: number, until: number | null, zone: string): Promise<string[]> {
  const cursor = after;
  const upper = until === null ? sql`` : sql` and mp.entry_id <= ${until}`;
  const inZone = zoneText(zone);
  // 1. Entries that reverse nothing: figure, item, time and game.
  const added = rowsOf<{ day: string }>(
    await tx.execute(sql`
      with p as materialized (
        select mp.entry_id, mp.member_id, mp.entry_kind, mp.metadata, mp.created_at, mp.currency,
               case
                 -- a stake that drew bonus money (cash first, then bonus) counts both wallets' parts
                 when mp.entry_kind in ('bet', 'rollback') and mp.wallet_kind in ('main', 'bonus')
                      and (mp.metadata ? 'vendor' or mp.metadata ? 'lottery') then 'stake'
                 when mp.entry_kind = 'win' and mp.wallet_kind in ('main', 'bonus')
                      and (mp.metadata ? 'vendor' or mp.metadata ? 'lottery') then 'payout'
                 when mp.entry_kind = 'deposit' and mp.wallet_kind = 'main' then 'deposit'
                 when mp.entry_kind = 'withdrawal' and mp.wallet_kind = 'hold' and mp.metadata ? 'withdrawalId'
                   then 'withdrawal'
                 when mp.entry_kind = 'adjustment' and mp.wallet_kind = 'main' and mp.metadata ? 'withdrawalId'
                   then 'withdrawal'
                 when mp.wallet_kind in ('main', 'bonus')
                      and (mp.entry_kind = 'bonus'
                           or (mp.entry_kind = 'adjustment' and mp.metadata ->> 'promotional' = 'true')) then 'bonus'
               end as figure,
               mp.amount
          from ledger_member_postings mp
         where mp.entry_id > ${cursor}${upper} and mp.entry_kind <> 'reversal'
           -- read by an earlier run (the cursor lags): nothing to look up again
           and not exists (select 1 from report_movements r where r.entry_id = mp.entry_id)),
      f as materialized (
        select p.entry_id, p.member_id, p.figure, min(p.created_at) as created_at, min(p.currency) as currency,
               (array_agg(p.metadata))[1] as metadata,
               sum(case when p.figure in ('stake', 'withdrawal') then -p.amount else p.amount end)::bigint as amount
          from p
         where p.figure is not null
         group by p.entry_id, p.member_id, p.figure),
      k as materialized (
        select f.*,
               case
                 when f.figure in ('stake', 'payout') and f.metadata ? 'vendor'
                   then 'round:' || (f.metadata ->> 'vendor') || ':' || (f.metadata ->> 'roundId')
                 when f.figure in ('stake', 'payout')
                   then 'lottery:' || (f.metadata ->> 'lottery') || ':' || (f.metadata ->> 'numero') || ':' || f.member_id
                 when f.figure = 'deposit' and (f.metadata ->> 'orderId') ~ '^[0-9]{1,18}$'
                   then 'deposit:' || (f.metadata ->> 'orderId')
                 when f.figure = 'deposit' then 'deposit-entry:' || f.entry_id
                 when f.figure = 'withdrawal' and (f.metadata ->> 'withdrawalId') ~ '^[0-9]{1,18}$'
                   then 'withdrawal:' || (f.metadata ->> 'withdrawalId')
                 when f.figure = 'withdrawal' then 'withdrawal-entry:' || f.entry_id
                 else 'bonus:' || f.entry_id
               end as item,
               CASE WHEN f.figure = 'deposit' AND (f.metadata ->> 'orderId') ~ '^[0-9]{1,18}$'
                    THEN (f.metadata ->> 'orderId')::bigint END as order_id,
               CASE WHEN f.figure = 'withdrawal' AND (f.metadata ->> 'withdrawalId') ~ '^[0-9]{1,18}$'
                    THEN (f.metadata ->> 'withdrawalId')::bigint END as withdrawal_id
          from f),
      -- Rounds: the time and game already known for the round (an earlier run read its first bet),
      -- else from this run's entries of it.
      rounds as (
        select k.item, min(k.created_at) as first_at, max(k.metadata ->> 'vendor') as vendor,
               max(k.metadata ->> 'gameCode') as game_code, max(k.metadata ->> 'lottery') as lottery,
               max(k.metadata ->> 'numero') as numero, min(k.member_id) as member_id
          from k where k.figure in ('stake', 'payout') group by k.item),
      known as (
        select distinct on (m.item) m.item, m.at, m.vendor_code, m.node_id, m.game_type
          from report_movements m join rounds r on r.item = m.item
         order by m.item, m.at),
      draws as (
        select r.item, min(b.region) as region
          from rounds r
          join lottery_rounds b on b.member_id = r.member_id and b.game_code = r.lottery and b.numero = r.numero
         where r.lottery is not null and r.vendor is null
         group by r.item),
      round_games as (
        select r.item, coalesce(kn.at, r.first_at) as at,
               coalesce(kn.vendor_code, r.vendor, CASE WHEN d.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END)
                 as vendor_code,
               coalesce(kn.node_id, c.node_id, 0) as node_id,
               coalesce(kn.game_type, c.game_type,
                        CASE WHEN r.vendor IS NOT NULL THEN '' WHEN d.region = 'fast' THEN 'ELOTT' ELSE 'LOTT' END)
                 as game_type
          from rounds r
          left join known kn on kn.item = r.item
          left join draws d on d.item = r.item
          left join games_catalogue c
            on kn.item is null
           and c.vendor_code = coalesce(r.vendor, CASE WHEN d.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END)
           and c.game_code = coalesce(r.game_code, r.lottery)),
      ins as (
        insert into report_movements (entry_id, member_id, figure, item, at, currency, amount, vendor_code, node_id,
                                      game_type)
        select k.entry_id, k.member_id, k.figure, k.item,
               coalesce(g.at, o.decided_at, w.disbursed_at, k.created_at), k.currency, k.amount,
               g.vendor_code, g.node_id, g.game_type
          from k
          left join round_games g on g.item = k.item
          left join deposits_orders o on o.id = k.order_id
          left join withdrawals_requests w on w.id = k.withdrawal_id
        on conflict (entry_id, member_id) do nothing
        returning at)
      select distinct to_char(ins.at at time zone ${inZone}, 'YYYY-MM-DD') as day from ins`),
  );
  // 2. Reversals: the opposite of the movement they reverse (read in step 1 or an earlier run).
  const reversed = rowsOf<{ day: string }>(
    await tx.execute(sql`
      with ins as (
        insert into report_movements (entry_id, member_id, figure, item, at, currency, amount, vendor_code, node_id,
                                      game_type)
        select mp.entry_id, mp.member_id, m.figure, m.item, m.at, m.currency,
               sum(case when m.figure in ('stake', 'withdrawal') then -mp.amount else mp.amount end)::bigint,
               m.vendor_code, m.node_id, m.game_type
          from ledger_member_postings mp
          join report_movements m on m.entry_id = mp.reverses_entry_id and m.member_id = mp.member_id
         where mp.entry_id > ${cursor}${upper} and mp.entry_kind = 'reversal'
           and not exists (select 1 from report_movements r where r.entry_id = mp.entry_id)
           -- the wallets the reversed figure counts (see above)
           and mp.wallet_kind = any (CASE m.figure WHEN 'withdrawal' THEN array['main', 'hold']
                                                   WHEN 'deposit' THEN array['main']
                                                   ELSE array['main', 'bonus'] END)
         group by mp.entry_id, mp.member_id, m.figure, m.item, m.at, m.currency, m.vendor_code, m.node_id, m.game_type
        on conflict (entry_id, member_id) do nothing
        returning at)
      select distinct to_char(ins.at at time zone ${inZone}, 'YYYY-MM-DD') as day from ins`),
  );
  return [...new Set([...added, ...reversed].map((row) => row.day))].sort();
}
