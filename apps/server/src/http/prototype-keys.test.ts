import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, inputFields, type CallDefinition, type InputField } from '@khela/contract';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { gameVendors } from '../modules/games/games.tables.ts';
import { call } from '../modules/accounts/accounts.test-support.ts';
import { allowedCaller, loginDemoCallers, placeAt, type CallerTokens } from '../test/contract-callers.ts';

/**
 * Keys of Object.prototype as input (issue 35, item 5a): `GET /lgw/games/popular?prizeMode=__proto__`
 * answered 500, a lookup `table[query.prizeMode]` finding Object.prototype. Every query parameter of
 * every GET call of the contract is sent each such key, by the caller its auth lets through, the
 * other parameters valid where a sample value fits: the answer is never a 5xx. Every text field of
 * every POST body too (its siblings filled the same way, so that many reach the handlers): no body
 * answered 500 when this was added, it keeps it so.
 */

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
/** Values tried, in order, to fill a parameter validly when another one is under test. */
const samples = ['1', 'EN', 'BDT', 'x', 'true', 'WEB', '2026-01-01', 'member'];

let sut: TestApp;
let tokens: CallerTokens;
let address = 0;

beforeAll(async () => {
  sut = await buildTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      SMS_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  tokens = await loginDemoCallers(sut);
  // A lobby vendor, so that the catalogue's calls get past "nothing to show" to their filters.
  await sut.db.insert(gameVendors).values({
    vassalage: 'PROTO_SLOTS',
    accountTypeId: 0,
    displayName: 'Proto Slots',
    gameType: 'RNG',
  });
}, 120_000);
afterAll(async () => {
  await sut.close();
});

/** A query's parameters and their schemas (every query of the contract is a flat object). */
function parametersOf(definition: CallDefinition): [string, z.ZodType][] {
  const query = definition.query as z.ZodType | undefined;
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>);
}

/** A valid value of each parameter a sample fits (the first enum option first). */
function validQuery(definition: CallDefinition): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, schema] of parametersOf(definition)) {
    const options = (schema as { options?: unknown[] }).options ?? [];
    const candidates = [...options.filter((option) => typeof option === 'string'), ...samples];
    const fit = candidates.find((candidate) => schema.safeParse(candidate).success);
    if (fit !== undefined) query[key] = fit;
  }
  return query;
}

const probes = Object.entries(calls).flatMap(([name, definition]) =>
  definition.method === 'GET' ? parametersOf(definition).map(([key]) => ({ name, definition, key })) : [],
);

describe('keys of Object.prototype in query parameters', () => {
  it('covers the contract’s GET calls', () => {
    expect(probes.length).toBeGreaterThan(100);
    expect(probes.some((probe) => probe.name === 'popularGames' && probe.key === 'prizeMode')).toBe(true);
  });

  it('never answers a 5xx, whatever parameter carries them', async () => {
    const failures: string[] = [];
    let reachedHandler = 0;
    for (const probe of probes) {
      const caller = allowedCaller(probe.definition);
      for (const bad of prototypeKeys) {
        address += 1;
        const query = new URLSearchParams({ ...validQuery(probe.definition), [probe.key]: bad });
        const answer = await call(sut, {
          method: 'GET',
          url: `${probe.definition.path}?${query.toString()}`,
          token: caller === 'guest' ? null : tokens[caller],
          host: caller === 'agent' ? 'agent.localhost' : 'localhost',
          ip: `10.8.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        });
        if (answer.status >= 500) failures.push(`${probe.name} ${probe.key}=${bad}: ${answer.status}`);
        if (answer.status === 200) reachedHandler += 1;
      }
    }
    expect(failures).toEqual([]);
    // Not a test of the validation alone: many of these reach the handlers with the key.
    expect(reachedHandler).toBeGreaterThan(100);
  }, 300_000);

  it('reads prizeMode=__proto__ of the popular games as an unknown prize mode', async () => {
    const unknown = await call(sut, { method: 'GET', url: '/lgw/games/popular?prizeMode=Nope' });
    for (const bad of prototypeKeys) {
      const answer = await call(sut, { method: 'GET', url: `/lgw/games/popular?prizeMode=${bad}` });
      expect([answer.status, answer.body]).toEqual([200, unknown.body]);
    }
  });
});

/** A sample value the field takes: its first enum option, else the first sample (or 1) it accepts. */
function sampleOf(field: InputField): unknown {
  const options = (field.schema as { options?: unknown[] }).options ?? [];
  const candidates =
    field.kind === 'number'
      ? [1, 100, 0]
      : [...options.filter((option) => typeof option === 'string'), ...samples];
  return candidates.find((candidate) => field.schema.safeParse(candidate).success);
}

const sameBranch = (a: InputField, b: InputField) =>
  JSON.stringify(a.discriminators) === JSON.stringify(b.discriminators) || a.discriminators.length === 0;

/**
 * A body with `key` in `field` and the field's siblings (its union branch) filled with samples, so
 * that many probes get past validation to the handler.
 */
function bodyWith(fields: InputField[], field: InputField, key: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const discriminator of field.discriminators) placeAt(body, discriminator.path, discriminator.value);
  for (const sibling of fields) {
    if (sibling === field || !sameBranch(sibling, field)) continue;
    const value = sampleOf(sibling);
    if (value !== undefined) placeAt(body, sibling.path, value);
  }
  placeAt(body, field.path, key);
  return body;
}

const bodyProbes = Object.entries(calls).flatMap(([name, definition]) => {
  const schema = definition.body as z.ZodType | undefined;
  if (definition.method !== 'POST' || !schema) return [];
  const fields = inputFields(schema);
  return fields
    .filter((field) => field.kind === 'string')
    .map((field) => ({ name, definition, fields, field }));
});

describe('keys of Object.prototype in request bodies', () => {
  it('never answers a 5xx, whatever text field of a POST call carries them', async () => {
    expect(bodyProbes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let pastValidation = 0;
    for (const probe of bodyProbes) {
      const caller = allowedCaller(probe.definition);
      for (const bad of ['__proto__', 'constructor', 'toString']) {
        const send = () => {
          address += 1;
          return call(sut, {
            method: 'POST',
            url: probe.definition.path,
            token: caller === 'guest' ? null : tokens[caller],
            host: caller === 'agent' ? 'agent.localhost' : 'localhost',
            ip: `10.7.${Math.floor(address / 250)}.${(address % 250) + 1}`,
            sealed: probe.definition.encrypted,
            body: bodyWith(probe.fields, probe.field, bad),
          });
        };
        let answer = await send();
        // A call before (a logout, a password locked after wrong tries) ended the session: a new one.
        if (answer.status === 401 && caller !== 'guest') {
          tokens = await loginDemoCallers(sut);
          answer = await send();
        }
        if (answer.status >= 500) {
          failures.push(`${probe.name} ${probe.field.path.join('.')}=${bad}: ${answer.status}`);
        }
        if (answer.status !== 401 && answer.body?.code !== 'VALIDATION_FAILED') pastValidation += 1;
      }
    }
    expect(failures).toEqual([]);
    // Not a test of the validation alone: many of these reach the handlers with the key.
    expect(pastValidation).toBeGreaterThan(150);
  }, 600_000);
});
