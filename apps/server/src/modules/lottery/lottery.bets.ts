import type { LotteryBet } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Bets: placing a slip (one journal entry per bet, in one statement), cancelling before the lock,
 * and the member's own bets. INTERFACE STUB: the money helper fills these in; the routes
 * (lottery.routes.ts) call them with the validated body and the caller's member id.
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

export function placeSlip(_db: Database, _input: PlaceSlipInput): Promise<PlaceSlipResult> {
  return Promise.reject(new AppError('INTERNAL'));
}

export function cancelBet(
  _db: Database,
  _input: { memberId: number; betId: number },
): Promise<{ bet: LotteryBet; balance: string }> {
  return Promise.reject(new AppError('INTERNAL'));
}

export interface MyBetsQuery {
  memberId: number;
  gameCode?: string | undefined;
  numero?: string | undefined;
  status?: LotteryBet['status'] | undefined;
  pageNo: number;
  pageSize: number;
}

export function listMyBets(
  _db: Database,
  _query: MyBetsQuery,
): Promise<{ list: LotteryBet[]; total: number; totalPages: number; pageNo: number; pageSize: number }> {
  return Promise.reject(new AppError('INTERNAL'));
}
