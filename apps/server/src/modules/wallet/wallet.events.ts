import { EventEmitter } from 'node:events';
import type { Database } from '../../db/database.ts';

/**
 * "A member's wallet changed": raised by the wallet services after a movement commits, heard by
 * the realtime module, which pushes the new balance to that member's open pages. Keyed by the
 * database handle so that several apps in one process (tests) never hear each other.
 */
const emitters = new WeakMap<Database, EventEmitter>();

function emitterOf(db: Database): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  return emitter;
}

export function walletChanged(db: Database, ...memberIds: number[]): void {
  for (const memberId of new Set(memberIds)) emitterOf(db).emit('changed', memberId);
}

export function onWalletChanged(db: Database, listener: (memberId: number) => void): () => void {
  const emitter = emitterOf(db);
  emitter.on('changed', listener);
  return () => emitter.off('changed', listener);
}
