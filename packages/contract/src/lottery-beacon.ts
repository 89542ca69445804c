// No zod here: the web's verify page imports this file alone ('@khela/contract/lottery-beacon').
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The public randomness beacon a lottery draw mixes in (issue 36, docs/lottery.md "Fairness"):
 * rounds as drand's HTTP API serves them (`{round, randomness, signature}`), signed with drand's
 * `bls-unchained-g1-rfc9380` scheme (the "quicknet" chain): the signature is a BLS12-381 short
 * signature (G1, domain tag BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) over SHA-256 of the round
 * number as 8 bytes big-endian, under the chain's public key (G2); the randomness is SHA-256 of the
 * signature. The local beacon of tests and demo mode signs its rounds exactly so, with a key pair
 * of its own, so the same verification runs on both.
 */

export const beaconScheme = 'bls-unchained-g1-rfc9380';

export interface BeaconChain {
  /** The chain's BLS public key (G2, compressed, hex). */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  /** drand's chain hash (null for a local beacon). */
  chainHash: string | null;
}

export interface BeaconRound {
  round: number;
  /** SHA-256 of the signature, hex. */
  randomness: string;
  /** BLS signature (G1, compressed, hex). */
  signature: string;
}

const short = bls12_381.shortSignatures;

function hexOf(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

function bytesOf(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lower-case hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** What a round's signature signs: SHA-256 of the round as 8 bytes big-endian. */
function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** When a round is emitted, ms. */
export function roundTimeMs(chain: BeaconChain, round: number): number {
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

/** The first round emitted strictly after an instant (ms): no one can know its value before then. */
export function roundAfter(chain: BeaconChain, timeMs: number): number {
  const elapsed = Math.floor(timeMs / 1000) - chain.genesisTime;
  return Math.max(1, Math.floor(elapsed / chain.period) + 2);
}

/** True when the round's randomness is SHA-256 of its signature and the signature checks. */
export function verifyBeaconRound(chain: BeaconChain, beacon: BeaconRound): boolean {
  try {
    if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return false;
    if (hexOf(sha256(bytesOf(beacon.signature))) !== beacon.randomness) return false;
    return short.verify(
      short.Signature.fromHex(beacon.signature),
      short.hash(roundMessage(beacon.round)),
      bls12_381.G2.Point.fromHex(chain.publicKey),
    );
  } catch {
    return false;
  }
}

/** A fresh key pair for a local beacon (tests, demo mode; a 48-byte seed gives a fixed one), hex. */
export function newBeaconKeyPair(seed?: Uint8Array): { secretKey: string; publicKey: string } {
  const { secretKey, publicKey } = short.keygen(seed);
  return { secretKey: hexOf(secretKey), publicKey: publicKey.toHex() };
}

/** A round signed as drand signs it (the local beacon). */
export function signBeaconRound(secretKey: string, round: number): BeaconRound {
  const signature = short.sign(short.hash(roundMessage(round)), bytesOf(secretKey)).toBytes();
  return { round, randomness: hexOf(sha256(signature)), signature: hexOf(signature) };
}
