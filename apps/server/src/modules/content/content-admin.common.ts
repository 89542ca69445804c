import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { forgetContent } from './content.service.ts';
import { type LocalisedTexts } from './content.tables.ts';
import { plainText, sanitizeContentHtml } from './sanitize.ts';

/** Steps every kind of content shares: field refusals, time windows, the transaction, HTML texts. */

export function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ field, reason }] });
}

export const toDate = (value: string | null) => (value ? new Date(value) : null);

export function checkWindow(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid('endsAt', 'must be after startsAt');
}

export async function transact<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => work(tx as unknown as Database));
  await forgetContent(db);
  return result;
}

export function cleanTexts<T extends { title: string; content: string }>(texts: LocalisedTexts<T>) {
  const result: LocalisedTexts<T> = {};
  for (const [language, text] of Object.entries(texts)) {
    if (!text) continue;
    const content = sanitizeContentHtml(text.content);
    const title = plainText(text.title);
    if (!title) throw invalid(`texts.${language}.title`, 'is empty once markup is removed');
    result[language] = { ...text, title, content };
  }
  return result;
}
