import type { FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { z } from 'zod';
import { resolveSession } from '../accounts/session.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { onWalletChanged } from '../wallet/wallet.events.ts';
import { getWalletBalance } from '../wallet/wallet.service.ts';
import { coalescePerKey } from './coalesce.ts';

/** Where the web's realtime socket connects. */
export const realtimePath = '/wps/ws';
/** A socket must say who it is this soon after opening. */
const authTimeoutMs = 10_000;
const pingIntervalMs = 30_000;
/**
 * A member's balance is pushed (and, with Redis, announced) at most once per this window, plus at
 * once for the first movement: a slot session's debits and credits come many a second.
 */
export const balancePushWindowMs = 200;

const authMessage = z.object({ type: z.literal('auth'), token: z.string().min(16).max(128) });

interface Subscriber {
  socket: WebSocket;
  token: string;
}

/**
 * Pushes over a WebSocket (docs/design.md, Runtime): today the member's balance whenever their wallet
 * changes. The page opens the socket and sends `{ type: 'auth', token }` (the token never goes in
 * the URL, which proxies log); the server answers `{ type: 'balance', value }` at once and after
 * every movement (coalesced: at most one push per member per `balancePushWindowMs`, with the balance
 * read when it is sent). With REDIS_URL every instance hears every movement (pub/sub), so a member's
 * page connected to one instance sees money moved by another; without it, one instance is assumed.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  // @fastify/websocket is registered on the root app (app.ts), so tests can use app.injectWS.
  const { db } = app;
  const subscribers = new Map<number, Set<Subscriber>>();

  async function pushBalance(memberId: number): Promise<void> {
    const listening = subscribers.get(memberId);
    if (!listening || listening.size === 0) return;
    const settings = await getSettings(db);
    for (const subscriber of listening) {
      // A session that ended (logout, password change, expiry) hears nothing more.
      const resolved = await resolveSession({ db, env: app.env, token: subscriber.token, touch: false });
      if (resolved.state !== 'valid') {
        subscriber.socket.close(4401, 'session ended');
        continue;
      }
      const value = await getWalletBalance({
        db,
        money: settings,
        memberId,
        memberType: resolved.session.type,
      });
      if (subscriber.socket.readyState === subscriber.socket.OPEN) {
        subscriber.socket.send(JSON.stringify({ type: 'balance', value }));
      }
    }
  }

  const deliver = (memberId: number) => {
    pushBalance(memberId).catch((error: unknown) => app.log.warn({ err: error }, 'balance push failed'));
  };
  const pushes = coalescePerKey(balancePushWindowMs, deliver);
  app.addHook('onClose', async () => pushes.stop());

  if (app.redis) {
    // One connection publishes (the shared client), another only listens (a subscribed ioredis
    // connection can do nothing else).
    const publisher = app.redis;
    // Under the site's REDIS_PREFIX: sites (and test apps) sharing a Redis do not hear each other.
    const redisChannel = `${app.env.REDIS_PREFIX}wallet-changed`;
    const listener = publisher.duplicate();
    listener.on('error', (error) => app.log.warn({ err: error }, 'redis listener error'));
    await listener.subscribe(redisChannel);
    listener.on('message', (_channel, message) => {
      const memberId = Number(message);
      if (Number.isInteger(memberId)) pushes.raise(memberId);
    });
    // Announced at most once per window per member too: one Redis round trip per movement was one
    // per debit and per credit.
    const announcements = coalescePerKey(balancePushWindowMs, (memberId: number) => {
      publisher.publish(redisChannel, String(memberId)).catch(() => deliver(memberId));
    });
    const stop = onWalletChanged(db, announcements.raise);
    app.addHook('onClose', async () => {
      stop();
      announcements.stop();
      await listener.quit().catch(() => listener.disconnect());
    });
  } else {
    // A member with no page open here costs nothing more.
    const stop = onWalletChanged(db, (memberId) => {
      if (subscribers.has(memberId)) pushes.raise(memberId);
    });
    app.addHook('onClose', async () => stop());
  }

  app.get(realtimePath, { websocket: true }, (socket) => {
    let subscriber: Subscriber | null = null;
    let memberId: number | null = null;
    const authTimer = setTimeout(() => socket.close(4401, 'no auth'), authTimeoutMs);
    const pinger = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.ping();
    }, pingIntervalMs);
    pinger.unref();

    socket.on('message', (raw: Buffer) => {
      if (subscriber) return; // nothing else is expected from the page
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        socket.close(4400, 'bad message');
        return;
      }
      const message = authMessage.safeParse(parsed);
      if (!message.success) {
        socket.close(4400, 'bad message');
        return;
      }
      void resolveSession({ db, env: app.env, token: message.data.token }).then(
        (resolved) => {
          clearTimeout(authTimer);
          // A session that must change its password first hears nothing (authorize.ts).
          if (resolved.state !== 'valid' || resolved.session.passwordChangeRequired) {
            socket.close(4401, 'not a member session');
            return;
          }
          memberId = resolved.session.memberId;
          subscriber = { socket, token: message.data.token };
          const set = subscribers.get(memberId) ?? new Set<Subscriber>();
          set.add(subscriber);
          subscribers.set(memberId, set);
          socket.send(JSON.stringify({ type: 'ready' }));
          deliver(memberId);
        },
        () => socket.close(1011, 'server error'),
      );
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(pinger);
      if (memberId === null || !subscriber) return;
      const set = subscribers.get(memberId);
      set?.delete(subscriber);
      if (set && set.size === 0) subscribers.delete(memberId);
    });
  });
}
