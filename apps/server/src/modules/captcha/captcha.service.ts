import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import svgCaptchaModule from 'svg-captcha';
import type { Database } from '../../db/database.ts';
import { captchas } from './captcha.tables.ts';

// svg-captcha's default export renders a given text; its typings only declare the helpers.
const renderCaptcha = svgCaptchaModule as unknown as (
  text: string,
  options: { width: number; height: number; noise: number; color: boolean; fontSize: number },
) => string;

/** No 0/O, 1/I/l, 5/S, 2/Z: characters a person reads one way only. */
const CHARACTERS = 'abcdefghjkmnpqrtuvwxy346789';
const LENGTH = 4;

function hashAnswer(captchaId: string, answer: string): Buffer {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest();
}

/**
 * A new captcha. The text is chosen with node:crypto (svg-captcha's own picker uses Math.random)
 * and only its hash is kept. The image is SVG, served as a base64 data URL: no pure-JS
 * rasteriser ships with svg-captcha, and every browser shows SVG in an <img>.
 */
export async function createCaptcha({
  db,
  ttlSeconds,
}: {
  db: Database;
  ttlSeconds: number;
}): Promise<{ captchaId: string; image: string; expiresInSeconds: number; answer: string }> {
  const answer = Array.from({ length: LENGTH }, () => CHARACTERS[randomInt(CHARACTERS.length)]).join('');
  const captchaId = randomUUID();
  const svg = renderCaptcha(answer, { width: 120, height: 40, noise: 2, color: true, fontSize: 44 });
  await db.insert(captchas).values({
    id: captchaId,
    answerHash: hashAnswer(captchaId, answer).toString('hex'),
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
  return {
    captchaId,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
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
