import {
  accountTypes,
  betsOfSlip,
  lotteryRegions,
  maxHits,
  playTypes,
  playTypesOf,
  prizeModeOf,
  type LanguageCode,
  type LotteryBet,
} from '@khela/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isTransactionConflict, isUniqueViolation, pgErrorOf } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { gameNameOf } from '../games/games.service.ts';
import { parseAmountField, translateDatabaseError } from '../ledger/ledger.errors.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { MAX_MINOR_UNITS, formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.service.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { oddsText } from './lottery.odds.ts';

/**
 * Bets (docs/lottery.md, spec 7 Lottery calls): placing a slip (one journal entry per bet, all of
 * them in ONE call of the SQL function `lottery_place_slip`, drizzle/0016_lottery_money.sql),
 * cancelling before the lock (`lottery_cancel_bet`: a reversal of the placement entry), and the
 * member's own bets. The routes (lottery.routes.ts) call these with the validated body and the
 * caller's member id.
 */

export interface PlaceSlipInput {
  memberId: number;
  requestId: string;
  gameCode: string;
  numero: string;
  playType: LotteryBet['playType'];
  numbers: string[];
  unitStake: string;
  multiplier: number;
}

export interface PlaceSlipResult {
  bets: LotteryBet[];
  total: string;
  balance: string;
  replayed: boolean;
}

/** A bet as the view `lottery_bet_lines` gives it (minor units as text, times in ms). */
interface BetLine {
  betId: number | string;
  gameCode: string;
  names: Record<string, string>;
  numero: string;
  playType: LotteryBet['playType'];
  numbers: string[];
  stake: string;
  oddsMilli: number;
  status: LotteryBet['status'];
  hits: number;
  payout: string;
  placedAt: number | string;
  settledAt: number | string | null;
  cancellable: boolean;
  lockAt: number | string;
  seedHash: string | null;
  beaconRound: number | string | null;
}

/** A refusal answered by the SQL functions: nothing moved. */
interface Refusal {
  error: 'ACCOUNT_DISABLED' | 'TRIAL_ACCOUNT' | 'IDEMPOTENCY_MISMATCH' | 'NOT_FOUND' | 'VALIDATION_FAILED';
  field?: string;
  reason?: string;
}
type FunctionRefusal =
  | Refusal
  | { error: 'AMOUNT_OUT_OF_RANGE'; field: string; min: string; max: string }
  | { error: 'BETTING_CLOSED' | 'INSUFFICIENT_FUNDS'; field?: string }
  | { error: 'CANCEL_CLOSED'; field: string; freezeMinutes: number };

/** What turning a bet line into the contract's bet needs besides the line. */
interface BetContext {
  precision: number;
  language: LanguageCode;
  /** The brand's cancel freeze (settings.lotteryFairness.cancelFreezeMinutes), ms. */
  freezeMs: number;
}

async function betContextOf(db: Database, language: LanguageCode = 'EN'): Promise<BetContext> {
  const settings = await getSettings(db);
  return {
    precision: settings.currencyPrecision,
    language,
    freezeMs: settings.lotteryFairness.cancelFreezeMinutes * 60_000,
  };
}

function betOf(line: BetLine, { precision, language, freezeMs }: BetContext): LotteryBet {
  const cancelUntil = Number(line.lockAt) - freezeMs;
  return {
    betId: Number(line.betId),
    gameCode: line.gameCode,
    gameName: gameNameOf(line.names, language, line.gameCode),
    numero: line.numero,
    playType: line.playType,
    numbers: line.numbers,
    stake: formatAmount(BigInt(line.stake), precision),
    odds: oddsText(line.oddsMilli),
    status: line.status,
    hits: line.hits,
    payout: formatAmount(BigInt(line.payout), precision),
    placedAt: Number(line.placedAt),
    settledAt: line.settledAt === null ? null : Number(line.settledAt),
    cancellable: line.cancellable && cancelUntil > Date.now(),
    cancelUntil,
    seedHash: line.seedHash,
    beaconRound: line.beaconRound === null ? null : Number(line.beaconRound),
  };
}

function refusalError(refusal: FunctionRefusal, precision: number): AppError {
  if (refusal.error === 'AMOUNT_OUT_OF_RANGE') {
    return new AppError('AMOUNT_OUT_OF_RANGE', {
      issues: [{ field: refusal.field, reason: 'out of range' }],
      value: {
        min: formatAmount(BigInt(refusal.min), precision),
        max: formatAmount(BigInt(refusal.max), precision),
      },
    });
  }
  if (refusal.error === 'CANCEL_CLOSED') {
    return new AppError('CANCEL_CLOSED', {
      issues: [{ field: refusal.field, reason: 'inside the cancel freeze before the lock' }],
      value: { freezeMinutes: refusal.freezeMinutes },
    });
  }
  if (refusal.field === undefined) return new AppError(refusal.error);
  const reason = 'reason' in refusal && refusal.reason ? refusal.reason : refusal.error.toLowerCase();
  return new AppError(refusal.error, { issues: [{ field: refusal.field, reason }] });
}

/**
 * SQLSTATEs of a race lost inside the functions: KL101, a concurrent call placed the same slip (or
 * cancelled the same bet) first; KL001, a concurrent bet spent the stake between the function's
 * check and the ledger's guarded update. Run again, the call answers from the other call's rows.
 */
function isRaceLost(error: unknown): boolean {
  const code = pgErrorOf(error)?.code ?? '';
  return (
    code === 'KL101' ||
    code === 'KL001' ||
    isTransactionConflict(error) ||
    isUniqueViolation(error, 'lottery_bets_request_key')
  );
}

async function callWithRetry<Row>(db: Database, query: SQL): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [row] = rowsOf<{ result: Row }>(await db.execute(query));
      if (!row) throw new Error('the lottery function returned no row');
      return row.result;
    } catch (error) {
      // Past the retries (or another error): the ledger's refusals as their contract codes.
      if (pgErrorOf(error)?.code === 'KL102') throw new LiabilityRefused(pgErrorOf(error)?.detail);
      if (attempt >= 10 || !isRaceLost(error)) throw translateDatabaseError(error);
    }
  }
}

/**
 * KL102: a bet would push the house's possible payout on a number past the play type's liability
 * cap (lottery_place_slip; issue 36 item 6). Nothing moved: the exception rolled the slip back.
 */
class LiabilityRefused extends Error {
  constructor(readonly detail: string | undefined) {
    super('liability cap reached');
  }
}

function liabilityError(refused: LiabilityRefused, precision: number): AppError {
  const detail = JSON.parse(refused.detail ?? '{}') as {
    number?: string;
    cap?: string;
    exposure?: string;
    payout?: string;
  };
  const number = detail.number ?? '';
  const major = (text: string | undefined) => formatAmount(BigInt(text ?? '0'), precision);
  return new AppError('LIABILITY_LIMIT', {
    issues: [{ field: 'numbers', reason: `the house takes no more on ${number} in this draw` }],
    value: { number, cap: major(detail.cap), exposure: major(detail.exposure), payout: major(detail.payout) },
  });
}

/** The brand's liability caps per play type in minor units (settings.lotteryRisk.liabilityCaps). */
const capsCache = new WeakMap<object, string>();
function liabilityCapsOf(settings: SiteSettings): string {
  const caps = settings.lotteryRisk.liabilityCaps;
  let json = capsCache.get(caps);
  if (json === undefined) {
    json = JSON.stringify(
      Object.fromEntries(
        Object.entries(caps).map(([playType, major]) => [
          playType,
          parseAmount(major, { precision: settings.currencyPrecision, allowZero: true }).toString(),
        ]),
      ),
    );
    capsCache.set(caps, json);
  }
  return json;
}

const fieldIssue = (field: string, reason: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });

/** Regions' prize modes, as the SQL function reads them (lottery-draw.ts prizeModeOf). */
const prizeModes = JSON.stringify(
  Object.fromEntries(lotteryRegions.map((region) => [region, prizeModeOf(region)])),
);
/**
 * Each region's play types, as the SQL function checks a slip's against its game's region, each
 * with the most times one bet of it can hit there (lottery-rtp.ts maxHits): the liability cap
 * counts stake × odds × that (a lô on 27 can be paid 27 times in the north).
 */
const offered = JSON.stringify(
  Object.fromEntries(
    lotteryRegions.map((region) => [
      region,
      Object.fromEntries(playTypesOf(region).map((playType) => [playType, maxHits(region, playType)])),
    ]),
  ),
);

/**
 * Places a slip: validates it (betsOfSlip, the stake per bet = unitStake × multiplier within the
 * odds line's limits, the numero open before its lockTime …) and stakes every bet in one statement.
 * The same requestId with the same slip answers the stored bets (`replayed`), with another slip
 * IDEMPOTENCY_MISMATCH; a refusal moves nothing.
 */
export async function placeSlip(db: Database, input: PlaceSlipInput): Promise<PlaceSlipResult> {
  const settings = await getSettings(db);
  const precision = settings.currencyPrecision;
  const currency = settings.currency;
  const context: BetContext = {
    precision,
    language: 'EN',
    freezeMs: settings.lotteryFairness.cancelFreezeMinutes * 60_000,
  };
  if (!(playTypes as readonly string[]).includes(input.playType))
    throw fieldIssue('playType', 'unknown play type');
  const selections = betsOfSlip(input.playType, input.numbers);
  if (!selections)
    throw fieldIssue('numbers', 'numbers break the play type rules (pattern, count, duplicates)');
  if (!Number.isInteger(input.multiplier) || input.multiplier < 1 || input.multiplier > 1000) {
    throw fieldIssue('multiplier', 'a whole number from 1 to 1000');
  }
  const unitStake = parseAmountField(input.unitStake, { field: 'unitStake', precision });
  const stake = unitStake * BigInt(input.multiplier);
  if (stake * BigInt(selections.length) > MAX_MINOR_UNITS) throw fieldIssue('unitStake', 'too_large');
  const result = await callWithRetry<
    FunctionRefusal | { replayed: boolean; bets: BetLine[]; balance: string; error?: undefined }
  >(
    db,
    sql`select lottery_place_slip(${input.memberId}::integer, ${input.requestId}, ${input.gameCode},
      ${input.numero}, ${input.playType}, ${JSON.stringify(selections)}::jsonb, ${stake.toString()}::bigint,
      ${JSON.stringify(input.numbers)}::jsonb, ${currency}, ${prizeModes}::jsonb, ${offered}::jsonb,
      ${accountTypes.trial}::integer, ${liabilityCapsOf(settings)}::jsonb) as result`,
  ).catch((error: unknown) => {
    throw error instanceof LiabilityRefused ? liabilityError(error, precision) : error;
  });
  if (result.error !== undefined) throw refusalError(result, precision);
  if (!result.replayed) walletChanged(db, input.memberId);
  return {
    bets: result.bets.map((line) => betOf(line, context)),
    total: formatAmount(stake * BigInt(result.bets.length), precision),
    balance: formatAmount(BigInt(result.balance), precision),
    replayed: result.replayed,
  };
}

/**
 * Cancels an own open bet while its numero is open, until the brand's cancel freeze before the lock
 * (CANCEL_CLOSED after it, recorded in lottery_events by the function): the stake comes back.
 */
export async function cancelBet(
  db: Database,
  input: { memberId: number; betId: number },
): Promise<{ bet: LotteryBet; balance: string }> {
  const context = await betContextOf(db);
  const { precision } = context;
  const result = await callWithRetry<FunctionRefusal | { bet: BetLine; balance: string; error?: undefined }>(
    db,
    sql`select lottery_cancel_bet(${input.memberId}::integer, ${input.betId}::bigint,
      ${Math.round(context.freezeMs / 1000)}::integer) as result`,
  );
  if (result.error !== undefined) throw refusalError(result, precision);
  walletChanged(db, input.memberId);
  return {
    bet: betOf(result.bet, context),
    balance: formatAmount(BigInt(result.balance), precision),
  };
}

export interface MyBetsQuery {
  memberId: number;
  gameCode?: string | undefined;
  numero?: string | undefined;
  status?: LotteryBet['status'] | undefined;
  pageNo: number;
  pageSize: number;
  /** The game names' language (English when not given). */
  language?: LanguageCode | undefined;
}

/** The caller's own bets, newest first, paged. */
export async function listMyBets(
  db: Database,
  query: MyBetsQuery,
): Promise<{ list: LotteryBet[]; total: number; totalPages: number; pageNo: number; pageSize: number }> {
  const context = await betContextOf(db, query.language ?? 'EN');
  const conditions = [
    sql`l."memberId" = ${query.memberId}`,
    query.gameCode === undefined ? undefined : sql`l."gameCode" = ${query.gameCode}`,
    query.numero === undefined ? undefined : sql`l."numero" = ${query.numero}`,
    query.status === undefined ? undefined : sql`l."status" = ${query.status}`,
  ].filter((condition) => condition !== undefined);
  const where = sql.join(conditions, sql` and `);
  const [counted] = rowsOf<{ total: string }>(
    await db.execute(sql`select count(*)::text as total from lottery_bet_lines l where ${where}`),
  );
  const total = Number(counted?.total ?? 0);
  const lines = rowsOf<{ line: BetLine }>(
    await db.execute(sql`select to_jsonb(l) - 'placedAtTime' as line from lottery_bet_lines l where ${where}
      order by l."placedAtTime" desc, l."betId" desc
      limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  return {
    list: lines.map(({ line }) => betOf(line, context)),
    total,
    totalPages: Math.ceil(total / query.pageSize),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
