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
