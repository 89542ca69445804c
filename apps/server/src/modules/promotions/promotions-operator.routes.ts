import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  listBonusClaims,
  listBonusPromotions,
  pauseBonusRule,
  removeBonusRule,
  saveBonusRule,
} from './bonus-admin.service.ts';
import { listReferralRewards, voidReferralReward } from './referral-admin.service.ts';
import { decideApplication, getApplicationImage, listApplications } from './application.service.ts';

/**
 * The back office's bonus promotions (issue 39 item 4; docs/back-office-promotions.md): the rules
 * with their figures, save, pause and remove (each audited in its transaction), the claims; the
 * referral rewards (docs/back-office-promotions.md "Money → Referral rewards") and the void of a
 * waiting one (audited in its transaction); the bonus
 * applications to review, their pictures and the decision (four eyes from the brand's threshold).
 */
export async function promotionOperatorRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorBonusRules, async () => listBonusPromotions(db, await getSettings(db)));

  registerCall(app, calls.operatorBonusRuleSave, async ({ body, request }) =>
    saveBonusRule(db, request, await getSettings(db), body),
  );

  registerCall(app, calls.operatorBonusRulePause, async ({ body, request }) =>
    pauseBonusRule(db, request, body),
  );

  registerCall(app, calls.operatorBonusRuleRemove, async ({ body, request }) =>
    removeBonusRule(db, request, body),
  );

  registerCall(app, calls.operatorBonusClaims, async ({ query }) =>
    listBonusClaims(db, await getSettings(db), query),
  );

  registerCall(app, calls.operatorReferralRewards, async ({ query }) =>
    listReferralRewards(db, await getSettings(db), query),
  );

  registerCall(app, calls.operatorReferralRewardVoid, async ({ body, request }) =>
    voidReferralReward(db, request, await getSettings(db), body),
  );

  registerCall(app, calls.operatorBonusApplications, async ({ query }) =>
    listApplications(db, await getSettings(db), query),
  );

  registerCall(app, calls.operatorBonusApplicationImage, async ({ query }) => getApplicationImage(db, query));

  registerCall(app, calls.operatorBonusApplicationDecide, async ({ body, request }) =>
    decideApplication(db, request, await getSettings(db), body),
  );
}
