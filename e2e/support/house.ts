import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './api.ts';

/**
 * Plays house dice (98 % to win, RTP 99 %) through the house API from the member's page, as the
 * game's frame would: the platform's launch, the house session, then `rounds` rounds of `bet` minor
 * units. Answers each round's HTTP status; a refused round throws with the house's answer. The catalogue must be synced (operator games sync).
 */
export async function playHouseDice(page: Page, baseUrl: string, token: string, rounds: number, bet: number) {
  const games = await callApi(baseUrl, {
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=50',
  });
  const dice = (games.body.value as { games: { nodeId: number; gameCode: string }[] }).games.find(
    (entry) => entry.gameCode === 'dice',
  );
  expect(dice, JSON.stringify(games.body).slice(0, 300)).toBeTruthy();
  const launched = await callApi(baseUrl, {
    method: 'POST',
    path: '/wps/game/launchGame',
    token,
    body: { nodeId: dice!.nodeId, language: 'EN', theme: 'light' },
  });
  const launchToken = new URL((launched.body.value as { content: string }).content, baseUrl).searchParams.get(
    'token',
  );
  const played = await page.evaluate(
    async ({ launch, count, stake }) => {
      const opened = await fetch('/house/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: launch, game: 'dice' }),
      });
      const { sessionToken } = (await opened.json()) as { sessionToken: string };
      const statuses: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const answer = await fetch('/house/api/rounds', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
          body: JSON.stringify({ game: 'dice', bet: stake, inputs: { target: 9800, direction: 'under' } }),
        });
        statuses.push(answer.status);
        if (answer.status !== 200) return { statuses, refusal: `${answer.status} ${await answer.text()}` };
      }
      return { statuses, refusal: null };
    },
    { launch: launchToken, count: rounds, stake: bet },
  );
  // The first refusal stops the play and names its reason.
  if (played.refusal) throw new Error(`house round ${played.statuses.length} refused: ${played.refusal}`);
  return played.statuses;
}
