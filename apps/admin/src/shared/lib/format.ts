/** Dates and times in the back office: UTC, written out the same way everywhere (ISO-like, readable). */
export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '—';
  return new Date(epochMs).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

export function formatDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
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
