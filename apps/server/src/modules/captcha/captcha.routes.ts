import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { createCaptcha } from './captcha.service.ts';

export async function captchaRoutes(app: FastifyInstance) {
  registerCall(
    app,
    calls.captcha,
    async ({ reply }) => {
      const { captchaId, image, expiresInSeconds } = await createCaptcha({
        db: app.db,
        ttlSeconds: app.env.CAPTCHA_TTL_SECONDS,
      });
      reply.header('cache-control', 'no-store');
      return { captchaId, image, expiresInSeconds };
    },
    // The web throttles clicks to one a second; this caps a script.
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
}
