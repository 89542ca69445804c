import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { accountTypes, vendorLanguageOf, type LanguageCode, type LaunchGameValue } from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { clearingAddress } from '../ledger/ledger.addresses.ts';
import { openAccount, openSystemAccounts } from '../ledger/ledger.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { gameSessions, gameVendors, games, vendorConnections } from './games.tables.ts';

/**
 * Game launch (spec 2, spec 7 /wps/game/launchGame): a one-time launch token for the game's vendor,
 * kept only as its SHA-256 in `game_sessions`, and the vendor's launch URL
 * `<apiBaseUrl>/play/<gameCode>?token=…&lang=…&theme=…&lobby=…` (docs/vendor-protocol.md). The
 * vendor exchanges the token once (authenticate) within GAME_LAUNCH_TOKEN_SECONDS for a wallet
 * session, which lives no longer than the platform session that launched it. The session row also
 * feeds the member's recent games; nothing else is recorded.
 */

export function hashLaunchToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LaunchableGame {
  nodeId: number;
  vendorCode: string;
  gameCode: string;
  apiBaseUrl: string;
  launchKind: 'iframe' | 'redirect';
}

/** The game when it, its lobby vendor and its vendor connection are all switched on; else null. */
export async function findLaunchableGame(db: Database, nodeId: number): Promise<LaunchableGame | null> {
  const [row] = await db
    .select({
      nodeId: games.nodeId,
      vendorCode: games.vendorCode,
      gameCode: games.gameCode,
      apiBaseUrl: vendorConnections.apiBaseUrl,
      launchKind: gameVendors.launchKind,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vassalage))
    .innerJoin(vendorConnections, eq(vendorConnections.vendorCode, games.vendorCode))
    .where(
      and(
        eq(games.nodeId, nodeId),
        eq(games.enabled, true),
        eq(gameVendors.enabled, true),
        eq(vendorConnections.enabled, true),
      ),
    );
  if (!row) return null;
  return { ...row, launchKind: row.launchKind === 'redirect' ? 'redirect' : 'iframe' };
}

/**
 * The lobby URL handed to the vendor: a path of this site made absolute on `origin`, or an
 * absolute URL on the origin's own host. Anything else would let a link through a vendor send the
 * player to another site, so it is refused.
 */
export function lobbyUrlOf(lobbyUrl: string | undefined, origin: string): string {
  const base = new URL(origin);
  if (!lobbyUrl) return new URL('/', base).toString();
  const resolved = new URL(lobbyUrl, base);
  if (resolved.host !== base.host || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'lobbyUrl', reason: 'must be a page of this site' }],
    });
  }
  return resolved.toString();
}

export function launchUrlOf(options: {
  apiBaseUrl: string;
  gameCode: string;
  token: string;
  language: string;
  theme: 'light' | 'dark';
  lobbyUrl: string;
}): string {
  const base = options.apiBaseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({
    token: options.token,
    lang: options.language,
    theme: options.theme,
    lobby: options.lobbyUrl,
  });
  return `${base}/play/${encodeURIComponent(options.gameCode)}?${query.toString()}`;
}

/** Counterparty accounts this process has opened already, per database (accounts are never deleted). */
const openedCounterparties = new WeakMap<Database, Set<string>>();

async function openCounterparty(
  db: Database,
  walletKind: 'main' | 'trial',
  currency: string,
  precision: number,
) {
  const key = `${walletKind}:${currency}`;
  const opened = openedCounterparties.get(db) ?? new Set<string>();
  openedCounterparties.set(db, opened);
  if (opened.has(key)) return;
  if (walletKind === 'trial') {
    await openAccount(db, { address: clearingAddress('demo', currency), currency, precision });
  } else {
    await openSystemAccounts(db, { currency, precision });
  }
  opened.add(key);
}

export async function launchGame({
  db,
  env,
  settings,
  member,
  nodeId,
  language,
  theme,
  lobbyUrl,
  origin,
}: {
  db: Database;
  env: Pick<Env, 'GAME_LAUNCH_TOKEN_SECONDS'>;
  settings: Pick<SiteSettings, 'currency' | 'currencyPrecision'>;
  /** `sessionId`: the platform session launching the game; the game session ends with it. */
  member: { memberId: number; type: number; sessionId: number };
  nodeId: number;
  language: LanguageCode;
  theme: 'light' | 'dark';
  lobbyUrl: string | undefined;
  origin: string;
}): Promise<LaunchGameValue> {
  const lobby = lobbyUrlOf(lobbyUrl, origin);
  const game = await findLaunchableGame(db, nodeId);
  if (!game) throw new AppError('GAME_UNAVAILABLE');
  // Trial accounts (type 4) play from their demo wallet; everyone else from the main wallet.
  const walletKind = member.type === accountTypes.trial ? 'trial' : 'main';
  const { currency, currencyPrecision: precision } = settings;
  // The counterparty exists before the vendor's first debit (opened once per process). The
  // member's wallet opens with its first deposit: until then a bet is refused (balance 0).
  await openCounterparty(db, walletKind, currency, precision);
  const token = randomBytes(32).toString('base64url');
  const vendorLanguage = vendorLanguageOf(language);
  const seconds = env.GAME_LAUNCH_TOKEN_SECONDS;
  await db.insert(gameSessions).values({
    tokenHash: hashLaunchToken(token),
    memberId: member.memberId,
    platformSessionId: member.sessionId,
    nodeId: game.nodeId,
    vendorCode: game.vendorCode,
    gameCode: game.gameCode,
    currency,
    walletKind,
    language: vendorLanguage,
    tokenExpiresAt: sql`now() + make_interval(secs => ${seconds})`,
    // Until authenticate opens the wallet session, the session ends with the token.
    expiresAt: sql`now() + make_interval(secs => ${seconds})`,
  });
  return {
    content: launchUrlOf({
      apiBaseUrl: game.apiBaseUrl,
      gameCode: game.gameCode,
      token,
      language: vendorLanguage,
      theme,
      lobbyUrl: lobby,
    }),
    launchKind: game.launchKind,
  };
}

/**
 * The origins of the enabled vendors' launch pages (their API base): the only hosts, besides the
 * site itself and the brand's listed CDNs, that a page may frame or take game pictures from (CSP).
 */
export async function listVendorOrigins(db: Database): Promise<string[]> {
  const rows = await db
    .select({ apiBaseUrl: vendorConnections.apiBaseUrl })
    .from(vendorConnections)
    .where(eq(vendorConnections.enabled, true));
  return originsOf(rows.map((row) => row.apiBaseUrl));
}

/** The distinct http(s) origins of some URLs; anything that is not an absolute http(s) URL is left out. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // a relative or malformed entry names no other host
    }
  }
  return [...origins];
}
