import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (images). PGlite answers Uint8Array, pg answers Buffer: one type for the code. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A moment with its time zone (timestamptz). */
const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written or last changed: the database's clock at insert. */
export const createdAt = () => moment('created_at').notNull().defaultNow();
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/** A short-lived, single-use secret: when it stops working, and when it was used (null: not yet). */
export const singleUse = () => ({
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
});

/** Where an operator shows a row: its place in the list and whether it is shown at all. */
export const listing = () => ({
  sortOrder: integer('sort_order').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
});

/** The head of an append-only audit row: its number, when (the database's clock), who and what. */
export const auditHead = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: moment('at')
    .notNull()
    .default(sql`now()`),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
});

/**
 * A request under four eyes (money adjustments, odds changes): pending until an operator other than
 * the requester approves or rejects it, with who asked and who decided, when and why.
 */
export const fourEyesDecision = () => ({
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  requestedById: integer('requested_by_id').notNull(),
  requestedBy: text('requested_by').notNull(),
  requestedAt: moment('requested_at').notNull().defaultNow(),
  decidedById: integer('decided_by_id'),
  decidedBy: text('decided_by'),
  decidedAt: moment('decided_at'),
  decisionReason: text('decision_reason'),
});

/**
 * A picture a member sent (png or jpg, checked by its bytes: shared/images.ts) at its place among
 * its owner's (a deposit's receipts, an application's pictures), keyed with the owner's id.
 */
export const uploadedImage = () => ({
  position: integer('position').notNull(),
  contentType: text('content_type').notNull(),
  image: bytea('image').notNull(),
  createdAt: createdAt(),
});
