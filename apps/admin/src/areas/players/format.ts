/** Times in the back office: UTC, to the minute (`2026-11-27 00:34 UTC`). */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
