import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  listGameWallets,
  listVendorTransfers,
  runPendingTransfers,
  walletTransfer,
} from './vendor-transfers.service.ts';
import { pullVendorRecords } from './vendor-records.service.ts';
import {
  checkPulledTransferRounds,
  formatTransferRoundsOffWallets,
  recordsCheckpoint,
} from './games.transfer-check.ts';

/**
 * Game wallets of transfer-mode vendors: the list, the transfers, the job that finishes them, the
 * operator's view of them (a transfer a vendor never answers stays pending there, in sight), and
 * the job that reads the rounds played there into the betting record.
 */
/** How often the bet records of transfer-mode vendors are read (docs/vendor-protocol.md, "Bet records"). */
export const vendorRecordsEverySeconds = 15;

export async function vendorTransferRoutes(app: FastifyInstance) {
  const { db } = app;
  const contextOf = async () => ({ db, env: app.env, money: await getSettings(db) });

  registerCall(app, calls.gameWallets, async ({ request }) =>
    listGameWallets(await contextOf(), sessionOf(request).memberId),
  );

  registerCall(
    app,
    calls.walletTransfer,
    async ({ body, request }) => walletTransfer(await contextOf(), sessionOf(request).memberId, body),
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  registerCall(app, calls.operatorVendorTransfers, async ({ query }) =>
    listVendorTransfers(db, await getSettings(db), query),
  );

  app.jobs.define({
    name: 'vendor-transfers',
    summary: 'Retries the game wallet transfers still waiting for a definite answer from their vendor',
    schedule: { everySeconds: 15 },
    retry: { limit: 1, delaySeconds: 15, backoff: false },
    timeoutSeconds: 300,
    run: async () => runPendingTransfers(await contextOf()),
  });

  app.jobs.define({
    name: 'vendor-records',
    summary: 'Reads the rounds played in transfer-mode game wallets into the betting records',
    schedule: { everySeconds: vendorRecordsEverySeconds },
    retry: { limit: 1, delaySeconds: 15, backoff: false },
    timeoutSeconds: 300,
    run: async () => {
      const before = await recordsCheckpoint(db);
      const pulls = await pullVendorRecords({ db, env: app.env });
      // The rounds just read against the game wallets' money (games.transfer-check.ts): rounds no
      // transfer accounts for fail the run, so that the back office's job list shows them (System →
      // Jobs), and stay in the vendor's vendor_record_cursors.last_error until they agree.
      const offWallets = await checkPulledTransferRounds(db, before);
      if (offWallets.length > 0) {
        throw new Error(
          `rounds the game wallets do not account for (stored, not trusted): ${formatTransferRoundsOffWallets(offWallets)}`,
        );
      }
      return pulls;
    },
  });
}
