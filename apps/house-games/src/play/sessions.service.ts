import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hgSessions } from '../db/tables.ts';
import { HouseError } from '../http/errors.ts';
import type { HouseContext } from './context.ts';
import { ensurePlayer, type FairState } from './fair.service.ts';

/** Idle sessions end like the platform's wallet session: 30 minutes after the last call. */
export const sessionIdleMs = 30 * 60 * 1000;

export interface HouseSession {
  id: number;
  platformSessionId: string;
  playerId: string;
  nickname: string;
  currency: string;
  language: string;
  gameCode: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Exchanges a launch token (one-time, from the platform's launch URL) for a house session: the
 * platform's wallet session id stays here; the page gets a random token of its own.
 */
export async function openSession(
  context: HouseContext,
  options: { launchToken: string; gameCode: string },
): Promise<{ sessionToken: string; session: HouseSession; balance: number; fair: FairState }> {
  const answer = await context.wallet.authenticate({ launchToken: options.launchToken });
  if (answer.kind === 'refused') {
    throw new HouseError(answer.code === 'BAD_SIGNATURE' ? 'BAD_SIGNATURE' : 'INVALID_TOKEN', answer.message);
  }
  if (answer.kind === 'unknown') throw new HouseError('WALLET_UNAVAILABLE', answer.reason);
  const { sessionId, playerId, nickname, currency, balance, language } = answer.value;
  const fair = await ensurePlayer(context.db, playerId);
  const sessionToken = randomBytes(32).toString('base64url');
  const [row] = await context.db
    .insert(hgSessions)
    .values({
      tokenHash: hashToken(sessionToken),
      platformSessionId: sessionId,
      playerId,
      nickname,
      currency,
      language,
      gameCode: options.gameCode,
      walletMode: context.walletMode,
      expiresAt: new Date(Date.now() + sessionIdleMs),
    })
    .returning({ id: hgSessions.id });
  if (!row) throw new HouseError('INTERNAL', 'session not stored');
  return {
    sessionToken,
    session: {
      id: row.id,
      platformSessionId: sessionId,
      playerId,
      nickname,
      currency,
      language,
      gameCode: options.gameCode,
    },
    balance,
    fair,
  };
}

/**
 * The session a page's bearer token names, extended by this call; refused when idle too long, or
 * when it was opened by the other wallet mode's instance (whose wallet holds the player's money).
 */
export async function requireSession(
  context: HouseContext,
  authorization: string | undefined,
): Promise<HouseSession> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  if (!match?.[1]) throw new HouseError('SESSION_EXPIRED', 'no session');
  const [row] = await context.db
    .update(hgSessions)
    .set({ expiresAt: sql`now() + make_interval(secs => ${sessionIdleMs / 1000})` })
    .where(
      and(
        eq(hgSessions.tokenHash, hashToken(match[1])),
        eq(hgSessions.walletMode, context.walletMode),
        gt(hgSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) throw new HouseError('SESSION_EXPIRED', 'session expired');
  return {
    id: row.id,
    platformSessionId: row.platformSessionId,
    playerId: row.playerId,
    nickname: row.nickname,
    currency: row.currency,
    language: row.language,
    gameCode: row.gameCode,
  };
}
