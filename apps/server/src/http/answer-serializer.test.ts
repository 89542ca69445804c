import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calls, okEnvelope } from '@khela/contract';
import { answerSerializerCompiler, runsTheSameBothWays } from './answer-serializer.ts';

const serializerFor = (schema: z.ZodType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const plain = z.object({
  success: z.literal(true),
  code: z.string().optional(),
  value: z.object({
    status: z.union([z.literal(0), z.literal(1)]),
    name: z.string().trim().max(20),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.string()).readonly(),
    extra: z.record(z.string(), z.number()).nullable(),
    pair: z.tuple([z.number(), z.boolean()]),
    either: z.discriminatedUnion('type', [
      z.object({ type: z.literal('x'), x: z.number() }),
      z.object({ type: z.literal('y'), y: z.string() }),
    ]),
  }),
});

const bigintAsText = z.codec(z.string().regex(/^-?\d+$/), z.bigint(), {
  decode: (text) => BigInt(text),
  encode: (value) => value.toString(),
});

describe('the answer serializer', () => {
  it('parses forward only schemas that do the same both ways', () => {
    expect(runsTheSameBothWays(plain)).toBe(true);
    expect(runsTheSameBothWays(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(runsTheSameBothWays(z.object({ n: z.array(z.string().catch('')) }))).toBe(false);
    expect(runsTheSameBothWays(z.object({ n: z.string().transform((text) => text.length) }))).toBe(false);
    expect(runsTheSameBothWays(z.object({ n: z.string().pipe(z.string()) }))).toBe(false);
    expect(runsTheSameBothWays(z.object({ deep: z.union([z.null(), z.object({ n: bigintAsText })]) }))).toBe(
      false,
    );
    expect(runsTheSameBothWays(z.object({ n: z.lazy(() => z.string()) }))).toBe(false);
  });

  it("writes a plain answer exactly as the schema's encoding does, unknown keys left out", () => {
    const answer: unknown = {
      success: true,
      value: {
        status: 1,
        name: '  Khela ',
        kind: 'b',
        tags: ['one'],
        extra: null,
        pair: [2, false],
        either: { type: 'y', y: 'why', notInTheSchema: 1 },
        secret: 'never sent',
      },
    };
    const text = serializerFor(plain)(answer);
    expect(text).toBe(JSON.stringify(z.encode(plain, answer as z.output<typeof plain>)));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('notInTheSchema');
    expect(JSON.parse(text)).toMatchObject({ value: { name: 'Khela' } });
  });

  it('encodes a schema with a codec backward (a bigint goes out as its text)', () => {
    const schema = z.object({ amount: bigintAsText });
    expect(serializerFor(schema)({ amount: 12345678901234567890n })).toBe(
      '{"amount":"12345678901234567890"}',
    );
  });

  it('refuses an answer its schema does not allow, as a response serialization error', () => {
    for (const [schema, answer] of [
      [plain, { success: true, value: { status: 7 } }],
      [z.object({ amount: bigintAsText }), { amount: 'not a bigint' }],
    ] as const) {
      let thrown: unknown;
      try {
        serializerFor(schema)(answer);
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown)).toBe(true);
    }
  });

  it('parses forward the answers of the hot calls that are not shared (status, balance, game launch)', () => {
    for (const call of [calls.status, calls.balance, calls.launchGame]) {
      expect(runsTheSameBothWays(okEnvelope(call.value)), call.id).toBe(true);
    }
  });
});
