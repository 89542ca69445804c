import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from './calls.ts';
import {
  auditCallInput,
  auditInputSchema,
  findForbiddenText,
  hasForbiddenCharacters,
  inputFields,
  plainTextSchema,
} from './input-rules.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';

describe('input rules', () => {
  it('every call of the contract keeps them (bounded strings, numbers that fit their column, bounded amounts)', () => {
    const broken = Object.entries(calls).flatMap(([name, call]) =>
      auditCallInput(call).map((line) => `${name}: ${line}`),
    );
    expect(broken).toEqual([]);
  });

  it('names what breaks them', () => {
    const schema = z.object({
      note: z.string(),
      id: z.number().int().min(1),
      ms: z.coerce.number().int().min(0),
      amount: decimalAmountSchema,
      fine: z.object({ list: z.array(z.string().max(3)), id: z.number().int().min(1).max(10) }),
    });
    expect(auditInputSchema(schema)).toEqual([
      'note: a string without a maximum length',
      "id: 1..9007199254740991 does not fit PostgreSQL's integer",
      "ms: 0..9007199254740991 does not fit PostgreSQL's integer",
      'amount: an amount in a request must be amountInputSchema (bounded)',
    ]);
  });

  it('finds the fields of unions, records, arrays and wrappers', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), text: z.string().max(5).optional() }),
      z.object({ kind: z.literal('b'), map: z.record(z.string(), z.array(z.coerce.number().max(3).min(0))) }),
    ]);
    expect(
      inputFields(schema).map((field) => [field.path.join('.'), field.kind, field.discriminators]),
    ).toEqual([
      ['text', 'string', [{ path: ['kind'], value: 'a' }]],
      ['map.*.0', 'number', [{ path: ['kind'], value: 'b' }]],
    ]);
  });

  it('refuses NUL, other C0 controls and lone surrogates, and keeps tab, newlines and emoji', () => {
    for (const bad of ['a\u0000b', '\u0001', '\u001f', 'x\u000by', '\ud800', 'a\udc00']) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['a\tb', 'line\nline\r\n', 'টাকা ১০০', '😀', '\u007f', '']) {
      expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false);
    }
    expect(findForbiddenText({ a: 'ok', list: [{ b: 'ok' }, { c: 'no\u0000' }] })).toEqual({
      field: 'list.1.c',
      path: ['list', 1, 'c'],
    });
    expect(findForbiddenText({ ['k\u0000']: 1 })?.field).toBe('k\u0000');
    expect(findForbiddenText('\u0000')?.field).toBe('request');
    expect(findForbiddenText({ n: 1, b: true, z: null })).toBeNull();
  });

  it('bounds amounts in requests to 13 whole digits', () => {
    expect(amountInputSchema.safeParse('9999999999999.99').success).toBe(true);
    expect(amountInputSchema.safeParse('-9999999999999').success).toBe(true);
    const tooBig = amountInputSchema.safeParse('92233720368547758.07');
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]).toMatchObject({
      code: 'custom',
      params: { rule: 'too_big', limit: 9999999999999 },
    });
  });

  it('stores names and references normalised, without markup', () => {
    const name = plainTextSchema({ min: 2, max: 10 });
    // "é" as e + combining accent becomes the one precomposed character; spaces collapse.
    expect(name.parse('  Jose\u0301   Ali \t\n ')).toBe('José Ali');
    const markup = name.safeParse('<b>x</b>');
    expect(markup.error?.issues[0]).toMatchObject({ params: { rule: 'invalid_characters' } });
    expect(name.safeParse('a'.repeat(11)).success).toBe(false);
    expect(name.safeParse('   a   ').success).toBe(false);
    const account = calls.bindPayoutAccount.body!.shape.accountName;
    expect(account.parse(' Md.  Rahim\u00a0Uddin ')).toBe('Md. Rahim Uddin');
    const reference = calls.createDeposit.body!.shape.reference;
    expect(reference.safeParse('TRX <script>').success).toBe(false);
  });
});
