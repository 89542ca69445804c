import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSealer, importSealingKey, sealBody, type SealedEnvelope } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { serverSecrets } from '../secrets/secrets.tables.ts';
import { envelopeKeysFromPem, openEnvelope } from './envelope.service.ts';
import { testEnvDefaults } from '../../test/helper.ts';
import { solveAltcha } from '../accounts/accounts.test-support.ts';

let sut: TestApp | undefined;
afterEach(async () => {
  await sut?.close();
  sut = undefined;
});

describe('sealing (contract) and opening (server)', () => {
  const keys = envelopeKeysFromPem(testEnvDefaults.ENVELOPE_PRIVATE_KEY!);

  it('round-trips a body, unicode included', async () => {
    const body = { username: 'অমিত', password: 'p@ss wörd', nested: { list: [1, 2, 3] } };
    const sealed = await sealBody(await importSealingKey(keys.spki), body);
    expect(Object.keys(sealed).sort()).toEqual(['data', 'iv', 'key']);
    expect(JSON.stringify(sealed)).not.toContain('wörd');
    expect(openEnvelope(keys, sealed)).toEqual(body);
  });

  it('refuses a plain body and a tampered envelope', async () => {
    expect(() => openEnvelope(keys, { username: 'x' })).toThrow(
      expect.objectContaining({ code: 'ENCRYPTION_REQUIRED' }),
    );
    const sealed = await sealBody(await importSealingKey(keys.spki), { a: 1 });
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    const tampered: SealedEnvelope = { ...sealed, data: data.toString('base64') };
    expect(() => openEnvelope(keys, tampered)).toThrow(expect.objectContaining({ code: 'ENVELOPE_INVALID' }));
  });

  it('loads the key once through createSealer and again after forget()', async () => {
    let loads = 0;
    const seal = createSealer(async () => {
      loads += 1;
      return { spki: keys.spki };
    });
    await seal({ a: 1 });
    await seal({ a: 2 });
    expect(loads).toBe(1);
    seal.forget();
    expect(openEnvelope(keys, await seal({ a: 3 }))).toEqual({ a: 3 });
    expect(loads).toBe(2);
  });
});

describe('encrypted calls', () => {
  it('refuse a plain body with ENCRYPTION_REQUIRED before any validation', async () => {
    sut = await buildTestApp();
    const response = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'demoplayer', password: 'Player-demo-2026', altcha: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'ENCRYPTION_REQUIRED' });
  });

  it('validate the opened body and name the field', async () => {
    sut = await buildTestApp();
    const key = (await sut.app.inject('/wps/system/publicKey')).json().value;
    expect(key).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM', keyId: expect.any(String) });
    const sealed = await sealBody(await importSealingKey(key.spki), {
      type: 'username',
      password: 'x',
      altcha: await solveAltcha(sut),
    });
    const response = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: sealed as never,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().value.issues).toContainEqual(expect.objectContaining({ field: 'username' }));
  });

  it('make a key on first use, keep it in the database and serve the same one afterwards', async () => {
    sut = await buildTestApp({ env: { ENVELOPE_PRIVATE_KEY: '' } });
    const first = (await sut.app.inject('/wps/system/publicKey')).json().value;
    const [stored] = await sut.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'envelope-rsa-private-key'));
    expect(stored?.value).toContain('PRIVATE KEY');
    expect(envelopeKeysFromPem(stored!.value).spki).toBe(first.spki);
    expect(first.spki).not.toBe(envelopeKeysFromPem(testEnvDefaults.ENVELOPE_PRIVATE_KEY!).spki);
  });
});
