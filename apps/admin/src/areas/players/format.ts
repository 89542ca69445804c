/** Times in the back office: the brand's clock with its offset, as on every other page. */
export { formatCount, formatTime } from '../../shared/lib/format.ts';

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
