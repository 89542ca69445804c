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
