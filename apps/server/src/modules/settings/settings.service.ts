import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, dataChanged } from '../../shared/read-cache.ts';
import { siteSettings } from './settings.tables.ts';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsInput } from './settings.schema.ts';

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
