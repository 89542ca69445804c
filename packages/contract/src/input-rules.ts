import { z } from 'zod';
import type { CallDefinition } from './define.ts';

/**
 * Rules every call's input obeys, whatever its own schema says (issue 10: a NUL byte or an
 * out-of-range number must be a 400 with the field, never a database error):
 *
 * - text: no C0 control character except tab, line feed and carriage return (PostgreSQL refuses
 *   NUL in text; the others have no place in a form field, a name or a reference), and no lone
 *   UTF-16 surrogate (PostgreSQL refuses those too). The server checks every string of every
 *   query and body, object keys included, before the call's own schema (`findForbiddenText`).
 * - numbers: every number an input schema accepts has bounds, and an integer fits PostgreSQL's
 *   `integer` (ids, counts, pages) unless it is a time in ms since epoch (`epochMsSchema`, within
 *   the JavaScript Date range). `auditCallInput` checks this when the server registers a call,
 *   so a call with an unbounded number cannot be served at all.
 * - strings: every string an input schema accepts has a maximum length (an unbounded text can
 *   exceed an index row or fill the disk). Checked by `auditCallInput` as well.
 * - money: amounts in requests are `amountInputSchema` (wallet.ts), bounded well inside the
 *   ledger's `bigint` so that sums of them cannot overflow either.
 */

/** The largest value of PostgreSQL's `integer` (ids, counts, page numbers). */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
/** The largest time JavaScript's Date represents (ms since epoch); PostgreSQL holds more. */
export const EPOCH_MS_MAX = 8_640_000_000_000_000;
/** How an input number is marked as a time in ms since epoch (zod meta). */
export const epochMsUnit = 'epoch-ms';
/** How a money amount is marked (zod meta): a response's, and a request's (bounded). */
export const amountUnit = 'amount';
export const amountInputUnit = 'amount-input';

/** The paging figures of a paged list's answer (`total` rows, `totalPages`, this `pageNo` and its `pageSize`). */
export const pagedValueFields = {
  total: z.number().int(),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
};

/** A time in ms since epoch in a request (query or body): compared with timestamp columns. */
export const epochMsSchema = z.coerce.number().int().min(0).max(EPOCH_MS_MAX).meta({ unit: epochMsUnit });

// C0 controls except \t (09), \n (0A), \r (0D); and lone surrogates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const forbiddenControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a text holds a character no input may carry (see above). */
export function hasForbiddenCharacters(text: string): boolean {
  return forbiddenControl.test(text) || loneSurrogate.test(text);
}

export interface ForbiddenText {
  /** The field as the error envelope names it: path segments joined by dots ("receipts.0.data"). */
  field: string;
  path: (string | number)[];
}

/**
 * The first string (or object key) in a parsed query or JSON body that holds a forbidden character,
 * or null. Walks plain data only (what JSON or a query string can carry), depth-limited.
 */
export function findForbiddenText(value: unknown, path: (string | number)[] = []): ForbiddenText | null {
  if (path.length > 32) return null;
  if (typeof value === 'string') {
    return hasForbiddenCharacters(value) ? { field: fieldName(path), path } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findForbiddenText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) return { field: fieldName([...path, key]), path: [...path, key] };
      const found = findForbiddenText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A short plain text that people and operators read back (a payout account's name, a deposit
 * reference): stored normalised (Unicode NFC, trimmed, every run of white space one space) so the
 * same name is the same bytes wherever it is compared or exported, and without `<` or `>`, so it
 * can never be markup in an operator's page or a spreadsheet's HTML view. Every consumer still
 * escapes on output (React does; CSV exports quote).
 */
export function plainTextSchema(options: { min?: number; max: number }) {
  return z
    .string()
    .max(options.max * 4)
    .transform((text) => text.normalize('NFC').replace(/\s+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .min(options.min ?? 0, options.min === 1 ? 'Required' : `at least ${options.min} characters`)
        .max(options.max)
        .refine((text) => !/[<>]/.test(text), {
          message: 'no < or >',
          params: { rule: 'invalid_characters' },
        }),
    );
}

function fieldName(path: (string | number)[]): string {
  return path.length === 0 ? 'request' : path.join('.');
}

/** What an input field holds, as the walker reports it. */
export type InputFieldKind = 'string' | 'number';

export interface InputField {
  path: (string | number)[];
  kind: InputFieldKind;
  schema: z.ZodType;
  /** Values that select this field's branch of a discriminated union on the way (path → value). */
  discriminators: { path: (string | number)[]; value: unknown }[];
  /** The bounds zod keeps for the field: string length or number value. */
  minimum?: number;
  maximum?: number;
  isInteger: boolean;
  isEpochMs: boolean;
}

interface ZodInternals {
  def: {
    type: string;
    [key: string]: unknown;
  };
}

function internalsOf(schema: unknown): ZodInternals {
  return (schema as { _zod: ZodInternals })._zod;
}

function nullableNumber(value: number | null): number | undefined {
  return value === null ? undefined : value;
}

function metaOf(schema: z.ZodType): Record<string, unknown> | undefined {
  return (schema as unknown as { meta?: () => Record<string, unknown> | undefined }).meta?.();
}

/**
 * Every string and number leaf of an input schema, with its path. Follows objects, arrays,
 * records (values under the key `*`), optional/nullable/default wrappers, pipes (codecs and
 * transforms: the input side), unions and discriminated unions.
 */
export function inputFields(
  schema: z.ZodType,
  path: (string | number)[] = [],
  discriminators: InputField['discriminators'] = [],
  depth = 0,
): InputField[] {
  if (depth > 24) return [];
  const internals = internalsOf(schema);
  const def = internals.def;
  const recurse = (inner: unknown, innerPath = path, innerDiscriminators = discriminators) =>
    inputFields(inner as z.ZodType, innerPath, innerDiscriminators, depth + 1);
  switch (def.type) {
    case 'string': {
      return [
        {
          path,
          kind: 'string',
          schema,
          discriminators,
          minimum: nullableNumber((schema as z.ZodString).minLength),
          maximum: nullableNumber((schema as z.ZodString).maxLength),
          isInteger: false,
          isEpochMs: false,
        },
      ];
    }
    case 'number': {
      const number = schema as z.ZodNumber;
      return [
        {
          path,
          kind: 'number',
          schema,
          discriminators,
          minimum: nullableNumber(number.minValue),
          maximum: nullableNumber(number.maxValue),
          isInteger: number.isInt,
          isEpochMs: metaOf(schema)?.unit === epochMsUnit,
        },
      ];
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.entries(shape).flatMap(([key, inner]) => recurse(inner, [...path, key]));
    }
    case 'array':
      return recurse(def.element, [...path, 0]);
    case 'record':
      return recurse(def.valueType, [...path, '*']);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return recurse(def.innerType);
    case 'pipe':
      return recurse(def.in);
    case 'union': {
      const options = def.options as z.ZodType[];
      const discriminator = def.discriminator as string | undefined;
      return options.flatMap((option) => {
        if (!discriminator) return recurse(option);
        const value = (internalsOf(option).def.shape as Record<string, unknown> | undefined)?.[discriminator];
        const literal = value ? (internalsOf(value).def.values as unknown[] | undefined)?.[0] : undefined;
        return recurse(option, path, [...discriminators, { path: [...path, discriminator], value: literal }]);
      });
    }
    case 'intersection':
      return [...recurse(def.left), ...recurse(def.right)];
    default:
      // enum, literal, boolean, bigint, file, unknown, any...: no free text and no free number.
      return [];
  }
}

/** Why an input schema breaks the rules above, one line per field; empty when it keeps them. */
export function auditInputSchema(schema: z.ZodType): string[] {
  const problems: string[] = [];
  for (const field of inputFields(schema)) {
    const name = fieldName(field.path);
    if (field.kind === 'string') {
      if (field.maximum === undefined) problems.push(`${name}: a string without a maximum length`);
      if (metaOf(field.schema)?.unit === amountUnit) {
        problems.push(`${name}: an amount in a request must be amountInputSchema (bounded)`);
      }
      continue;
    }
    const { minimum, maximum } = field;
    if (
      minimum === undefined ||
      maximum === undefined ||
      !Number.isFinite(minimum) ||
      !Number.isFinite(maximum)
    ) {
      problems.push(`${name}: a number without both bounds`);
      continue;
    }
    if (field.isEpochMs) {
      if (!field.isInteger || minimum < -EPOCH_MS_MAX || maximum > EPOCH_MS_MAX) {
        problems.push(`${name}: a time in ms must be an integer within ±${EPOCH_MS_MAX}`);
      }
      continue;
    }
    if (minimum < INT4_MIN || maximum > INT4_MAX) {
      problems.push(`${name}: ${minimum}..${maximum} does not fit PostgreSQL's integer`);
    }
  }
  return problems;
}

/** The rule violations of one call's query and body (see `auditInputSchema`). */
export function auditCallInput(call: CallDefinition): string[] {
  return [
    ...(call.query ? auditInputSchema(call.query).map((line) => `query.${line}`) : []),
    ...(call.body ? auditInputSchema(call.body).map((line) => `body.${line}`) : []),
  ];
}
