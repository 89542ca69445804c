import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { createHumanChallenge } from './human-check.service.ts';

export async function humanCheckRoutes(app: FastifyInstance) {
  registerCall(app, calls.humanChallenge, async () => createHumanChallenge({ db: app.db, env: app.env }), {
    rateLimit: { max: app.env.ALTCHA_CHALLENGES_PER_MINUTE, timeWindow: '1 minute' },
  });
}
