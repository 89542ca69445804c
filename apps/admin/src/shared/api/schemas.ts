import type { CallDefinition } from '@khela/contract';

/**
 * A call's body or query schema from the contract, for a form's rules: `bodySchema(calls.operatorCreate)`
 * (the definition types them as optional; every call that has one has it).
 */
export function bodySchema<C extends CallDefinition>(call: C): NonNullable<C['body']> {
  if (!call.body) throw new Error(`${call.id} has no body`);
  return call.body as NonNullable<C['body']>;
}

export function querySchema<C extends CallDefinition>(call: C): NonNullable<C['query']> {
  if (!call.query) throw new Error(`${call.id} has no query`);
  return call.query as NonNullable<C['query']>;
}
