import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, renderCaptchaImage } from './captcha-image.ts';
import { captchas } from './captcha.tables.ts';

function hashAnswer(captchaId: string, answer: string): Buffer {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest();
}

/**
 * A new captcha. The text is chosen with node:crypto and only its hash is kept. The image is a PNG
 * (captcha-image.ts), served as a base64 data URL: pixels only, no glyph outlines to read back.
 */
export async function createCaptcha({
  db,
  ttlSeconds,
}: {
  db: Database;
  ttlSeconds: number;
}): Promise<{ captchaId: string; image: string; expiresInSeconds: number; answer: string }> {
  const answer = Array.from(
    { length: CAPTCHA_LENGTH },
    () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
  ).join('');
  const captchaId = randomUUID();
  const png = renderCaptchaImage(answer);
  await db.insert(captchas).values({
    id: captchaId,
    answerHash: hashAnswer(captchaId, answer).toString('hex'),
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
  return {
    captchaId,
    image: `data:image/png;base64,${png.toString('base64')}`,
    expiresInSeconds: ttlSeconds,
    answer,
  };
}

/**
 * Whether `answer` solves the captcha. The captcha is used up by any attempt, right or wrong, so
 * each image gives one guess. Case-insensitive.
 */
export async function checkCaptcha({
  db,
  captchaId,
  answer,
}: {
  db: Database;
  captchaId: string | undefined;
  answer: string | undefined;
}): Promise<boolean> {
  if (!captchaId || !answer) return false;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash, 'hex'), hashAnswer(captchaId, answer));
}

export async function pruneCaptchas(db: Database): Promise<void> {
  await db.delete(captchas).where(lte(captchas.expiresAt, sql`now()`));
}
