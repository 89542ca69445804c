import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { pruneExpiredAccountRows } from '../accounts/accounts.cleanup.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from './captcha-image.ts';
import { checkCaptcha, createCaptcha } from './captcha.service.ts';
import { captchas } from './captcha.tables.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('image captcha', () => {
  it('renders a PNG data URL from the unambiguous alphabet and keeps only a hash of the answer', async () => {
    const made = await createCaptcha({ db: database.db, ttlSeconds: 60 });
    expect(made.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    expect(made.answer).not.toMatch(/[0o1li]/);
    expect(made.image.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(made.image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Pixels only: no outline, path or text in the picture that a script could read back.
    expect(png.toString('latin1')).not.toMatch(/<svg|<path|tEXt/);
    const rows = await database.db.select().from(captchas);
    expect(JSON.stringify(rows)).not.toContain(`"${made.answer}"`);
  });

  it('takes one guess per captcha, case-insensitive', async () => {
    const right = await createCaptcha({ db: database.db, ttlSeconds: 60 });
    expect(
      await checkCaptcha({ db: database.db, captchaId: right.captchaId, answer: right.answer.toUpperCase() }),
    ).toBe(true);
    expect(await checkCaptcha({ db: database.db, captchaId: right.captchaId, answer: right.answer })).toBe(
      false,
    );
    const wrongFirst = await createCaptcha({ db: database.db, ttlSeconds: 60 });
    expect(await checkCaptcha({ db: database.db, captchaId: wrongFirst.captchaId, answer: 'zzzz' })).toBe(
      false,
    );
    expect(
      await checkCaptcha({ db: database.db, captchaId: wrongFirst.captchaId, answer: wrongFirst.answer }),
    ).toBe(false);
  });

  it('expires', async () => {
    const made = await createCaptcha({ db: database.db, ttlSeconds: 60 });
    await database.db.update(captchas).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await checkCaptcha({ db: database.db, captchaId: made.captchaId, answer: made.answer })).toBe(
      false,
    );
    expect(await checkCaptcha({ db: database.db, captchaId: undefined, answer: made.answer })).toBe(false);
    await createCaptcha({ db: database.db, ttlSeconds: 60 });
    await pruneExpiredAccountRows(database.db);
    expect(await database.db.select().from(captchas)).toHaveLength(1);
  });
});
