import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, solveAltcha } from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { agentLinks } from './agents.tables.ts';
import { maxLinksPerAgent } from './agents.links.service.ts';
import {
  agentHost,
  agentLogin,
  buildTeams,
  playerLogin,
  snapshot,
  type Teams,
} from './agents.team.test-support.ts';

let teams: Teams;
beforeAll(async () => {
  teams = await buildTeams();
});
afterAll(async () => {
  await teams.close();
});

const links = (token: string = teams.a) =>
  call(teams.sut, { method: 'GET', url: '/wps/agent/links', token, host: agentHost });
const createLink = (body: unknown, token: string = teams.a) =>
  call(teams.sut, { method: 'POST', url: '/wps/agent/links', body, token, host: agentHost });

async function registerWith(username: string, code: string) {
  const { captchaId, answer } = await createCaptcha({ db: teams.sut.db, ttlSeconds: 60 });
  return call(teams.sut, {
    method: 'PUT',
    url: '/wps/member/register',
    sealed: true,
    body: {
      username,
      password: 'Sunny-river-42',
      confirmPassword: 'Sunny-river-42',
      ageConfirmed: true,
      termsVersion: '1',
      paymentPassword: '135790',
      affiliateCode: code,
      captchaId,
      captcha: answer,
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: false,
      altcha: await solveAltcha(teams.sut),
    },
  });
}

const memberRow = async (account: string) =>
  (await teams.sut.db.select().from(members).where(eq(members.account, account)))[0];

describe('agentLinks and agentCreateLink', () => {
  it("shows the agent's own code as its first member link, with the member-site url and a QR code", async () => {
    const answer = await links();
    expect(answer.status).toBe(200);
    expect(answer.body.value).toHaveLength(1);
    expect(answer.body.value[0]).toMatchObject({
      code: 'TAOWN1',
      kind: 'member',
      url: 'http://localhost/register?affiliateCode=TAOWN1',
      registrations: 0,
    });
    expect(answer.body.value[0].qrCode).toMatch(/^data:image\/png;base64,/);
    // Listing again makes no second row.
    expect((await links()).body.value).toHaveLength(1);
  });

  it('makes links whose registrations join the team as players or agents (type 1), counted', async () => {
    const agentLink = await createLink({ kind: 'agent' });
    expect(agentLink.status).toBe(200);
    expect(agentLink.body.value).toMatchObject({ kind: 'agent', registrations: 0 });
    expect(agentLink.body.value.url).toBe(
      `http://localhost/register?affiliateCode=${agentLink.body.value.code}`,
    );
    const playerLink = await createLink({ kind: 'member' });

    expect((await registerWith('linkagent1', agentLink.body.value.code.toLowerCase())).status).toBe(200);
    expect((await registerWith('linkplayer1', playerLink.body.value.code)).status).toBe(200);
    // The agent's own invitation code still works, and counts on its link.
    expect((await registerWith('ownplayer1', 'taown1')).status).toBe(200);
    expect(await memberRow('linkagent1')).toMatchObject({ uplineId: teams.ids.ta, type: 1 });
    expect(await memberRow('linkplayer1')).toMatchObject({ uplineId: teams.ids.ta, type: 0 });
    expect(await memberRow('ownplayer1')).toMatchObject({ uplineId: teams.ids.ta, type: 0 });

    const listed = (await links()).body.value as { code: string; registrations: number }[];
    expect(listed.map((link) => link.code)).toEqual([
      'TAOWN1',
      agentLink.body.value.code,
      playerLink.body.value.code,
    ]);
    expect(listed.map((link) => link.registrations)).toEqual([1, 1, 1]);
    const downlines = await call(teams.sut, {
      method: 'GET',
      url: '/wps/agent/downlines?username=link',
      token: teams.a,
      host: agentHost,
    });
    expect(downlines.body.value.total).toBe(2);
  });

  it('refuses an unknown code at registration, creating nothing', async () => {
    const answer = await registerWith('nolinkplayer', 'NOSUCH99');
    expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_AFFILIATE_CODE']);
    expect(await memberRow('nolinkplayer')).toBeUndefined();
  });

  it('stops at the most links per agent and refuses bad input and players, changing nothing', async () => {
    const player = await playerLogin(teams.sut, 'ta_player');
    const before = await snapshot(teams);
    expect((await createLink({ kind: 'boss' })).status).toBe(400);
    expect((await createLink({})).status).toBe(400);
    expect((await createLink({ kind: 'member' }, player)).status).toBe(403);
    expect((await links(player)).status).toBe(403);
    expect(await snapshot(teams)).toBe(before);

    const have = (await links()).body.value.length as number;
    for (let index = have; index < maxLinksPerAgent; index += 1) {
      expect((await createLink({ kind: 'member' })).status).toBe(200);
    }
    const over = await createLink({ kind: 'member' });
    expect([over.status, over.body.value.issues[0].field]).toEqual([400, 'kind']);
    const [count] = await teams.sut.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentLinks)
      .where(eq(agentLinks.agentId, teams.ids.ta!));
    expect(count?.n).toBe(maxLinksPerAgent);
    // Another agent's links are theirs alone.
    const b = (await links(await agentLogin(teams.sut, 'tb'))).body.value as { code: string }[];
    expect(b.map((link) => link.code)).toEqual(['TBOWN1']);
  });
});
