import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The contract calls' answer serializer: every answer is checked against its call's value schema
 * and written as that schema gives it, as fastify-type-provider-zod's `serializerCompiler` does
 * (`z.safeEncode`, then `JSON.stringify`), with one difference in how, not in what.
 *
 * `z.safeEncode` runs the schema backward (codecs and pipes from their output to their input), and
 * that direction is the slow one in zod 4: a node with checks parses twice (a check-less "canary"
 * pass on a copy of the context, then its checks, then the parse), and the status envelope took
 * 1.7 µs to encode against 0.2 µs to parse in isolation (more in the server, where `perf` showed
 * objects defined slot by slot and new maps under it). For a schema in which nothing depends on
 * the direction (no codec, pipe, transform, default, prefault, catch or lazy anywhere in it: only
 * plain values, objects, arrays, tuples, records, unions, intersections, and nullable, optional or
 * readonly wrappers of them), encoding and parsing are the same function: such a schema is parsed
 * forward, on zod's compiled object parser.
 * Issue 12: a tenth of a small non-shared call's server time (the system status) went to the
 * backward pass. Any other schema is encoded as before.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const valueSchema = zodSchemaOf(schema);
  const check = runsTheSameBothWays(valueSchema) ? z.safeParse : z.safeEncode;
  return (data: unknown) => {
    const result = check(valueSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** A route's response schema: a zod schema, or (as the type provider accepts) one under `properties`. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`a response schema that is not a zod schema: ${JSON.stringify(schema)}`);
}

/** Kinds of schema that do the same forward and backward, with the ones below them. */
const sameBothWays = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'nan',
  'date',
  'enum',
  'literal',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'nullable',
  'optional',
  'readonly',
]);

/**
 * True when parsing and encoding `schema` give the same value for every input: its kind and the kind
 * of every schema under it are in `sameBothWays`. Anything else (a codec, pipe, transform, default,
 * prefault, catch, lazy schema, or a kind zod adds later) answers false and is encoded.
 */
export function runsTheSameBothWays(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (!sameBothWays.has(def.type)) return false;
  const below: unknown[] = [];
  switch (def.type) {
    case 'object':
      below.push(...Object.values(def.shape as Record<string, unknown>), def.catchall);
      break;
    case 'array':
      below.push(def.element);
      break;
    case 'tuple':
      below.push(...(def.items as unknown[]), def.rest);
      break;
    case 'record':
      below.push(def.keyType, def.valueType);
      break;
    case 'union':
      below.push(...(def.options as unknown[]));
      break;
    case 'intersection':
      below.push(def.left, def.right);
      break;
    case 'nullable':
    case 'optional':
    case 'readonly':
      below.push(def.innerType);
      break;
  }
  return below.every(
    (child) => child === undefined || child === null || runsTheSameBothWays(child as z.core.$ZodType),
  );
}
