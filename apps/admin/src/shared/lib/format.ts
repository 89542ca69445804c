import { dayKey, formatWallTime, isTimeZone, offsetLabel } from '@khela/contract/business-day';
import { formatNumber } from '@khela/contract/format';

/**
 * The brand's time zone (whitelabel timeZone), set once by the shell before any page renders
 * (app.tsx): every time and day of the back office is on the brand's clock, the clock its business
 * days (wages, reports) are cut by. A module value rather than a context because the formatters
 * are plain functions called from tables' column definitions all over the areas.
 */
let brandZone = 'UTC';

export function setBrandZone(zone: string): void {
  // The server validated it; a value this browser does not know must still not break every page.
  brandZone = isTimeZone(zone) ? zone : 'UTC';
}

export function currentBrandZone(): string {
  return brandZone;
}

/**
 * Dates and times in the back office: the brand's clock with its offset named ("2026-12-06
 * 05:40:00 GMT+6"), written out the same way everywhere (ISO-like, readable).
 */
export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '—';
  return `${formatWallTime(epochMs, brandZone, { seconds: true })} ${offsetLabel(brandZone, epochMs)}`;
}

/** The brand's day (YYYY-MM-DD) of an instant. */
export function formatDay(epochMs: number): string {
  return dayKey(epochMs, brandZone);
}

/**
 * A count or a figure in the back office's language (English, Latin digits, grouped): "12,345",
 * or with `digits` decimals ("7.50"), through the contract's one formatting layer.
 */
export function formatCount(value: number, digits = 0): string {
  return formatNumber(value, { language: 'EN', bengaliDigits: false }, digits);
}

/** Any value as indented JSON text (rendered as text, so escaped by React). */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
