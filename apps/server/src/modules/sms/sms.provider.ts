import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { smsOutbox } from './sms.tables.ts';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  body: string;
}

/** Where SMS go. Chosen by SMS_PROVIDER; a failure to deliver is DELIVERY_FAILED. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Keeps every message in sms_outbox, for the demo, the operator and the tests. */
export function createOutboxSmsProvider(db: Database): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ to: message.to, body: message.body });
    },
  };
}

/**
 * A generic HTTP SMS gateway: POST JSON `{ to, from, text }` with a bearer token, any 2xx is
 * accepted. Most gateways take this shape or need only a few lines of mapping here.
 */
export function createHttpSmsProvider(options: {
  url: string;
  token: string | undefined;
  sender: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http',
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: message.to, from: options.sender, text: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new AppError('DELIVERY_FAILED');
      }
      if (!response.ok) throw new AppError('DELIVERY_FAILED');
    },
  };
}

export function createSmsProvider(db: Database, env: Env): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case 'outbox':
      return createOutboxSmsProvider(db);
    case 'http':
      // env.ts refuses SMS_PROVIDER=http without SMS_HTTP_URL.
      return createHttpSmsProvider({
        url: env.SMS_HTTP_URL!,
        token: env.SMS_HTTP_TOKEN,
        sender: env.SMS_HTTP_SENDER,
      });
  }
}
