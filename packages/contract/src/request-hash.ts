import { createHash } from 'node:crypto';

/**
 * The one request hash of idempotent commands (docs/style.md 7: an idempotency key is stored with a
 * hash of its request; the same key with another request is refused). Node only (node:crypto):
 * imported by the server and the house games through `@khela/contract/request-hash`, never from
 * the package's index, which the web bundles.
 *
 * The hash is SHA-256 (hex) of the canonical JSON of the request: object keys sorted, undefined
 * members left out, bigints as decimal strings, dates as ISO strings. Key order and whitespace of
 * what a caller sent therefore never count; an array's order does.
 */

/** A JSON-safe copy of `value` whose `JSON.stringify` is canonical (see above). */
export function canonicalValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonicalValue((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Canonical JSON text of `value`: equal requests give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalValue(value)) ?? 'null';
}

/** SHA-256 (lowercase hex, 64 characters) of the canonical JSON of a command's request. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}
