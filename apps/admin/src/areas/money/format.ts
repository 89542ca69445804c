import { groupAmount } from '@khela/contract/money';

export { formatTime, jsonText } from '../../shared/lib/format.ts';

/**
 * Money as the API carries it (decimal strings in major units, docs/design.md) shown with grouping,
 * without ever going through a floating-point number.
 */
export function formatMoney(amount: string | null | undefined, currency?: string): string {
  if (amount === null || amount === undefined) return '—';
  const grouped = groupAmount(amount);
  // A true minus sign for reading (the API writes '-').
  const text = grouped.startsWith('-') ? `−${grouped.slice(1)}` : grouped;
  return currency ? `${text} ${currency}` : text;
}

/** A picked file as the API's image upload (base64 without the data: prefix). */
export async function fileToUpload(
  file: File,
): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: string }> {
  const contentType = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return { contentType, data: btoa(binary) };
}

/** A client request id for an idempotent call (one per form submission). */
export function newRequestKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
