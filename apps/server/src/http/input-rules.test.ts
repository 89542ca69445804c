import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  amountInputUnit,
  calls,
  EPOCH_MS_MAX,
  INT4_MAX,
  inputFields,
  type CallDefinition,
  type InputField,
} from '@khela/contract';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { rowsOf } from '../modules/ledger/ledger.service.ts';
import { call } from '../modules/accounts/accounts.test-support.ts';
import {
  allowedCaller,
  loginDemoCallers,
  placeAt,
  type Caller,
  type CallerTokens,
} from '../test/contract-callers.ts';

/**
 * The contract's input rules (packages/contract/src/input-rules.ts) on EVERY call of the contract:
 * a NUL byte in any string field, an overflow in any number field and an amount past the ledger's
 * range are a 400 VALIDATION_FAILED naming the field, never a 500 from PostgreSQL; and who may call
 * is checked before any of that.
 */

let sut: TestApp;
let tokens: CallerTokens;
let address = 0;

beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      SMS_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  tokens = await loginDemoCallers(sut);
}, 120_000);
afterAll(async () => {
  await sut.close();
});

/** An input holding `value` at the field's path, with its discriminated-union branch chosen. */
function inputWith(field: InputField, value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const discriminator of field.discriminators) placeAt(root, discriminator.path, discriminator.value);
  placeAt(root, field.path, value);
  return root;
}

function fieldName(field: InputField): string {
  return field.path.map((segment) => (segment === '*' ? 'EN' : segment)).join('.');
}

async function send(
  definition: CallDefinition,
  part: 'query' | 'body',
  input: Record<string, unknown>,
  caller: Caller,
) {
  address += 1;
  const query =
    part === 'query'
      ? `?${new URLSearchParams(Object.entries(input).map(([key, value]): [string, string] => [key, String(value)])).toString()}`
      : '';
  return call(sut, {
    method: definition.method,
    url: `${definition.path}${query}`,
    token: caller === 'guest' ? null : tokens[caller],
    host: caller === 'agent' ? 'agent.localhost' : 'localhost',
    ip: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    sealed: definition.encrypted,
    ...(part === 'body' ? { body: input } : definition.method === 'POST' ? { body: {} } : {}),
  });
}

interface Probe {
  name: string;
  definition: CallDefinition;
  part: 'query' | 'body';
  field: InputField;
}

const probes: Probe[] = Object.entries(calls).flatMap(([name, definition]) =>
  (['query', 'body'] as const).flatMap((part) => {
    const schema = definition[part] as z.ZodType | undefined;
    return schema ? inputFields(schema).map((field) => ({ name, definition, part, field })) : [];
  }),
);

function isAmount(field: InputField): boolean {
  return (field.schema.meta()?.unit ?? null) === amountInputUnit;
}

/** What each field is sent: a NUL byte in text, overflows in numbers and amounts. */
function badValuesOf(field: InputField): { value: unknown; rule: string }[] {
  if (field.kind === 'number') {
    const overflow = field.isEpochMs ? EPOCH_MS_MAX + 1 : INT4_MAX + 1;
    return [
      { value: overflow, rule: 'too_big' },
      { value: 1e20, rule: 'too_big' },
    ];
  }
  const nul = { value: 'a\u0000b', rule: 'invalid_characters' };
  if (!isAmount(field)) return [nul];
  return [
    nul,
    { value: '92233720368547758.07', rule: 'too_big' },
    { value: '99999999999999999999', rule: 'too_big' },
  ];
}

describe('the contract input rules, on every call', () => {
  it('covers the whole contract', () => {
    expect(Object.keys(calls).length).toBeGreaterThan(90);
    expect(probes.length).toBeGreaterThan(200);
    expect(probes.some((probe) => probe.field.kind === 'number')).toBe(true);
    expect(probes.some(({ field }) => isAmount(field))).toBe(true);
  });

  it('answers a NUL byte, a number overflow or an amount overflow with 400 and the field, never 500', async () => {
    const failures: string[] = [];
    for (const probe of probes) {
      for (const bad of badValuesOf(probe.field)) {
        const input = inputWith(probe.field, probe.part === 'query' ? String(bad.value) : bad.value);
        const answer = await send(probe.definition, probe.part, input, allowedCaller(probe.definition));
        const issues = (answer.body.value?.issues ?? []) as { field: string; rule?: string }[];
        const issue = issues.find((candidate) => candidate.field === fieldName(probe.field));
        if (answer.status !== 400 || answer.body.code !== 'VALIDATION_FAILED' || issue?.rule !== bad.rule) {
          failures.push(
            `${probe.name} ${probe.part}.${fieldName(probe.field)}=${JSON.stringify(bad.value)}: ` +
              `${answer.status} ${answer.body.code} ${JSON.stringify(issues)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('checks who may call before the input: a guest gets 401 and a member 403, never 400', async () => {
    const failures: string[] = [];
    const guarded = Object.entries(calls).filter(
      ([, definition]) => definition.auth !== 'public' && definition.auth !== 'optional',
    );
    expect(guarded.length).toBeGreaterThan(30);
    for (const [name, definition] of guarded) {
      const part = definition.body ? 'body' : 'query';
      // Bad in every way: a NUL byte, an unknown shape, a missing everything.
      const input = { junk: 'a\u0000b', id: 'x' };
      const asGuest = await send(definition, part, input, 'guest');
      if (asGuest.status !== 401) failures.push(`${name} as a guest: ${asGuest.status} ${asGuest.body.code}`);
      const refused: Caller | null =
        definition.auth === 'operator' || definition.auth === 'agent' ? 'player' : null;
      if (refused) {
        const asMember = await send(definition, part, input, refused);
        if (asMember.status !== 403)
          failures.push(`${name} as a member: ${asMember.status} ${asMember.body.code}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('validation issues carry a rule and a limit', () => {
  it('names required, too_long, too_small, too_big and invalid_format with their limits', async () => {
    const operator = tokens.operator;
    const adjust = await call(sut, {
      method: 'POST',
      url: calls.operatorAdjust.path,
      token: operator,
      body: { username: 'x'.repeat(65), amount: '1e5', reason: 'ab' },
    });
    expect(adjust.status).toBe(400);
    expect(adjust.body.value.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', rule: 'too_long', limit: 64 }),
        expect.objectContaining({ field: 'amount', rule: 'invalid_format' }),
        expect.objectContaining({ field: 'reason', rule: 'too_short', limit: 3 }),
        expect.objectContaining({ field: 'idempotencyKey', rule: 'required' }),
      ]),
    );
    const list = await call(sut, {
      method: 'GET',
      url: `${calls.operatorDeposits.path}?limit=0`,
      token: operator,
    });
    expect(list.body.value.issues).toEqual([
      expect.objectContaining({ field: 'limit', rule: 'too_small', limit: 1 }),
    ]);
    const blank = await call(sut, {
      method: 'POST',
      url: calls.operatorAdjust.path,
      token: operator,
      body: { username: '   ', amount: '1', reason: 'abc', idempotencyKey: 'key-12345' },
    });
    expect(blank.body.value.issues).toEqual([
      expect.objectContaining({ field: 'username', rule: 'required' }),
    ]);
  });
});

describe('request bodies', () => {
  // Our clients send plain JSON: a compressed body is not inflated (register-call.ts), so it is as
  // unreadable as any other non-JSON body, and nothing runs.
  it('refuses a compressed body with 400 and opens no game session', async () => {
    const before = await sut.db.execute(sql`select count(*)::int as n from game_sessions`);
    const answer = await sut.app.inject({
      method: 'POST',
      url: calls.launchGame.path,
      headers: {
        authorization: `Bearer ${tokens.player}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ nodeId: 1 })),
    });
    expect(answer.statusCode).toBe(400);
    const after = await sut.db.execute(sql`select count(*)::int as n from game_sessions`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });
});
