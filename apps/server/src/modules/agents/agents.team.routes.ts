import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { downlineContext } from '../accounts/downline.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { createLink, listLinks } from './agents.links.service.ts';
import { agentRevenue, teamBetting, teamProfitLoss, teamTransactions } from './agents.reports.ts';
import { downlineDetail, registerDownline, setDownlineStatus } from './agents.team.manage.ts';
import { listDownlines, moneyOf, teamOverview } from './agents.team.ts';

/**
 * The origin of the member site for a link: the brand's first member domain (settings `domains`),
 * with the scheme and port the caller used; without one, the caller's own host.
 */
function memberSiteOf(settings: SiteSettings, request: FastifyRequest): string {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const domain = settings.domains.find((entry) => entry.site === 'member')?.domain;
  const host = domain ? `${domain}${port ? `:${port}` : ''}` : request.host;
  return `${request.protocol}://${host}`;
}

/**
 * The agent's team calls (issue 14): team overview, downline registration and affiliate links, team
 * management, team betting, profit and loss, income, account details. Every answer is scoped to
 * the caller's own team (agents.team.ts); the caller is always the session's agent.
 */
export async function agentTeamRoutes(app: FastifyInstance) {
  const { db } = app;
  const caller = async (request: FastifyRequest) => {
    const session = sessionOf(request);
    const settings = await getSettings(db);
    return { agentId: session.memberId, account: session.account, settings, money: moneyOf(settings) };
  };

  registerCall(app, calls.agentTeamOverview, async ({ query, request }) => {
    const { agentId, money } = await caller(request);
    return teamOverview(db, { agentId, money, query });
  });

  registerCall(app, calls.agentRegisterDownline, async ({ body, request }) => {
    const { agentId, settings, money } = await caller(request);
    return registerDownline({
      context: downlineContext({ db, env: app.env, settings, ip: request.ip }),
      agentId,
      money,
      body,
    });
  });

  registerCall(app, calls.agentLinks, async ({ request }) => {
    const { agentId, settings } = await caller(request);
    return listLinks(db, { agentId, memberSite: memberSiteOf(settings, request) });
  });

  registerCall(app, calls.agentCreateLink, async ({ body, request }) => {
    const { agentId, settings } = await caller(request);
    return createLink(db, { agentId, kind: body.kind, memberSite: memberSiteOf(settings, request) });
  });

  registerCall(app, calls.agentDownlines, async ({ query, request }) => {
    const { agentId, account, money } = await caller(request);
    return listDownlines(db, { agentId, agentAccount: account, money, filter: query });
  });

  registerCall(app, calls.agentDownlineDetail, async ({ query, request }) => {
    const { agentId, money } = await caller(request);
    return downlineDetail(db, { agentId, username: query.username, money });
  });

  registerCall(app, calls.agentDownlineStatus, async ({ body, request }) => {
    const { agentId, money } = await caller(request);
    return setDownlineStatus(db, { agentId, money, body });
  });

  registerCall(app, calls.agentTeamBetting, async ({ query, request }) => {
    const { agentId, settings, money } = await caller(request);
    const { language, ...rest } = query;
    return teamBetting(db, {
      agentId,
      money,
      language: resolveLanguage(
        language,
        request.headers.language,
        settings.defaultLanguage,
        settings.languages,
      ),
      query: rest,
    });
  });

  registerCall(app, calls.agentProfitLoss, async ({ query, request }) => {
    const { agentId, money } = await caller(request);
    return teamProfitLoss(db, { agentId, money, query });
  });

  registerCall(app, calls.agentRevenue, async ({ query, request }) => {
    const { agentId, money } = await caller(request);
    return agentRevenue(db, { agentId, money, query });
  });

  registerCall(app, calls.agentTeamTransactions, async ({ query, request }) => {
    const { agentId, money } = await caller(request);
    return teamTransactions(db, { agentId, money, query });
  });
}
