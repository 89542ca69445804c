import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  accountTypes,
  fastLotteryVendor,
  vendorLanguageOf,
  vnLotteryVendor,
  type LanguageCode,
  type LaunchGameValue,
} from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { runBatchable, type BatchableStatement } from '../../db/batched-statement.ts';
import { AppError } from '../../http/app-error.ts';
import {
  hashToken,
  judgeSessionRow,
  sessionCheckCtes,
  sessionCheckValues,
  sessionValidSql,
  type ResolvedSession,
  type SessionCheckRow,
  type SessionInfo,
} from '../accounts/session.service.ts';
import { clearingAddress } from '../ledger/ledger.addresses.ts';
import { openAccount, openSystemAccounts } from '../ledger/ledger.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { games, vendorConnections } from './games.tables.ts';

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
  /**
   * The brand's digits (whitelabel bengaliDigits): `beng` or `latn`, so a game page shows figures
   * in the same digits as the site around it (docs/vendor-protocol.md, Launch URL).
   */
  digits?: 'beng' | 'latn';
  /** The brand's time zone (whitelabel timeZone): the game's round times are on its clock. */
  zone?: string;
}): string {
  const base = options.apiBaseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({
    token: options.token,
    lang: options.language,
    theme: options.theme,
    lobby: options.lobbyUrl,
    ...(options.digits ? { digits: options.digits } : {}),
    ...(options.zone ? { zone: options.zone } : {}),
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

const launchColumns =
  'node_id, session_token_hash, token_hash, currency, language, seconds, operator_idle, idle, touch';

/**
 * The caller's session checked, the game (it, its lobby vendor and its connection switched on)
 * found and the game session opened from them, from `calls`: rows of (node_id,
 * session_token_hash, token_hash, currency, language, seconds, operator_idle, idle, touch, n).
 * One row per call whose session token is known: the session check's columns
 * (accounts/session.service.ts), and the game's when a game session was opened. One is opened only
 * for a session `admitResolved` lets launch: valid (`sessionValidSql`, which also touches it as
 * `resolveSession` would), no password change pending, not an operator's.
 */
function launchText(calls: string): string {
  return `
    with c(${launchColumns}, n) as (${calls}),
    ${sessionCheckCtes('c')},
    admitted as (
      select * from checked
       where ${sessionValidSql('checked')} and not checked.password_change_required
         and checked.role <> 'operator'),
    game as (
      select c.n, c.token_hash, a.member_id, a.session_id, a.type, c.currency, c.language, c.seconds,
             g.node_id, g.vendor_code, g.game_code, conn.api_base_url, v.launch_kind
        from c
        join admitted a on a.n = c.n
        join games g on g.node_id = c.node_id and g.enabled
        join game_vendors v on v.vassalage = g.vassalage and v.enabled
        join vendor_connections conn on conn.vendor_code = g.vendor_code and conn.enabled),
    opened as (
      insert into game_sessions
        (token_hash, member_id, platform_session_id, node_id, vendor_code, game_code, currency,
         wallet_kind, language, token_expires_at, expires_at)
      select token_hash, member_id, session_id, node_id, vendor_code, game_code, currency,
             case when type = ${accountTypes.trial} then 'trial' else 'main' end, language,
             now() + make_interval(secs => seconds), now() + make_interval(secs => seconds)
        from game
      returning token_hash)
    select checked.*, game.game_code, game.api_base_url, game.launch_kind
      from checked
      left join (game join opened on opened.token_hash = game.token_hash) on game.n = checked.n`;
}

/**
 * A launch: $1 node id, $2 the platform session token's hash, $3 the launch token's hash, $4
 * currency, $5 language, $6 token seconds, $7–$9 the session check's values (sessionCheckValues).
 *
 * Its commit waits for the WAL flush, unlike the token exchange's (relaxedCommitRows): the game
 * session's id comes from a sequence, and a crash that lost an unflushed launch could hand the
 * same id to another player's launch, while a vendor still held it from the lost one.
 */
export const launchStatement: BatchableStatement = {
  name: 'game_launch',
  text: launchText(
    'select $1::bigint, $2::text, $3::text, $4::text, $5::text, $6::int, $7::int, $8::int, $9::int, 1::bigint',
  ),
  batchText: launchText(
    `select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[],
       $7::int[], $8::int[], $9::int[]) with ordinality`,
  ),
};

type LaunchRow = SessionCheckRow & {
  game_code: string | null;
  api_base_url: string | null;
  launch_kind: string | null;
};

export async function launchGame({
  db,
  env,
  settings,
  sessionToken,
  admit,
  nodeId,
  language,
  theme,
  lobbyUrl,
  origin,
}: {
  db: Database;
  env: Pick<Env, 'GAME_LAUNCH_TOKEN_SECONDS' | 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>;
  settings: Pick<SiteSettings, 'currency' | 'currencyPrecision' | 'bengaliDigits' | 'timeZone'>;
  /** The caller's platform session token (null when the request carries none that could be one). */
  sessionToken: string | null;
  /**
   * The verdict on the caller's session, found in the launch's own statement (registerCall's
   * `sessionInStatement`): throws the refusal, or gives the session let in. The game session
   * opened with the launch ends with that platform session.
   */
  admit: (resolved: ResolvedSession) => SessionInfo;
  nodeId: number;
  language: LanguageCode;
  theme: 'light' | 'dark';
  lobbyUrl: string | undefined;
  origin: string;
}): Promise<LaunchGameValue> {
  if (!sessionToken) {
    admit({ state: 'unknown' });
    throw new Error('a launch without a session token was let in');
  }
  const lobby = lobbyUrlOf(lobbyUrl, origin);
  const { currency, currencyPrecision: precision } = settings;
  const token = randomBytes(32).toString('base64url');
  const vendorLanguage = vendorLanguageOf(language);
  // One statement: the caller's session checked (and touched), the game looked up and the session
  // opened from them; no row when the session token is unknown, no game columns when the game may
  // not be launched. Grouped with the launches that arrive meanwhile on PostgreSQL.
  const [row] = await runBatchable<LaunchRow>(db, launchStatement, [
    nodeId,
    hashToken(sessionToken),
    hashLaunchToken(token),
    currency,
    vendorLanguage,
    env.GAME_LAUNCH_TOKEN_SECONDS,
    ...sessionCheckValues(env),
  ]);
  const member = admit(judgeSessionRow(row));
  if (!row?.game_code || !row.api_base_url) return ownProductLaunch(db, nodeId);
  // The counterparty exists before the vendor's first debit, which needs the launch URL answered
  // here (opened once per process). Trial accounts (type 4) play from their demo wallet, everyone
  // else from the main wallet; the member's wallet opens with its first deposit: until then a bet
  // is refused (balance 0).
  const walletKind = member.type === accountTypes.trial ? 'trial' : 'main';
  await openCounterparty(db, walletKind, currency, precision);
  return {
    content: launchUrlOf({
      apiBaseUrl: row.api_base_url,
      gameCode: row.game_code,
      token,
      language: vendorLanguage,
      theme,
      lobbyUrl: lobby,
      digits: settings.bengaliDigits ? 'beng' : 'latn',
      zone: settings.timeZone,
    }),
    launchKind: row.launch_kind === 'redirect' ? 'redirect' : 'iframe',
  };
}

/**
 * A game of a product the platform runs itself (the lottery: no vendor connection, no vendor
 * session) is not launched at a vendor: the answer is the site page that plays it (spec 2 launch
 * rules: TCG_LOTTO_VN opens /vnlottery, the fast e-lottery /lottery), as a redirect. Any other
 * game that could not be launched is GAME_UNAVAILABLE.
 */
async function ownProductLaunch(db: Database, nodeId: number): Promise<LaunchGameValue> {
  const [row] = await db
    .select({ vendorCode: games.vendorCode, gameCode: games.gameCode })
    .from(games)
    .where(
      and(
        eq(games.nodeId, nodeId),
        eq(games.enabled, true),
        inArray(games.vendorCode, [vnLotteryVendor, fastLotteryVendor]),
      ),
    );
  if (!row) throw new AppError('GAME_UNAVAILABLE');
  const page = row.vendorCode === vnLotteryVendor ? '/vnlottery' : '/lottery';
  return {
    content: `${page}?${new URLSearchParams({ gameCode: row.gameCode }).toString()}`,
    launchKind: 'redirect',
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
