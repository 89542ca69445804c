import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  vendorGamesListSchema,
  vendorSignatureHeader,
  type VendorGamesList,
  type VendorSyncResult,
} from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { forgetGameMenus } from './game-menus.service.ts';
import { gameVendors, games, vendorConnections } from './games.tables.ts';
import { vendorApiUrl } from './vendor-endpoint.ts';
import { checkVendorSignature, signVendorPayload } from './vendor-signature.ts';

/**
 * The catalogue sync: for each enabled vendor connection, a signed `GET <apiBaseUrl>/api/games`
 * (the answer's signature is checked too), then in one transaction: the lobby vendors it names
 * are upserted into `game_vendors`, its games into `games` (by vendor_code + game_code, so node
 * ids never change), and its games no longer listed are switched off (kept for the records).
 * A vendor that fails (timeout, bad signature, bad list) changes nothing and does not stop the
 * others; its error is kept in `vendor_connections.last_sync_error`.
 */

type SyncEnv = Pick<Env, 'VENDOR_TIMEOUT_MS'> & Partial<Pick<Env, 'PORT'>>;

/** Largest games list read from a vendor. */
const MAX_LIST_BYTES = 5 * 1024 * 1024;

export class VendorSyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorSyncError';
  }
}

/** Fetches and checks one vendor's games list. */
export async function fetchVendorGames(
  connection: { vendorCode: string; apiBaseUrl: string; walletSecret: string },
  env: SyncEnv,
): Promise<VendorGamesList> {
  const url = vendorApiUrl(connection.apiBaseUrl, env.PORT, '/api/games');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        [vendorSignatureHeader]: signVendorPayload(connection.walletSecret, ''),
      },
      signal: AbortSignal.timeout(env.VENDOR_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new VendorSyncError(`${url}: ${reason}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_LIST_BYTES) throw new VendorSyncError(`${url}: list too large`);
  const rawBody = await response.text();
  if (rawBody.length > MAX_LIST_BYTES) throw new VendorSyncError(`${url}: list too large`);
  if (!response.ok) throw new VendorSyncError(`${url}: HTTP ${response.status}`);
  const check = checkVendorSignature({
    walletSecret: connection.walletSecret,
    rawBody,
    header: response.headers.get(vendorSignatureHeader) ?? undefined,
  });
  if (check !== 'ok') throw new VendorSyncError(`${url}: answer signature ${check}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new VendorSyncError(`${url}: answer is not JSON`);
  }
  const list = vendorGamesListSchema.safeParse(parsed);
  if (!list.success) {
    const issue = list.error.issues[0];
    throw new VendorSyncError(
      `${url}: bad games list at ${issue?.path.join('.') || 'top'}: ${issue?.message}`,
    );
  }
  if (list.data.games.length === 0) {
    // An empty list would switch every game off: more likely a vendor fault than a real change.
    throw new VendorSyncError(`${url}: the vendor listed no games (nothing changed)`);
  }
  const codes = new Set<string>();
  for (const game of list.data.games) {
    if (codes.has(game.gameCode)) throw new VendorSyncError(`${url}: game ${game.gameCode} listed twice`);
    codes.add(game.gameCode);
  }
  return list.data;
}

interface Counts {
  added: number;
  updated: number;
  disabled: number;
  lobbyVendors: number;
}

/** Writes one vendor's list (one transaction). Refuses a lobby vendor that belongs to another connection. */
export async function applyVendorGames(
  db: Database,
  vendorCode: string,
  list: VendorGamesList,
  walletMode: 'seamless' | 'transfer' = 'seamless',
): Promise<Counts> {
  return db.transaction(async (tx) => {
    // Lobby vendors: those described, plus any a game names without a description.
    const lobby = new Map(list.vendors.map((vendor) => [vendor.vassalage, vendor]));
    for (const game of list.games) {
      if (!lobby.has(game.vassalage)) {
        lobby.set(game.vassalage, {
          vassalage: game.vassalage,
          displayName: game.vassalage,
          smallIcon: null,
          gameType: game.gameType,
          accountTypeId: 0,
        });
      }
    }
    const vassalages = [...lobby.keys()];
    const taken = await tx
      .select({ vassalage: gameVendors.vassalage, vendorCode: gameVendors.vendorCode })
      .from(gameVendors)
      .where(inArray(gameVendors.vassalage, vassalages));
    const foreign = taken.find((row) => row.vendorCode !== null && row.vendorCode !== vendorCode);
    if (foreign) {
      throw new VendorSyncError(`lobby vendor ${foreign.vassalage} belongs to vendor ${foreign.vendorCode}`);
    }
    for (const vendor of lobby.values()) {
      await tx
        .insert(gameVendors)
        .values({
          vassalage: vendor.vassalage,
          accountTypeId: vendor.accountTypeId,
          displayName: vendor.displayName,
          smallIcon: vendor.smallIcon,
          gameType: vendor.gameType,
          walletMode,
          vendorCode,
          enabled: true,
        })
        .onConflictDoUpdate({
          target: gameVendors.vassalage,
          // What the vendor says; the operator's switches (hot, order, launch kind) stay.
          set: {
            accountTypeId: vendor.accountTypeId,
            displayName: vendor.displayName,
            smallIcon: vendor.smallIcon,
            gameType: vendor.gameType,
            walletMode,
            vendorCode,
            enabled: true,
          },
        });
    }
    // The operator's switches (back office) stay over what the vendor says.
    await tx
      .update(gameVendors)
      .set({
        enabled: sql`coalesce((${gameVendors.operatorOverrides}->>'enabled')::boolean, ${gameVendors.enabled})`,
        gameType: sql`coalesce(${gameVendors.operatorOverrides}->>'gameType', ${gameVendors.gameType})`,
      })
      .where(
        and(eq(gameVendors.vendorCode, vendorCode), sql`${gameVendors.operatorOverrides} <> '{}'::jsonb`),
      );
    // This connection's lobby vendors that it no longer lists.
    await tx
      .update(gameVendors)
      .set({ enabled: false })
      .where(and(eq(gameVendors.vendorCode, vendorCode), notInArray(gameVendors.vassalage, vassalages)));

    const known = new Set(
      (await tx.select({ gameCode: games.gameCode }).from(games).where(eq(games.vendorCode, vendorCode))).map(
        (row) => row.gameCode,
      ),
    );
    let added = 0;
    let updated = 0;
    for (const [index, game] of list.games.entries()) {
      const fields = {
        vassalage: game.vassalage,
        gameType: game.gameType,
        classify: game.classify,
        names: game.names as Record<string, string>,
        icon: game.icon,
        minBet: BigInt(game.minBet),
        lineNum: game.lineNum,
        isHot: game.isHot,
        defaultPlayType: game.defaultPlayType,
        rtpBasisPoints: game.rtpBasisPoints,
        launchFlags: game.launchFlags,
        enabled: true,
        // The vendor's order is the lobby's order.
        sortOrder: (index + 1) * 10,
        syncedAt: sql`now()`,
      };
      await tx
        .insert(games)
        .values({ vendorCode, gameCode: game.gameCode, ...fields })
        .onConflictDoUpdate({ target: [games.vendorCode, games.gameCode], set: fields });
      if (known.has(game.gameCode)) updated += 1;
      else added += 1;
    }
    // The operator's switches (back office) stay over what the vendor says; a game the vendor no
    // longer lists is still switched off below.
    await tx
      .update(games)
      .set({
        enabled: sql`coalesce((${games.operatorOverrides}->>'enabled')::boolean, ${games.enabled})`,
        isHot: sql`coalesce((${games.operatorOverrides}->>'isHot')::boolean::int::smallint, ${games.isHot})`,
        sortOrder: sql`coalesce((${games.operatorOverrides}->>'sortOrder')::int, ${games.sortOrder})`,
        gameType: sql`coalesce(${games.operatorOverrides}->>'gameType', ${games.gameType})`,
        classify: sql`case when ${games.operatorOverrides} -> 'classify' is not null then ${games.operatorOverrides}->>'classify' else ${games.classify} end`,
      })
      .where(and(eq(games.vendorCode, vendorCode), sql`${games.operatorOverrides} <> '{}'::jsonb`));
    const listedCodes = list.games.map((game) => game.gameCode);
    const switchedOff = await tx
      .update(games)
      .set({ enabled: false, syncedAt: sql`now()` })
      .where(
        and(
          eq(games.vendorCode, vendorCode),
          eq(games.enabled, true),
          notInArray(games.gameCode, listedCodes),
        ),
      )
      .returning({ nodeId: games.nodeId });
    return { added, updated, disabled: switchedOff.length, lobbyVendors: lobby.size };
  });
}

function errorText(error: unknown): string {
  const text =
    error instanceof VendorSyncError ? error.message : 'internal error while writing the catalogue';
  return text.slice(0, 500);
}

/** Syncs one connection and records the outcome on it. Never throws for a vendor's fault. */
async function syncConnection(
  db: Database,
  env: SyncEnv,
  connection: typeof vendorConnections.$inferSelect,
  log: (error: unknown, vendorCode: string) => void,
): Promise<VendorSyncResult> {
  const base = {
    vendorCode: connection.vendorCode,
    listed: 0,
    added: 0,
    updated: 0,
    disabled: 0,
    lobbyVendors: 0,
  };
  try {
    const list = await fetchVendorGames(connection, env);
    const counts = await applyVendorGames(db, connection.vendorCode, list, connection.walletMode);
    await db
      .update(vendorConnections)
      .set({ lastSyncAt: sql`now()`, lastSyncError: null })
      .where(eq(vendorConnections.vendorCode, connection.vendorCode));
    return { ...base, ...counts, listed: list.games.length, ok: true, error: null };
  } catch (error) {
    if (!(error instanceof VendorSyncError)) log(error, connection.vendorCode);
    const message = errorText(error);
    await db
      .update(vendorConnections)
      .set({ lastSyncError: message })
      .where(eq(vendorConnections.vendorCode, connection.vendorCode));
    return { ...base, ok: false, error: message };
  }
}

/**
 * Syncs every enabled vendor connection (or the one named) at once. Safe to run in several
 * instances at the same time: every write is an idempotent upsert.
 */
export async function syncGameCatalogue({
  db,
  env,
  vendorCode,
  log = () => {},
}: {
  db: Database;
  env: SyncEnv;
  vendorCode?: string;
  /** Told about unexpected (non-vendor) failures. */
  log?: (error: unknown, vendorCode: string) => void;
}): Promise<VendorSyncResult[]> {
  const connections = await db
    .select()
    .from(vendorConnections)
    .where(
      and(
        eq(vendorConnections.enabled, true),
        vendorCode === undefined ? undefined : eq(vendorConnections.vendorCode, vendorCode),
      ),
    )
    .orderBy(vendorConnections.vendorCode);
  const results = await Promise.all(
    connections.map((connection) => syncConnection(db, env, connection, log)),
  );
  if (results.some((result) => result.ok)) await forgetGameMenus(db);
  return results;
}

/**
 * The catalogue of a product the platform runs itself, with no vendor connection to sync from (the
 * lottery, vendors TCG_LOTTO_VN and TCG_SEA): its list is written exactly as a synced vendor's
 * (same upserts, same switching off of games it no longer lists), and every instance's menus and
 * game lists forget their cached answers. Idempotent.
 */
export async function applyOwnGames(db: Database, vendorCode: string, list: VendorGamesList): Promise<void> {
  await applyVendorGames(db, vendorCode, list);
  await forgetGameMenus(db);
}
