import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  RAFFLE_MAX_DAYS,
  RAFFLE_START_SLACK_MS,
  rafflePlaces,
  type FieldIssue,
  type OperatorRaffle,
  type OperatorRaffleWinner,
  type RewardState,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { listAllPromotions } from '../content/content-admin.service.ts';
import { promotionExists } from '../content/content.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import {
  promotionTitles,
  shownRewardState,
  smallestMultipleOrNull,
  type BonusAdminSettings,
} from './bonus-admin.service.ts';
import { major, minor, nowOf, type BonusSettings } from './bonus.service.ts';
import { promotionRules } from './promotions.tables.ts';
import { checkRaffleRule, createRaffle, stateOf } from './raffle.service.ts';
import { raffles } from './raffle.tables.ts';

/**
 * The back office's raffles (issue 39 item 4; docs/back-office-promotions.md "Raffles"): every
 * raffle with its state as the promotion page shows it, entries and tickets, the draw's proof
 * fields and, once drawn, the winners with their rewards' states; the promotion pages a raffle can
 * be made on (no raffle, no bonus rule); and the creation, checked (the page, the dates, the rule
 * against the brand's precision and bound) and audited in its transaction. A raffle is never edited
 * or removed: its seed's hash is a commitment to its terms.
 *
 * Titles and dates of the pages come through content's service; the rewards' states from the
 * promotions module's own member_rewards.
 */

type RaffleRow = typeof raffles.$inferSelect;

const DAY_MS = 86_400_000;

interface WinnerRow {
  raffle_id: number;
  place: number;
  masked: string;
  won_ticket: number | null;
  reward_state: RewardState | null;
}

/** Members who joined each raffle. */
async function entryCounts(db: Database): Promise<Map<number, number>> {
  const rows = rowsOf<{ raffle_id: number; n: number }>(
    await db.execute(
      sql`select raffle_id::integer as raffle_id, count(*)::integer as n from raffle_entries group by raffle_id`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.raffle_id), Number(row.n)]));
}

/** Every drawn raffle's winners, first place first, with their rewards' states as shown. */
async function winnersByRaffle(db: Database): Promise<Map<number, WinnerRow[]>> {
  const rows = rowsOf<WinnerRow>(
    await db.execute(sql`
      select e.raffle_id::integer as raffle_id, e.place::integer as place, e.masked,
             e.won_ticket::integer as won_ticket, ${shownRewardState} as reward_state
        from raffle_entries e
        left join member_rewards r on r.id = e.reward_id
       where e.place is not null
       order by e.raffle_id, e.place`),
  );
  const byRaffle = new Map<number, WinnerRow[]>();
  for (const row of rows) {
    const id = Number(row.raffle_id);
    byRaffle.set(id, [...(byRaffle.get(id) ?? []), row]);
  }
  return byRaffle;
}

function raffleOut(
  settings: BonusSettings,
  row: RaffleRow,
  context: { title: string; now: number; entries: number; winners: readonly WinnerRow[] },
): OperatorRaffle {
  const places = rafflePlaces(row.rule.prizes);
  const total = places.reduce((sum, amount) => sum + minor(settings, amount, true), 0n);
  const winners: OperatorRaffleWinner[] = context.winners.map((winner) => ({
    place: Number(winner.place),
    username: winner.masked,
    amount: major(settings, minor(settings, places[Number(winner.place) - 1] ?? '0', true)),
    ticket: Number(winner.won_ticket ?? 0),
    rewardState: winner.reward_state,
  }));
  return {
    raffleId: row.id,
    promotionId: row.promotionId,
    title: context.title,
    state: stateOf(row, context.now),
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    currency: row.currency,
    rule: row.rule,
    entries: context.entries,
    entriesWithTickets: row.entryCount,
    ticketTotal: row.ticketTotal,
    prizesTotal: major(settings, total),
    places: places.length,
    seedHash: row.seedHash,
    lockedAt: row.lockedAt?.getTime() ?? null,
    digest: row.digest,
    beaconRound: row.beaconRound,
    drawnAt: row.drawnAt?.getTime() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    winners,
  };
}

/** Every raffle (newest first), and the pages a new raffle may be made on. */
export async function listOperatorRaffles(db: Database, settings: BonusAdminSettings) {
  const [rows, pages, rules, counts, winners, titleOf, now] = await Promise.all([
    db.select().from(raffles).orderBy(desc(raffles.id)),
    listAllPromotions(db),
    db.select({ promotionId: promotionRules.promotionId }).from(promotionRules),
    entryCounts(db),
    winnersByRaffle(db),
    promotionTitles(db, settings),
    nowOf(db),
  ]);
  const taken = new Set([...rows.map((row) => row.promotionId), ...rules.map((rule) => rule.promotionId)]);
  return {
    currency: settings.currency,
    currencySymbol: settings.currencySymbol,
    currencyPrecision: settings.currencyPrecision,
    smallestWageringMultiple: smallestMultipleOrNull(settings),
    timeZone: settings.timeZone,
    raffles: rows.map((row) =>
      raffleOut(settings, row, {
        title: titleOf(row.promotionId),
        now,
        entries: counts.get(row.id) ?? 0,
        winners: winners.get(row.id) ?? [],
      }),
    ),
    pages: pages
      .filter((page) => !taken.has(page.id))
      .map((page) => ({
        promotionId: page.id,
        title: titleOf(page.id),
        startsAt: page.startsAt,
        endsAt: page.endsAt,
      })),
  };
}

/** The period's issues: no start in the past (it would count betting already done), at most 90 days. */
function periodIssues(startsAt: number, endsAt: number, now: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (startsAt < now - RAFFLE_START_SLACK_MS) {
    issues.push({
      field: 'startsAt',
      reason: 'must not be in the past: tickets would count betting done before the raffle was made',
    });
  }
  if (!(endsAt > startsAt)) issues.push({ field: 'endsAt', reason: 'must be after the start' });
  else if (endsAt - startsAt > RAFFLE_MAX_DAYS * DAY_MS) {
    issues.push({ field: 'endsAt', reason: `a raffle runs at most ${RAFFLE_MAX_DAYS} days` });
  }
  return issues;
}

/** The rule's issues as the request names them (`rule.prizes.0.amount`), none when it passes. */
function ruleIssues(settings: BonusSettings, rule: unknown): FieldIssue[] {
  if (smallestMultipleOrNull(settings) === null) {
    return [
      {
        field: 'rule.wageringMultiple',
        reason: "agents' wages and the rebate leave nothing of the house's edge for prizes",
      },
    ];
  }
  try {
    checkRaffleRule(settings, rule);
    return [];
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    return (error.issues ?? []).map((issue) => ({ ...issue, field: `rule.${issue.field}` }));
  }
}

/**
 * Creates a raffle on a promotion page. Refused with nothing written: VALIDATION_FAILED with every
 * field's issue (the period, the rule), NOT_FOUND for no such page, CONFLICT when the page gives a
 * bonus (promotion_rules) or has a raffle already. Audited (`raffle.create` on `raffle`, the
 * promotion page's id) in the raffle's transaction.
 */
export async function createOperatorRaffle(
  db: Database,
  request: FastifyRequest,
  settings: BonusAdminSettings,
  input: { promotionId: number; startsAt: number; endsAt: number; rule: unknown },
): Promise<OperatorRaffle> {
  const issues = [
    ...periodIssues(input.startsAt, input.endsAt, await nowOf(db)),
    ...ruleIssues(settings, input.rule),
  ];
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
  if (!(await promotionExists(db, input.promotionId))) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'promotionId', reason: 'no such promotion page' }] });
  }
  const operator = operatorOf(request);
  const row = await db.transaction(async (tx) => {
    const [bonus] = await tx
      .select({ promotionId: promotionRules.promotionId })
      .from(promotionRules)
      .where(eq(promotionRules.promotionId, input.promotionId));
    if (bonus) {
      throw new AppError('CONFLICT', {
        issues: [
          { field: 'promotionId', reason: 'this promotion page gives a bonus: a page has one or the other' },
        ],
      });
    }
    const created = await createRaffle(tx, settings, {
      promotionId: input.promotionId,
      rule: input.rule,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      createdBy: `${operator.account}#${operator.operatorId}`,
    });
    await recordOperatorChange(tx, request, {
      action: 'raffle.create',
      targetKind: 'raffle',
      targetId: input.promotionId,
      before: null,
      after: {
        raffleId: created.id,
        startsAt: created.startsAt.toISOString(),
        endsAt: created.endsAt.toISOString(),
        rule: created.rule,
        seedHash: created.seedHash,
      },
    });
    return created;
  });
  return raffleOut(settings, row, {
    title: (await promotionTitles(db, settings))(row.promotionId),
    now: await nowOf(db),
    entries: 0,
    winners: [],
  });
}
