import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Settlement of a drawn numero in set-based SQL batches (each batch one transaction; a bet is
 * settled exactly once; a run cut off halfway is resumed by the next), and voiding (every bet
 * refunded). INTERFACE STUB: the money helper fills these in; the lottery tick job
 * (lottery.routes.ts) calls settleNumero for every numero in status 'drawn', and the operator's
 * void call calls voidNumero.
 */

export interface SettleResult {
  settledBets: number;
  batches: number;
  /** True when the numero reached status 'settled'. */
  done: boolean;
}

export function settleNumero(
  _db: Database,
  _numeroId: number,
  _options: { batchSize?: number } = {},
): Promise<SettleResult> {
  return Promise.reject(new AppError('INTERNAL'));
}

export function voidNumero(
  _db: Database,
  _input: { numeroId: number; reason: string },
): Promise<{ refundedBets: number }> {
  return Promise.reject(new AppError('INTERNAL'));
}
