import type { Database } from '../../db/database.ts';
import { formatRoundsOffLedger, roundsOffLedger } from '../games/games.ledger-check.ts';
import { formatTransferRoundsOffWallets, transferRoundsOffWallets } from '../games/games.transfer-check.ts';
import { betsOffLedger, formatBetsOffLedger } from '../lottery/lottery.ledger-check.ts';
import type { runLedgerVerifier } from '../ledger/ledger.browser.service.ts';
import { bonusesOffLedger, formatBonusesOffLedger } from '../promotions/promotions.ledger-check.ts';

type CheckResult = Awaited<ReturnType<typeof runLedgerVerifier>>['checks'][number];

/**
 * The figures beside the ledger, checked against the money that moved (docs/wallet.md, "Round
 * records against the ledger"): the round records agents' wages, ranks and the betting record read.
 * `npm run ledger:verify` and the back office's hourly verifier (and its "run now") both run these
 * after the ledger's own invariants, so a round record that drifts from its postings shows on the
 * verifier page within the hour, not only when someone runs the tool on the server.
 */
const figures: { name: string; description: string; problems: (db: Database) => Promise<string> }[] = [
  {
    name: 'rounds_match_ledger',
    description: 'the stake and win of every seamless vendor round match its postings',
    problems: async (db) => formatRoundsOffLedger(await roundsOffLedger(db)),
  },
  {
    name: 'lottery_bets_match_ledger',
    description: 'the stake and win of every lottery bet match its placement and settlement postings',
    problems: async (db) => formatBetsOffLedger(await betsOffLedger(db)),
  },
  {
    name: 'transfer_rounds_match_wallets',
    description: "transfer-mode vendors' rounds match their game wallets' transfers and reported balances",
    problems: async (db) => formatTransferRoundsOffWallets(await transferRoundsOffWallets(db)),
  },
  {
    name: 'bonuses_match_ledger',
    description:
      'every bonus credited and ended moved its amount in the bonus wallet, and no bonus wallet holds money of no bonus',
    problems: async (db) => formatBonusesOffLedger(await bonusesOffLedger(db)),
  },
];

/** Each figure check, in the verifier's shape: ok, or the lines naming the records off the money. */
export async function checkRoundFigures(db: Database): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const figure of figures) {
    const text = await figure.problems(db);
    const problems = text.length > 0 ? text.split('\n') : [];
    results.push({ name: figure.name, description: figure.description, ok: problems.length === 0, problems });
  }
  return results;
}
