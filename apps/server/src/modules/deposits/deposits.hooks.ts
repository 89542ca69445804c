import type { Database } from '../../db/database.ts';

/**
 * "A deposit was credited", heard inside the crediting transaction: what another module adds to a
 * deposit commits or rolls back with it (the promotions module credits a waiting deposit bonus).
 * Deposits does not know its listeners; they register when the app is built. One listener per
 * name, so building several apps in one process (tests) registers each once.
 */
export interface CreditedDeposit {
  memberId: number;
  orderId: number;
  /** What reached the main wallet (the amount less the fee), minor units. */
  credited: bigint;
  currency: string;
}

export type DepositCreditedListener = (tx: Database, deposit: CreditedDeposit) => Promise<void>;

const listeners = new Map<string, DepositCreditedListener>();

export function onDepositCredited(name: string, listener: DepositCreditedListener): void {
  listeners.set(name, listener);
}

/** Runs every listener in the crediting transaction, in the order they registered. */
export async function depositCredited(tx: Database, deposit: CreditedDeposit): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, deposit);
}
