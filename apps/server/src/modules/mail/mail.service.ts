import { desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { mailOutbox } from './mail.tables.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes. Chosen by MAIL_PROVIDER; a failure to deliver is DELIVERY_FAILED. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export function createOutboxMailProvider(db: Database): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
    },
  };
}

export function createSmtpMailProvider({ url, from }: { url: string; from: string }): MailProvider {
  const transport = createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch {
        throw new AppError('DELIVERY_FAILED');
      }
    },
  };
}

export function createMailProvider(db: Database, env: Env): MailProvider {
  switch (env.MAIL_PROVIDER) {
    case 'outbox':
      return createOutboxMailProvider(db);
    case 'smtp':
      // env.ts refuses MAIL_PROVIDER=smtp without SMTP_URL.
      return createSmtpMailProvider({ url: env.SMTP_URL!, from: env.MAIL_FROM });
  }
}

/** Mailings queued or running in this process (sendAfterAnswer). */
const pending = new Set<Promise<void>>();

/**
 * Mail sent after the answer (issue 35, item 5): a call that may or may not mail (forgot password
 * by email) hands its mailing work here and answers at once, so neither the time of the transport
 * (a slow SMTP server) nor the work only a real match does (a token, a mail) shows in the answer.
 * The work starts once the caller's handler has returned, in this process; a failure becomes a
 * process warning (the caller has long been answered). A process that dies in between loses the
 * mail as a lost mail is lost: the person asks for a new link. Never throws into the caller.
 */
export function sendAfterAnswer(work: () => Promise<void>, what = 'a queued mail'): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      process.emitWarning(`${what} was not sent: ${reason}`, { code: 'KHELA_MAIL_QUEUE' });
    })
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Settles once every queued mailing has finished (tests, and a clean shutdown). */
export async function mailQueueIdle(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** The latest outbox mails, newest first; only those to one address when `to` is given. */
export async function listMailOutbox({ db, to, limit }: { db: Database; to?: string; limit: number }) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.getTime(),
  }));
}
