import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashServerSeed } from '../fair/rng.ts';
import { newServerSeed } from '../fair/node-crypto.ts';
import type { HouseDatabase } from '../db/database.ts';
import { hgPlayers, hgRounds } from '../db/tables.ts';
import { HouseError } from '../http/errors.ts';

/** What a player may see of their provably-fair state: the commitment, never the live seed. */
export interface FairState {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

/** The seeds a round is played with (server side only until the seed is rotated). */
export interface RoundSeeds {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/** The player's row, created with fresh seeds on their first visit. */
export async function ensurePlayer(db: HouseDatabase, playerId: string): Promise<FairState> {
  const serverSeed = newServerSeed();
  await db
    .insert(hgPlayers)
    .values({ playerId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: newClientSeed() })
    .onConflictDoNothing();
  return getFairState(db, playerId);
}

export async function getFairState(db: HouseDatabase, playerId: string): Promise<FairState> {
  const [row] = await db
    .select({
      serverSeedHash: hgPlayers.serverSeedHash,
      clientSeed: hgPlayers.clientSeed,
      nonce: hgPlayers.nonce,
    })
    .from(hgPlayers)
    .where(eq(hgPlayers.playerId, playerId));
  if (!row) throw new HouseError('SESSION_EXPIRED', 'unknown player');
  return row;
}

/** Takes the next nonce in one atomic statement, so two rounds never share one. */
export async function takeRoundSeeds(db: HouseDatabase, playerId: string): Promise<RoundSeeds> {
  const [row] = await db
    .update(hgPlayers)
    .set({ nonce: sql`${hgPlayers.nonce} + 1` })
    .where(eq(hgPlayers.playerId, playerId))
    .returning({
      serverSeed: hgPlayers.serverSeed,
      serverSeedHash: hgPlayers.serverSeedHash,
      clientSeed: hgPlayers.clientSeed,
      nonce: hgPlayers.nonce,
    });
  if (!row) throw new HouseError('SESSION_EXPIRED', 'unknown player');
  return { ...row, nonce: row.nonce - 1 };
}

export async function setClientSeed(
  db: HouseDatabase,
  playerId: string,
  clientSeed: string,
): Promise<FairState> {
  if (!clientSeedPattern.test(clientSeed))
    throw new HouseError('BAD_REQUEST', 'clientSeed: 1 to 64 printable characters');
  await db.update(hgPlayers).set({ clientSeed }).where(eq(hgPlayers.playerId, playerId));
  return getFairState(db, playerId);
}

/** Rounds still waiting for the player (or for their debit) must not have their seed revealed. */
const unfinished = ['debiting', 'open'] as const;

/**
 * Reveals the current server seed and commits to a new one (nonce back to 0). The revealed seed is
 * written into every round it played, so their recall shows it and /verify can recompute them.
 * Refused while a round on that seed is unfinished: revealing it would reveal, say, the mines.
 */
export async function rotateServerSeed(
  db: HouseDatabase,
  playerId: string,
): Promise<{ previous: RoundSeeds & { rounds: number }; current: FairState }> {
  const nextSeed = newServerSeed();
  return db.transaction(async (tx) => {
    const [player] = await tx.select().from(hgPlayers).where(eq(hgPlayers.playerId, playerId)).for('update');
    if (!player) throw new HouseError('SESSION_EXPIRED', 'unknown player');
    const [open] = await tx
      .select({ roundId: hgRounds.roundId })
      .from(hgRounds)
      .where(
        and(
          eq(hgRounds.playerId, playerId),
          eq(hgRounds.serverSeedHash, player.serverSeedHash),
          inArray(hgRounds.status, [...unfinished]),
        ),
      )
      .limit(1);
    if (open) throw new HouseError('ROUND_OPEN', 'finish the open round first');
    const revealed = await tx
      .update(hgRounds)
      .set({ serverSeed: player.serverSeed })
      .where(and(eq(hgRounds.playerId, playerId), eq(hgRounds.serverSeedHash, player.serverSeedHash)))
      .returning({ id: hgRounds.id });
    await tx
      .update(hgPlayers)
      .set({
        serverSeed: nextSeed,
        serverSeedHash: hashServerSeed(nextSeed),
        nonce: 0,
        seedCreatedAt: new Date(),
      })
      .where(eq(hgPlayers.playerId, playerId));
    return {
      previous: {
        serverSeed: player.serverSeed,
        serverSeedHash: player.serverSeedHash,
        clientSeed: player.clientSeed,
        nonce: player.nonce,
        rounds: revealed.length,
      },
      current: { serverSeedHash: hashServerSeed(nextSeed), clientSeed: player.clientSeed, nonce: 0 },
    };
  });
}
