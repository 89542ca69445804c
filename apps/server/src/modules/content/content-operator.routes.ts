import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { actorOf } from './actor.ts';
import {
  createAnnouncement,
  createBanner,
  createPromotion,
  deleteAnnouncement,
  deleteBanner,
  deleteHelpArticle,
  deletePromotion,
  listAllAnnouncements,
  listAllBanners,
  listAllHelp,
  listAllPromotions,
  listAudit,
  orderBanners,
  saveHelpArticle,
  updateAnnouncement,
  updateBanner,
  updatePromotion,
} from './content-admin.service.ts';

/** The back office's content calls (auth 'operator'): every change is audited in its transaction. */
export async function contentOperatorRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorBanners, async ({ query }) => listAllBanners(db, query.group));
  registerCall(app, calls.createBanner, async ({ body, request }) =>
    createBanner(db, body, actorOf(request)),
  );
  registerCall(app, calls.updateBanner, async ({ body, request }) =>
    updateBanner(db, body, actorOf(request)),
  );
  registerCall(app, calls.orderBanners, async ({ body, request }) =>
    orderBanners(db, body, actorOf(request)),
  );
  registerCall(app, calls.deleteBanner, async ({ body, request }) =>
    deleteBanner(db, body.id, actorOf(request)),
  );

  registerCall(app, calls.createAnnouncement, async ({ body, request }) =>
    createAnnouncement(db, body, actorOf(request)),
  );
  registerCall(app, calls.updateAnnouncement, async ({ body, request }) =>
    updateAnnouncement(db, body, actorOf(request)),
  );
  registerCall(app, calls.deleteAnnouncement, async ({ body, request }) =>
    deleteAnnouncement(db, body.id, actorOf(request)),
  );

  registerCall(app, calls.saveHelpArticle, async ({ body, request }) =>
    saveHelpArticle(db, body, actorOf(request)),
  );
  registerCall(app, calls.deleteHelpArticle, async ({ body, request }) =>
    deleteHelpArticle(db, body.id, actorOf(request)),
  );

  registerCall(app, calls.createPromotion, async ({ body, request }) =>
    createPromotion(db, body, actorOf(request)),
  );
  registerCall(app, calls.updatePromotion, async ({ body, request }) =>
    updatePromotion(db, body, actorOf(request)),
  );
  registerCall(app, calls.deletePromotion, async ({ body, request }) =>
    deletePromotion(db, body.id, actorOf(request)),
  );

  registerCall(app, calls.contentAudit, async ({ query }) => listAudit(db, query.limit));

  // The back office's lists (issue 15, back-office/site.ts in the contract).
  registerCall(app, calls.operatorAnnouncements, async ({ query }) => listAllAnnouncements(db, query.type));
  registerCall(app, calls.operatorHelpArticles, async () => listAllHelp(db));
  registerCall(app, calls.operatorPromotions, async ({ query }) => listAllPromotions(db, query.type));
}
