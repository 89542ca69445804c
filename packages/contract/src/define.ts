import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `public` anyone; `optional` anyone, the session is read when a token is sent;
 * `member` a logged-in member or agent; `realMember` a logged-in account that is not a trial
 * (type 4); `agent` an agent; `operator` the operator's back office.
 */
export type AuthNeed = 'public' | 'optional' | 'member' | 'realMember' | 'agent' | 'operator';

export interface CallDefinition<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Value extends z.ZodType = z.ZodType,
> {
  /** Stable id, used as the OpenAPI operationId and in logs. */
  id: string;
  method: HttpMethod;
  path: string;
  auth: AuthNeed;
  /** The spec marks the call encrypted: the body travels as an RSA-OAEP/AES-GCM envelope. */
  encrypted: boolean;
  summary: string;
  tag: string;
  query?: Query;
  body?: Body;
  /** `form` bodies arrive as application/x-www-form-urlencoded (spec 7: "POST form"). */
  bodyKind?: 'json' | 'form';
  value: Value;
}

export function defineCall<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Value extends z.ZodType = z.ZodType,
>(definition: CallDefinition<Query, Body, Value>): CallDefinition<Query, Body, Value> {
  return definition;
}

export type QueryOf<C> =
  C extends CallDefinition<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type BodyOf<C> =
  C extends CallDefinition<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type ValueOf<C> =
  C extends CallDefinition<z.ZodType | undefined, z.ZodType | undefined, infer V> ? z.output<V> : never;
