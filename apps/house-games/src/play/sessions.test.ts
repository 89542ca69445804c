import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hgSessions } from '../db/tables.ts';
import { useHouse } from '../test/house-harness.ts';

const house = useHouse();

const post = (url: string, payload: object, authorization?: string) =>
  house.api(authorization).post(url, payload);

describe('POST /api/session (launch token exchange)', () => {
  it('exchanges a launch token for a house session, keeping the platform session server-side', async () => {
    const token = house.platform.launch({ playerId: 's1', balance: 5_000 });
    const response = await post('/api/session', { token, game: 'dice' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      ok: true,
      player: { nickname: 'nick-s1', currency: 'BDT' },
      balance: 5_000,
      fair: { clientSeed: expect.any(String), nonce: 0 },
      openRound: null,
    });
    expect(body.fair.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain('sessionId');
    expect(response.headers['cache-control']).toBe('no-store');

    const state = await house.app.inject({
      method: 'GET',
      url: '/house/api/state?game=dice',
      headers: { authorization: `Bearer ${body.sessionToken}` },
    });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      balance: 5_000,
      fair: { serverSeedHash: body.fair.serverSeedHash },
    });
  });

  it('refuses a launch token used twice, and an unknown one', async () => {
    const token = house.platform.launch({ playerId: 's2' });
    expect((await post('/api/session', { token, game: 'dice' })).statusCode).toBe(200);
    const again = await post('/api/session', { token, game: 'dice' });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const unknown = await post('/api/session', { token: 'x'.repeat(43), game: 'dice' });
    expect(unknown.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses bad input and an unknown game without calling the platform', async () => {
    const calls = house.platform.calls.length;
    expect((await post('/api/session', { token: 'short', game: 'dice' })).json()).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await post('/api/session', { game: 'dice' })).statusCode).toBe(400);
    const unknownGame = await post('/api/session', {
      token: house.platform.launch({ playerId: 's3' }),
      game: 'poker',
    });
    expect(unknownGame.statusCode).toBe(404);
    expect(unknownGame.json()).toMatchObject({ code: 'UNKNOWN_GAME' });
    expect(house.platform.calls.length).toBe(calls);
  });

  it('refuses calls without a session, with a made-up one, and after the session went idle', async () => {
    const none = await house.app.inject({ method: 'GET', url: '/house/api/state?game=dice' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    const madeUp = await house.app.inject({
      method: 'GET',
      url: '/house/api/fair',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(madeUp.statusCode).toBe(401);

    const { authorization } = await house.openSession({ playerId: 's4', game: 'dice' });
    await house.db.update(hgSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    const idle = await house.app.inject({
      method: 'GET',
      url: '/house/api/fair',
      headers: { authorization },
    });
    expect(idle.statusCode).toBe(401);
  });
});
