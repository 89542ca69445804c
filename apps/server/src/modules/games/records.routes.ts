import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { getSettings } from '../settings/settings.service.ts';
import { getPersonalProfit, listBettingRecord } from './records.service.ts';

/** The member's betting record and profit and loss (spec 2 personalHistoryCopy, personalProfit). */
export async function recordRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.bettingRecord, async ({ query, request }) => {
    const settings = await getSettings(db);
    const { language, ...filter } = query;
    return listBettingRecord({
      db,
      memberId: sessionOf(request).memberId,
      filter,
      view: {
        language: resolveLanguage(
          language,
          request.headers.language,
          settings.defaultLanguage,
          settings.languages,
        ),
        currency: settings.currency,
        precision: settings.currencyPrecision,
      },
    });
  });

  registerCall(app, calls.personalProfit, async ({ query, request }) => {
    const settings = await getSettings(db);
    return getPersonalProfit({
      db,
      memberId: sessionOf(request).memberId,
      query,
      money: { currency: settings.currency, precision: settings.currencyPrecision },
      timeZone: settings.timeZone,
    });
  });
}
