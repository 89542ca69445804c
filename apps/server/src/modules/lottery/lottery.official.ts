import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  allNumbersOf,
  prizeTiers,
  type DrawResult,
  type LotteryRegion,
  type LotteryResultSource,
  type PrizeTier,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameNameOf } from '../games/games.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { numeroByCode, regionOf } from './lottery.lobby.ts';
import {
  checkSheet,
  demoResultsFeed,
  httpResultsFeed,
  ResultsFeedError,
  sheetDifferences,
  type ResultsFeed,
} from './lottery.results-feed.ts';
import { voidNumero } from './lottery.settlement.ts';
import { lotteryEvents, lotteryGames, lotteryNumeros, lotterySheetEntries } from './lottery.tables.ts';

/**
 * Official-result games (issue 36 item 5, docs/lottery.md "Result sources"). A regional game the
 * operator runs on official results settles on the state lottery's sheet of its station and day:
 * at the draw time its numero waits (status locked) until the sheet comes from the results feed or
 * from two operators' matching typed copies; either way it is checked against the region's prize
 * layout (checkSheet), stored as the numero's result, and the numero is drawn by one guarded update
 * (`where status = 'locked'`), so a sheet that arrives twice settles once. Settlement is then the
 * house draw's (lottery_close_batch: money only through the ledger's posting path). A sheet still
 * missing at the brand's deadline voids the draw through the void path (every bet refunded, the
 * reason is the public notice).
 */

export type Difference = { tier: PrizeTier; index: number };

/** The results feed settings (settings lotteryResults.feed). */
export interface FeedSettings {
  kind: 'none' | 'http' | 'demo';
  urlTemplate: string | null;
  format: 'json' | 'csv';
  timeoutSeconds: number;
}

/**
 * The feed a server asks for official sheets: the operator's HTTP feed, the demo feed (demo mode
 * and tests only: a start outside them with it is refused, as with every test provider), or none
 * (sheets typed in the back office only).
 */
export function resultsFeedForStart(
  env: { DEMO_MODE: boolean; NODE_ENV: string },
  settings: FeedSettings,
  /** The Authorization header the feed wants, from the secret store (resultsFeedSecret). */
  authorization: string | null = null,
): ResultsFeed | null {
  if (settings.kind === 'none') return null;
  if (settings.kind === 'demo') {
    if (env.DEMO_MODE || env.NODE_ENV === 'test') return demoResultsFeed();
    throw new Error(
      'Refusing to start with DEMO_MODE=false and the demo lottery results feed: set lotteryResults.feed ' +
        "to kind 'http' with the feed's urlTemplate, or 'none' to type sheets in the back office (docs/lottery.md, Result sources).",
    );
  }
  if (!settings.urlTemplate) {
    throw new Error(
      "Refusing to start: lotteryResults.feed.kind is 'http' without a urlTemplate (docs/lottery.md, Result sources).",
    );
  }
  return httpResultsFeed({
    urlTemplate: settings.urlTemplate,
    format: settings.format,
    timeoutMs: settings.timeoutSeconds * 1000,
    ...(authorization ? { authorization } : {}),
  });
}

/** The secret store's name of the results feed's Authorization header (npm run secret:set). */
export const resultsFeedSecret = 'lottery.resultsFeed.authorization';

/** What the draw step needs for official numeros. */
export interface OfficialOptions {
  feed: ResultsFeed | null;
  /** A sheet still missing this long after the draw time voids the numero. */
  deadlineMs: number;
  /** Ask the feed about one numero at most this often (0: every tick). */
  pollMs?: number;
  log?: (error: unknown, numeroId: number) => void;
}

/** When the feed was last asked about a numero (per process: a restart asks at once). */
const lastAsked = new Map<number, number>();

/**
 * Stores an official result on a numero waiting for it: one guarded update, so of two arrivals
 * (the feed answering twice, the feed and the typed copies) only the first draws the numero.
 */
async function drawWithSheet(
  db: Database,
  numeroId: number,
  result: DrawResult,
  origin: 'feed' | 'entry',
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(lotteryNumeros)
    .set({ status: 'drawn', result, numbers: allNumbersOf(result), drawnAt: now, resultOrigin: origin })
    .where(
      and(
        eq(lotteryNumeros.id, numeroId),
        eq(lotteryNumeros.status, 'locked'),
        eq(lotteryNumeros.resultSource, 'official'),
      ),
    )
    .returning({ id: lotteryNumeros.id });
  return updated.length > 0;
}

/**
 * The draw step of an official numero whose draw time has come: the feed's sheet when it has one,
 * else the numero waits for the typed copies; past the deadline it is voided (kind sheet_missing).
 * Returns true when it was drawn here.
 */
export async function drawOfficialNumero(
  db: Database,
  numero: { id: number; gameCode: string; region: LotteryRegion; drawDate: string; drawAt: Date },
  now: Date,
  options: OfficialOptions,
): Promise<boolean> {
  if (options.feed) {
    const pollMs = options.pollMs ?? 0;
    const asked = lastAsked.get(numero.id);
    if (asked === undefined || now.getTime() - asked >= pollMs) {
      lastAsked.set(numero.id, now.getTime());
      try {
        const sheet = await options.feed.sheet({
          station: numero.gameCode,
          region: numero.region,
          drawDay: numero.drawDate,
        });
        if (sheet) {
          const checked = checkSheet(
            numero.region,
            Object.fromEntries(sheet.map((t) => [t.tier, t.numbers])),
          );
          if (!checked.ok)
            throw new ResultsFeedError('the sheet does not fit the prize layout', checked.problems);
          lastAsked.delete(numero.id);
          return drawWithSheet(db, numero.id, checked.result, 'feed', now);
        }
      } catch (error) {
        // Not reachable, refused, or a sheet of the wrong shape: asked again at the next poll.
        (options.log ?? (() => {}))(error, numero.id);
      }
    }
  }
  if (now.getTime() - numero.drawAt.getTime() >= options.deadlineMs) {
    lastAsked.delete(numero.id);
    await db.insert(lotteryEvents).values({
      kind: 'sheet_missing',
      numeroId: numero.id,
      detail: { deadlineMinutes: Math.round(options.deadlineMs / 60_000) },
    });
    await voidNumero(db, {
      numeroId: numero.id,
      reason: 'the official result did not arrive by the deadline',
    });
  }
  return false;
}

/**
 * The operator's choice of a regional game's result source. The game's open numeros without bets
 * follow it (their bettors-to-be see the new source); a numero with bets keeps the source it took
 * them under. Fast games are house draws only.
 */
export async function setResultSource(
  db: Database,
  input: { gameCode: string; resultSource: LotteryResultSource },
): Promise<{ before: LotteryResultSource; numeros: string[] }> {
  return db.transaction(async (tx) => {
    const [game] = await tx
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.gameCode, input.gameCode), eq(lotteryGames.enabled, true)))
      .for('update');
    if (!game) throw new AppError('GAME_UNAVAILABLE');
    if (game.region === 'fast' && input.resultSource === 'official') {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'resultSource', reason: 'fast games have no official result' }],
      });
    }
    await tx
      .update(lotteryGames)
      .set({ resultSource: input.resultSource })
      .where(eq(lotteryGames.id, game.id));
    // Each open numero's row lock (placements hold it FOR SHARE) before looking for its bets.
    const switched = rowsOf<{ numero: string }>(
      await tx.execute(sql`
        update lottery_numeros n set result_source = ${input.resultSource}
         where n.game_id = ${game.id} and n.status = 'open' and n.result_source <> ${input.resultSource}
           and not exists (select 1 from lottery_bets b where b.numero_id = n.id)
        returning n.numero`),
    );
    return { before: game.resultSource, numeros: switched.map((row) => row.numero).sort() };
  });
}

/** The differences between each pair of copies by different operators (the first pair that differs). */
function differencesOf(entries: { sheet: DrawResult }[]): Difference[] {
  const [first, ...rest] = entries;
  if (!first) return [];
  const found = new Map<string, Difference>();
  for (const other of rest) {
    for (const difference of sheetDifferences(first.sheet, other.sheet)) {
      found.set(`${difference.tier}:${difference.index}`, difference);
    }
  }
  return [...found.values()].sort(
    (a, b) => prizeTiers.indexOf(a.tier) - prizeTiers.indexOf(b.tier) || a.index - b.index,
  );
}

/**
 * An operator's typed copy of an official numero's sheet, after its draw time. Checked against the
 * layout first (VALIDATION_FAILED naming each tier and place: nothing stored). Each operator has
 * one copy per numero: the first copy waits for another operator's (the same operator again is
 * refused, SECOND_APPROVER_REQUIRED); a copy that matches another operator's is the result; one
 * that differs blocks settlement and names the places (tier, index), never the other's numbers.
 * After a mismatch either operator may type a corrected copy (replacing their own), or a third
 * operator may type one. The numero's row is locked throughout, so copies take turns.
 */
export async function enterSheet(
  db: Database,
  input: {
    gameCode: string;
    numero: string;
    tiers: Record<string, string[]>;
    operator: { id: number; account: string };
    now?: Date;
  },
): Promise<{ status: 'waiting' | 'mismatch' | 'accepted'; differences: Difference[] }> {
  const now = input.now ?? new Date();
  const { game, row } = await numeroByCode(db, input.gameCode, input.numero);
  const region = regionOf(game);
  if (row.resultSource !== 'official') {
    throw new AppError('CONFLICT', {
      issues: [{ field: 'numero', reason: 'a house draw: its numbers are drawn, not typed' }],
    });
  }
  const checked = checkSheet(region, input.tiers);
  if (!checked.ok) {
    throw new AppError('VALIDATION_FAILED', {
      issues: checked.problems.map((problem) => ({
        field: ['tiers', problem.tier, problem.index].filter((part) => part !== null).join('.'),
        reason: problem.reason,
      })),
    });
  }
  return db.transaction(async (tx) => {
    const [held] = rowsOf<{ status: string; draw_at: Date | string }>(
      await tx.execute(sql`select status, draw_at from lottery_numeros where id = ${row.id} for update`),
    );
    if (!held || held.status !== 'locked' || new Date(held.draw_at).getTime() > now.getTime()) {
      const reason =
        held?.status === 'locked' || held?.status === 'open'
          ? 'the draw has not taken place yet'
          : `the draw is ${held?.status ?? 'missing'}`;
      throw new AppError('CONFLICT', { issues: [{ field: 'numero', reason }] });
    }
    const entries = await tx
      .select()
      .from(lotterySheetEntries)
      .where(eq(lotterySheetEntries.numeroId, row.id))
      .orderBy(asc(lotterySheetEntries.id));
    const others = entries.filter((entry) => entry.operatorId !== input.operator.id);
    const mine = entries.find((entry) => entry.operatorId === input.operator.id);
    if (mine && others.length === 0) {
      throw new AppError('SECOND_APPROVER_REQUIRED', {
        issues: [{ field: 'numero', reason: 'another operator types the second copy' }],
      });
    }
    await tx
      .insert(lotterySheetEntries)
      .values({
        numeroId: row.id,
        operatorId: input.operator.id,
        operator: input.operator.account,
        sheet: checked.result,
        enteredAt: now,
      })
      .onConflictDoUpdate({
        target: [lotterySheetEntries.numeroId, lotterySheetEntries.operatorId],
        set: { sheet: checked.result, enteredAt: now, operator: input.operator.account },
      });
    if (others.length === 0) return { status: 'waiting', differences: [] };
    const matching = others.find(
      (other) => sheetDifferences(other.sheet as DrawResult, checked.result).length === 0,
    );
    if (matching) {
      await drawWithSheet(tx, row.id, checked.result, 'entry', now);
      return { status: 'accepted', differences: [] };
    }
    return {
      status: 'mismatch',
      differences: differencesOf([
        { sheet: checked.result },
        ...others.map((o) => ({ sheet: o.sheet as DrawResult })),
      ]),
    };
  });
}

/** The back office's view: every regional game's source, and the official draws waiting for a sheet. */
export async function officialDraws(
  db: Database,
  input: { language: Parameters<typeof gameNameOf>[1]; deadlineMs: number; now?: Date },
) {
  const now = input.now ?? new Date();
  const games = await db
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.enabled, true), ne(lotteryGames.region, 'fast')))
    .orderBy(asc(lotteryGames.sortOrder), asc(lotteryGames.id));
  const byId = new Map(games.map((game) => [game.id, game]));
  const waiting = await db
    .select()
    .from(lotteryNumeros)
    .where(
      and(
        eq(lotteryNumeros.resultSource, 'official'),
        eq(lotteryNumeros.status, 'locked'),
        lte(lotteryNumeros.drawAt, now),
      ),
    )
    .orderBy(asc(lotteryNumeros.drawAt), asc(lotteryNumeros.id));
  const entries =
    waiting.length === 0
      ? []
      : await db
          .select()
          .from(lotterySheetEntries)
          .where(
            inArray(
              lotterySheetEntries.numeroId,
              waiting.map((numero) => numero.id),
            ),
          )
          .orderBy(asc(lotterySheetEntries.id));
  const nameOf = (game: (typeof games)[number]) => gameNameOf(game.names, input.language, game.gameCode);
  return {
    games: games.map((game) => ({
      gameCode: game.gameCode,
      gameName: nameOf(game),
      region: regionOf(game),
      resultSource: game.resultSource,
    })),
    waiting: waiting.flatMap((numero) => {
      const game = byId.get(numero.gameId);
      if (!game) return [];
      const copies = entries.filter((entry) => entry.numeroId === numero.id);
      return [
        {
          gameCode: game.gameCode,
          gameName: nameOf(game),
          region: regionOf(game),
          numero: numero.numero,
          drawTime: numero.drawAt.getTime(),
          deadline: numero.drawAt.getTime() + input.deadlineMs,
          entries: copies.map((entry) => ({
            operator: entry.operator,
            enteredAt: entry.enteredAt.getTime(),
          })),
          differences: differencesOf(copies.map((entry) => ({ sheet: entry.sheet as DrawResult }))),
        },
      ];
    }),
  };
}
