import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  basisPointsOf,
  fastOnlyPlayTypes,
  lotteryRegions,
  maxOddsMilliFor,
  playTypesOf,
  prizeModeOf,
  rtpAbove,
  rtpFraction,
  rtpText,
  type LotteryOddsRequest,
  type LotteryPrizeMode,
  type LotteryRegion,
  type OddsLine,
  type PlayType,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { fourEyesView } from '../../shared/four-eyes.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import { formatAmount } from '../ledger/money.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { lotteryOddsRequests } from './lottery.risk.tables.ts';
import { lotteryOdds } from './lottery.tables.ts';

/**
 * The operator's odds and stake limits per prize mode, region and play type (docs/lottery.md).
 * Odds are kept in thousandths (3.5 → 3500) and served as decimals; stakes in minor units of the
 * brand currency, served in major units. A change applies to bets placed after it.
 */

type OddsRow = typeof lotteryOdds.$inferSelect;

/** 3500 → "3.5", 95000 → "95". */
export function oddsText(oddsMilli: number): string {
  const whole = Math.trunc(oddsMilli / 1000);
  const fraction = String(oddsMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "3.5" → 3500 (the contract allows at most 3 decimals). */
export function oddsMilliOf(odds: string): number {
  const [whole = '0', fraction = ''] = odds.trim().split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** An odds line's fields as the contract shows them (a line, or a request to change one). */
function oddsFieldsOf(
  row: Pick<OddsRow, 'prizeMode' | 'region' | 'playType' | 'oddsMilli' | 'minStake' | 'maxStake'>,
  precision: number,
) {
  return {
    prizeMode: row.prizeMode as LotteryPrizeMode,
    region: row.region as LotteryRegion,
    playType: row.playType as PlayType,
    odds: oddsText(row.oddsMilli),
    minStake: formatAmount(row.minStake, precision),
    maxStake: formatAmount(row.maxStake, precision),
  };
}

function lineOf(row: OddsRow, precision: number): OddsLine {
  return {
    ...oddsFieldsOf(row, precision),
    rtp: rtpText(row.region as LotteryRegion, row.playType as PlayType, row.oddsMilli),
  };
}

const lineOrder = [asc(lotteryOdds.prizeMode), asc(lotteryOdds.region), asc(lotteryOdds.playType)];

/**
 * Every odds line of a play type its region offers (the operator's list). Lines of play types a
 * region no longer offers (the centre's and south's đề, đầu and đuôi of the north's rules, issue 36
 * item 7) stay in the table for the bets placed on them but are not listed.
 */
export async function listOdds(db: Database, precision: number): Promise<{ list: OddsLine[] }> {
  const rows = await db
    .select()
    .from(lotteryOdds)
    .orderBy(...lineOrder);
  return {
    list: rows
      .filter((row) => playTypesOf(row.region as LotteryRegion).includes(row.playType as PlayType))
      .map((row) => lineOf(row, precision)),
  };
}

/**
 * Per region, the lowest and highest RTP of the play types it offers at their current odds (the
 * lobby's "RTP 55.52–95.00 %"), compared exactly (lottery-rtp.ts fractions), shown as rtpText.
 */
export async function rtpRangesOf(db: Database): Promise<Map<LotteryRegion, { min: string; max: string }>> {
  const rows = await db.select().from(lotteryOdds);
  const ranges = new Map<LotteryRegion, { min: string; max: string }>();
  for (const region of lotteryRegions) {
    const lines = rows
      .filter((row) => row.region === region && row.prizeMode === prizeModeOf(region))
      .filter((row) => playTypesOf(region).includes(row.playType as PlayType))
      .map((row) => ({ playType: row.playType as PlayType, oddsMilli: row.oddsMilli }))
      .map((line) => ({ ...line, rtp: rtpFraction(region, line.playType, line.oddsMilli) }))
      .sort((a, b) => (a.rtp.num * b.rtp.den < b.rtp.num * a.rtp.den ? -1 : 1));
    const low = lines[0];
    const high = lines.at(-1);
    if (low && high) {
      ranges.set(region, {
        min: rtpText(region, low.playType, low.oddsMilli),
        max: rtpText(region, high.playType, high.oddsMilli),
      });
    }
  }
  return ranges;
}

/** The lines of one region's play types, in play type order (a game's odds). */
export async function oddsOfRegion(
  db: Database,
  region: LotteryRegion,
  precision: number,
): Promise<{ list: OddsLine[] }> {
  const rows = await db
    .select()
    .from(lotteryOdds)
    .where(and(eq(lotteryOdds.prizeMode, prizeModeOf(region)), eq(lotteryOdds.region, region)));
  const order = playTypesOf(region);
  return {
    list: rows
      .filter((row) => order.includes(row.playType as PlayType))
      .sort((a, b) => order.indexOf(a.playType as PlayType) - order.indexOf(b.playType as PlayType))
      .map((row) => lineOf(row, precision)),
  };
}

export interface SetOddsInput {
  prizeMode: LotteryPrizeMode;
  region: LotteryRegion;
  playType: PlayType;
  odds: string;
  minStake: string;
  maxStake: string;
  reason?: string | undefined;
}

export interface OddsOperator {
  id: number;
  account: string;
}

function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

/** "98" / "97.5" — a ceiling in percent as text. */
function percentText(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

type RequestRow = typeof lotteryOddsRequests.$inferSelect;

function requestView(row: RequestRow, precision: number): LotteryOddsRequest {
  const bp = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
  return {
    requestId: row.id,
    ...oddsFieldsOf(row, precision),
    rtp: bp(row.rtpBp),
    ceiling: bp(row.ceilingBp),
    reason: row.reason,
    ...fourEyesView(row),
  };
}

interface CheckedLine {
  prizeMode: LotteryPrizeMode;
  region: LotteryRegion;
  playType: PlayType;
  oddsMilli: number;
  minStake: bigint;
  maxStake: bigint;
}

/**
 * The line's fields checked, before anything is written: the play type offered by the region, odds
 * that return less than the whole stake (RTP < 100 %: lô "35" typed for "3.5" is 945 %, refused
 * whoever confirms it), min ≤ max.
 */
function checkedLine(input: SetOddsInput, precision: number): CheckedLine {
  if (prizeModeOf(input.region) !== input.prizeMode) {
    throw invalid('prizeMode', `the ${input.region} games are of prize mode ${prizeModeOf(input.region)}`);
  }
  if (!playTypesOf(input.region).includes(input.playType)) {
    throw invalid(
      'playType',
      fastOnlyPlayTypes.includes(input.playType)
        ? 'only the fast games offer this play type'
        : `not a play type of the ${input.region} games`,
    );
  }
  const oddsMilli = oddsMilliOf(input.odds);
  // Thousandths are kept in a 32-bit column.
  if (oddsMilli > 2_147_483_647) throw invalid('odds', 'at most 2147483.647');
  const rtp = rtpFraction(input.region, input.playType, oddsMilli);
  if (rtp.num >= rtp.den) {
    const even = oddsText(maxOddsMilliFor(input.region, input.playType, 100));
    throw invalid(
      'odds',
      `odds ${input.odds} return ${rtpText(input.region, input.playType, oddsMilli)} % of the stake: the ` +
        `house would pay out at least what it takes (100 % is reached at ${even}); a typing mistake?`,
    );
  }
  const minStake = parseAmountField(input.minStake, { field: 'minStake', precision });
  const maxStake = parseAmountField(input.maxStake, { field: 'maxStake', precision });
  if (maxStake < minStake) throw invalid('maxStake', 'must be at least minStake');
  return {
    prizeMode: input.prizeMode,
    region: input.region,
    playType: input.playType,
    oddsMilli,
    minStake,
    maxStake,
  };
}

async function writeLine(db: Database, line: CheckedLine, operatorId: number): Promise<OddsRow> {
  const fields = {
    oddsMilli: line.oddsMilli,
    minStake: line.minStake,
    maxStake: line.maxStake,
    updatedAt: sql`now()`,
    updatedBy: operatorId,
  };
  const [row] = await db
    .insert(lotteryOdds)
    .values({ prizeMode: line.prizeMode, region: line.region, playType: line.playType, ...fields })
    .onConflictDoUpdate({
      target: [lotteryOdds.prizeMode, lotteryOdds.region, lotteryOdds.playType],
      set: fields,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}

async function currentLine(db: Database, line: Pick<CheckedLine, 'prizeMode' | 'region' | 'playType'>) {
  const [row] = await db
    .select()
    .from(lotteryOdds)
    .where(
      and(
        eq(lotteryOdds.prizeMode, line.prizeMode),
        eq(lotteryOdds.region, line.region),
        eq(lotteryOdds.playType, line.playType),
      ),
    );
  return row ?? null;
}

/**
 * Sets one line (made if missing), audited. Odds whose RTP passes the brand's ceiling
 * (`lotteryRisk.rtpCeiling`) are not set: a request waits for a second operator (with a reason)
 * and the line stays as it was. Refuses a play type the region does not offer, RTP ≥ 100 % and
 * min > max, changing nothing.
 */
export async function setOdds(
  db: Database,
  input: SetOddsInput,
  options: { precision: number; ceiling: number; operator: OddsOperator; request: FastifyRequest },
): Promise<{ status: 'applied' | 'pending'; line: OddsLine; request: LotteryOddsRequest | null }> {
  const { precision, ceiling, operator, request } = options;
  const line = checkedLine(input, precision);
  const target = `${line.prizeMode}/${line.region}/${line.playType}`;
  if (rtpAbove(line.region, line.playType, line.oddsMilli, ceiling)) {
    const reason = input.reason?.trim() ?? '';
    if (reason.length < 3) {
      throw invalid(
        'reason',
        `odds ${input.odds} return ${rtpText(line.region, line.playType, line.oddsMilli)} % of the stake, above ` +
          `the ${percentText(ceiling)} % ceiling (at most ${oddsText(maxOddsMilliFor(line.region, line.playType, ceiling))}): ` +
          'a second operator must confirm them; give the reason',
      );
    }
    const { num, den } = rtpFraction(line.region, line.playType, line.oddsMilli);
    return db.transaction(async (tx) => {
      const current = await currentLine(tx, line);
      const [row] = await tx
        .insert(lotteryOddsRequests)
        .values({
          ...line,
          rtpBp: Number((num * 10_000n) / den),
          ceilingBp: Number(basisPointsOf(ceiling)),
          reason,
          requestedById: operator.id,
          requestedBy: operator.account,
        })
        .returning();
      if (!row || !current)
        throw new AppError('NOT_FOUND', { issues: [{ field: 'playType', reason: 'no line' }] });
      const view = requestView(row, precision);
      await recordOperatorChange(tx, request, {
        action: 'lottery-odds.request',
        targetKind: 'lottery-odds',
        targetId: target,
        before: lineOf(current, precision),
        after: view,
        reason,
      });
      return { status: 'pending' as const, line: lineOf(current, precision), request: view };
    });
  }
  return db.transaction(async (tx) => {
    const before = await currentLine(tx, line);
    const after = lineOf(await writeLine(tx, line, operator.id), precision);
    await recordOperatorChange(tx, request, {
      targetKind: 'lottery-odds',
      targetId: target,
      before: before ? lineOf(before, precision) : null,
      after,
      ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
    });
    return { status: 'applied' as const, line: after, request: null };
  });
}

/** The requests of one status: pending oldest first, decided newest first. */
export async function listOddsRequests(
  db: Database,
  options: { precision: number; ceiling: number; status: RequestRow['status']; limit: number },
): Promise<{ ceiling: string; items: LotteryOddsRequest[] }> {
  const rows = await db
    .select()
    .from(lotteryOddsRequests)
    .where(eq(lotteryOddsRequests.status, options.status))
    .orderBy(options.status === 'pending' ? asc(lotteryOddsRequests.id) : desc(lotteryOddsRequests.id))
    .limit(options.limit);
  return {
    ceiling: percentText(options.ceiling),
    items: rows.map((row) => requestView(row, options.precision)),
  };
}

/**
 * A second operator's decision (four eyes): the requester never decides their own
 * (SECOND_APPROVER_REQUIRED; a check constraint too). The row is locked and leaves `pending` once
 * (a second decision gets CONFLICT); approving sets the line in the same transaction. Audited.
 */
export async function decideOddsRequest(
  db: Database,
  options: {
    precision: number;
    operator: OddsOperator;
    request: FastifyRequest;
    body: { requestId: number; decision: 'approve' | 'reject'; reason?: string | undefined };
  },
): Promise<LotteryOddsRequest> {
  const { precision, operator, request, body } = options;
  const reason = body.reason?.trim() || null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(lotteryOddsRequests)
      .where(eq(lotteryOddsRequests.id, body.requestId))
      .for('update');
    if (!current) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'requestId', reason: 'no such request' }] });
    }
    if (current.requestedById === operator.id) {
      throw new AppError('SECOND_APPROVER_REQUIRED', {
        issues: [{ field: 'requestId', reason: 'another operator must decide' }],
      });
    }
    if (current.status !== 'pending') {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'requestId', reason: `already ${current.status}` }],
      });
    }
    const line = {
      prizeMode: current.prizeMode as LotteryPrizeMode,
      region: current.region as LotteryRegion,
      playType: current.playType as PlayType,
    };
    const before = await currentLine(tx, line);
    let after = before ? lineOf(before, precision) : null;
    if (body.decision === 'approve') {
      after = lineOf(
        await writeLine(
          tx,
          { ...line, oddsMilli: current.oddsMilli, minStake: current.minStake, maxStake: current.maxStake },
          operator.id,
        ),
        precision,
      );
    }
    const [updated] = await tx
      .update(lotteryOddsRequests)
      .set({
        status: body.decision === 'approve' ? 'approved' : 'rejected',
        decidedById: operator.id,
        decidedBy: operator.account,
        decidedAt: new Date(),
        decisionReason: reason,
      })
      .where(and(eq(lotteryOddsRequests.id, current.id), eq(lotteryOddsRequests.status, 'pending')))
      .returning();
    if (!updated)
      throw new AppError('CONFLICT', { issues: [{ field: 'requestId', reason: 'already decided' }] });
    const view = requestView(updated, precision);
    await recordOperatorChange(tx, request, {
      action: `lottery-odds.${body.decision}`,
      targetKind: 'lottery-odds',
      targetId: `${line.prizeMode}/${line.region}/${line.playType}`,
      before: before ? lineOf(before, precision) : null,
      after: { line: after, request: view },
      reason: reason ?? current.reason,
    });
    return view;
  });
}
