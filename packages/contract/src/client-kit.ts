import { ApiError } from './client.ts';

/**
 * What the member site's and the back office's client kits share: pure rules with no framework and
 * no text store (each app passes its own `translate`, and keeps its own React glue). The form texts
 * are ./form-kit.ts, a module of their own so that a start bundle that needs only these does not
 * carry them.
 */

/** A text store's lookup: the text of `key` with its `{{placeholders}}` filled. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Values of a text's `{{placeholders}}`. */
export type PlaceholderValues = Record<string, string | number | null | undefined>;

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/** `{{name}}` filled from `values`; a placeholder without a value stays as written. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, unknown>> | undefined,
): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(placeholder, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const maxRetries = 2;

/** Retry only what can heal by itself: network faults and 5xx; never 4xx (bad input, auth, refusals). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= maxRetries) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}
