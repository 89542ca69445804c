import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, type LanguageCode } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  getHelpCenter,
  getPromotion,
  listAnnouncements,
  listBanners,
  listPromotions,
} from './content.service.ts';
import { contentOperatorRoutes } from './content-operator.routes.ts';
import { uploadRoutes } from './uploads.ts';

/** Public content: banners, announcements, help centre, promotions (spec 7 Home, helpCenter). */
export async function contentRoutes(app: FastifyInstance) {
  const { db } = app;

  async function languageOf(request: FastifyRequest, fromQuery: LanguageCode | undefined) {
    const settings = await getSettings(db);
    return resolveLanguage(fromQuery, request.headers.language, settings.defaultLanguage, settings.languages);
  }

  /**
   * Public content is the same for every visitor of a language: the answers are shared by the
   * instances for a few seconds (registerCall's `shared`; a scheduled item may so appear that much
   * later) and dropped everywhere when an operator changes content or the settings.
   */
  const shared = {
    tags: ['settings', 'content'] as const,
    vary: (request: FastifyRequest) => languageOf(request, undefined),
  };

  registerCall(
    app,
    calls.banners,
    async ({ query, request }) =>
      listBanners(db, { group: query.group, language: await languageOf(request, query.language) }),
    { shared },
  );

  registerCall(
    app,
    calls.announcements,
    async ({ query, request }) => ({
      promotion: {
        content: await listAnnouncements(db, {
          types: query.types,
          language: await languageOf(request, query.language),
        }),
      },
    }),
    { shared },
  );

  registerCall(
    app,
    calls.helpCenter,
    async ({ query, request }) => getHelpCenter(db, await languageOf(request, query.language)),
    { shared },
  );

  registerCall(
    app,
    calls.promotions,
    async ({ query, request }) =>
      listPromotions(db, { type: query.type, language: await languageOf(request, query.language) }),
    { shared },
  );

  registerCall(
    app,
    calls.promotionDetail,
    async ({ query, request }) => {
      const detail = await getPromotion(db, {
        id: query.id,
        language: await languageOf(request, query.language),
      });
      if (!detail) throw new AppError('NOT_FOUND');
      return detail;
    },
    { shared },
  );

  await app.register(uploadRoutes);
  await app.register(contentOperatorRoutes);
}
