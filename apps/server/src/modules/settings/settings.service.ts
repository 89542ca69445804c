import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import { siteSettings } from './settings.tables.ts';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsInput } from './settings.schema.ts';
import { protectedSettingsLoosened } from './settings.protected.ts';

export const DEFAULT_MERCHANT = 'KHELA';

/** Settings change rarely and are read on every page load: keep each brand's for a few seconds. */
const cache = createReadCache<Database, SiteSettings>(3_000, { tag: 'settings' });

export function getSettings(db: Database, merchant: string = DEFAULT_MERCHANT): Promise<SiteSettings> {
  return cache.get(db, merchant, async () => {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.merchant, merchant));
    return siteSettingsSchema.parse(row?.document ?? {});
  });
}

/**
 * Replaces keys of the brand's settings document. The merged document is validated whole before it
 * is written; a bad value changes nothing.
 */
export async function updateSettings(
  db: Database,
  patch: Partial<SiteSettingsInput>,
  merchant: string = DEFAULT_MERCHANT,
): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.merchant, merchant));
  const current = (row?.document ?? {}) as Record<string, unknown>;
  const merged = { ...current, ...patch };
  const parsed = siteSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), reason: issue.message })),
    });
  }
  await db
    .insert(siteSettings)
    .values({ merchant, document: merged })
    .onConflictDoUpdate({ target: siteSettings.merchant, set: { document: merged, updatedAt: sql`now()` } });
  // Every instance's cached reads (and shared answers) of the settings go.
  await dataChanged(db, 'settings');
  return parsed.data;
}

export async function hasSettings(db: Database, merchant: string = DEFAULT_MERCHANT): Promise<boolean> {
  const rows = await db
    .select({ merchant: siteSettings.merchant })
    .from(siteSettings)
    .where(eq(siteSettings.merchant, merchant));
  return rows.length > 0;
}

/** The brand's settings document as every reader sees it (defaults filled in), and when it last changed. */
export async function getSettingsDocument(
  db: Database,
  merchant: string = DEFAULT_MERCHANT,
): Promise<{ document: SiteSettings; updatedAt: number | null }> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.merchant, merchant));
  return {
    document: siteSettingsSchema.parse(row?.document ?? {}),
    updatedAt: row ? row.updatedAt.getTime() : null,
  };
}

/** One changed leaf of the document (arrays are compared whole). */
export interface SettingsChange {
  path: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The leaves that differ between two documents, by dotted path, in the document's key order. */
export function settingsDiff(before: unknown, after: unknown, path = ''): SettingsChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => settingsDiff(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
  return [{ path: path || '(document)', before: before ?? null, after: after ?? null }];
}

/** A diff as the audit trail keeps it: each changed path's value before, and after. */
export function settingsDiffForAudit(diff: readonly SettingsChange[]): { before: object; after: object } {
  return {
    before: Object.fromEntries(diff.map((change) => [change.path, change.before])),
    after: Object.fromEntries(diff.map((change) => [change.path, change.after])),
  };
}

/**
 * Replaces the whole settings document (the back office): refused unless it passes the settings
 * schema whole (unknown top-level keys included), so a bad document changes nothing. Answers the
 * diff against the current one; `dryRun` only checks. `record` writes the change to the operators'
 * audit trail inside the transaction (before and after of the changed paths). `baseUpdatedAt`: the
 * operator edited the copy read then; a save made in between is a CONFLICT (reload, see the diff).
 * A change that loosens a protected setting (settings.protected.ts) is FORBIDDEN here, a dry run's
 * too: loosening is updateSettings' (the server's `npm run settings`), never the back office's.
 */
function refuseProtectedLoosening(diff: SettingsChange[]): void {
  const loosened = protectedSettingsLoosened(diff);
  if (loosened.length > 0) {
    throw new AppError('FORBIDDEN', {
      issues: loosened.map(({ path, reason }) => ({ field: `document.${path}`, reason })),
    });
  }
}

export async function replaceSettings(
  db: Database,
  input: {
    document: Record<string, unknown>;
    dryRun: boolean;
    baseUpdatedAt?: number | null | undefined;
    merchant?: string;
  },
  record: (tx: Database, changes: SettingsChange[]) => Promise<void>,
): Promise<{ saved: boolean; diff: SettingsChange[]; document: SiteSettings; updatedAt: number | null }> {
  const merchant = input.merchant ?? DEFAULT_MERCHANT;
  const known = new Set(Object.keys(siteSettingsSchema.shape));
  const unknown = Object.keys(input.document).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      issues: unknown.map((key) => ({ field: `document.${key}`, reason: 'is not a setting' })),
    });
  }
  const parsed = siteSettingsSchema.safeParse(input.document);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      issues: parsed.error.issues.map((issue) => ({
        field: ['document', ...issue.path.map(String)].join('.'),
        reason: issue.message,
      })),
    });
  }
  const next = parsed.data;
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.merchant, merchant))
      .for('update');
    const current = siteSettingsSchema.parse(row?.document ?? {});
    const updatedAt = row ? row.updatedAt.getTime() : null;
    if (input.baseUpdatedAt !== undefined && input.baseUpdatedAt !== updatedAt) {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'baseUpdatedAt', reason: 'the settings changed since they were read' }],
      });
    }
    const diff = settingsDiff(current, next);
    refuseProtectedLoosening(diff);
    if (input.dryRun || diff.length === 0) return { saved: false, diff, document: next, updatedAt };
    const [written] = await tx
      .insert(siteSettings)
      .values({ merchant, document: next })
      .onConflictDoUpdate({ target: siteSettings.merchant, set: { document: next, updatedAt: sql`now()` } })
      .returning({ updatedAt: siteSettings.updatedAt });
    await record(tx, diff);
    return { saved: true, diff, document: next, updatedAt: written!.updatedAt.getTime() };
  });
  // Every instance's cached reads (and shared answers) of the settings go.
  if (result.saved) await dataChanged(db, 'settings');
  return result;
}
