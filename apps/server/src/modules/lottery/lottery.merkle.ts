import { createHash } from 'node:crypto';
import type { MerkleStep } from '@khela/contract';

/**
 * The bets digest's Merkle tree on the server (docs/lottery.md "Fairness"): the same scheme as
 * lottery-draw.ts merkleRoot / merklePath (leaf = SHA-256(0x00 ‖ record), node = SHA-256(0x01 ‖ left
 * ‖ right), positional, a last node without partner goes up unchanged, no leaf = SHA-256 of ''),
 * with node:crypto's synchronous hash: a lock over a million bets builds it in about a second.
 */

function node(left: Buffer, right: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();
}

function nextLevel(level: Buffer[]): Buffer[] {
  const next: Buffer[] = [];
  for (let index = 0; index < level.length; index += 2) {
    const right = level[index + 1];
    next.push(right === undefined ? level[index]! : node(level[index]!, right));
  }
  return next;
}

/** A bytea column's value as a Buffer (none: empty). */
export function bufferOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  // node-postgres may answer bytea as its text form \x…
  if (typeof value === 'string') return Buffer.from(value.replace(/^\\x/, ''), 'hex');
  return Buffer.alloc(0);
}

/** The leaves of a `string_agg(leaf, '')` (32 bytes each, in order). */
export function leavesOf(concatenated: Buffer): Buffer[] {
  const leaves: Buffer[] = [];
  for (let offset = 0; offset + 32 <= concatenated.length; offset += 32) {
    leaves.push(concatenated.subarray(offset, offset + 32));
  }
  return leaves;
}

export function merkleRootOf(leaves: Buffer[]): string {
  if (leaves.length === 0) return createHash('sha256').update('').digest('hex');
  let level = leaves;
  while (level.length > 1) level = nextLevel(level);
  return level[0]!.toString('hex');
}

export function merklePathOf(leaves: Buffer[], index: number): MerkleStep[] {
  const path: MerkleStep[] = [];
  let level = leaves;
  let position = index;
  while (level.length > 1) {
    const sibling = position % 2 === 0 ? position + 1 : position - 1;
    if (sibling < level.length) {
      path.push({ side: position % 2 === 0 ? 'right' : 'left', hash: level[sibling]!.toString('hex') });
    }
    level = nextLevel(level);
    position = Math.floor(position / 2);
  }
  return path;
}

/**
 * The whole tree of `leaves` (32 bytes each, end to end, in order), level by level from the leaves
 * up to the root, each level's hashes end to end in one buffer: what a proof is read from (the
 * path is one sibling per level). No leaf gives no level.
 */
export function merkleLevelsOf(leaves: Buffer): Buffer[] {
  if (leaves.length === 0) return [];
  const levels = [leaves];
  let level = leaves;
  while (level.length > 32) {
    const count = level.length / 32;
    const next = Buffer.allocUnsafe(Math.ceil(count / 2) * 32);
    for (let index = 0; index < count; index += 2) {
      const at = (index / 2) * 32;
      if (index + 1 < count) {
        node(
          level.subarray(index * 32, index * 32 + 32),
          level.subarray(index * 32 + 32, index * 32 + 64),
        ).copy(next, at);
      } else {
        level.copy(next, at, index * 32, index * 32 + 32);
      }
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The root of a tree made by merkleLevelsOf (SHA-256 of '' for no leaf). */
export function merkleRootOfLevels(levels: readonly Buffer[]): string {
  const top = levels.at(-1);
  return top ? top.toString('hex') : createHash('sha256').update('').digest('hex');
}

/** The path of leaf `index` read from the levels: one sibling per level, none for a lone last node. */
export function merklePathInLevels(levels: readonly Buffer[], index: number): MerkleStep[] {
  const path: MerkleStep[] = [];
  let position = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = position % 2 === 0 ? position + 1 : position - 1;
    if (sibling * 32 < level.length) {
      path.push({
        side: position % 2 === 0 ? 'right' : 'left',
        hash: level.subarray(sibling * 32, sibling * 32 + 32).toString('hex'),
      });
    }
    position = Math.floor(position / 2);
  }
  return path;
}
