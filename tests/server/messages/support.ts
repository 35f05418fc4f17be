/**
 * The messages tests' app: the real app on a fresh database, sending e-mail to a real SMTP server started by the
 * test (tests/support/smtp-server.ts), with short retries so a test can watch them happen.
 */
import { sql } from 'kysely';
import type { Config } from '#server/config.ts';
import type { MessagesOptions } from '#server/messages/index.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../support/smtp-server.ts';
import { startTestApp, testConfig, type TestApp } from '#tests/support/server/app.ts';

export const MAIL_FROM = 'Distributor portal <no-reply@portal.test>';

export interface MessagesTestApp {
  t: TestApp;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

export async function startMessagesApp(
  options: {
    config?: Partial<Config>;
    /** Merged into the short retries below. */
    delivery?: Partial<Config['messages']>;
    messages?: MessagesOptions;
    smtp?: TestSmtpServer;
  } = {},
): Promise<MessagesTestApp> {
  const smtp = options.smtp ?? (await startSmtpServer());
  const config = testConfig();
  const t = await startTestApp({
    config: {
      mail: { smtpUrl: smtp.url, from: MAIL_FROM },
      messages: { ...config.messages, retryBaseMs: 50, retryMaxMs: 400, maxAttempts: 3, ...options.delivery },
      ...options.config,
    },
    messages: { worker: { probeMs: 100, pollMs: 50 }, ...options.messages },
    // The card acquirer's sandbox calls the portal back over HTTP (payment messages are written there).
    listen: true,
  });
  return {
    t,
    smtp,
    async close() {
      await t.close();
      if (options.smtp === undefined) await smtp.close();
    },
  };
}

/** Mails to `address` (newest last). */
export function mailsTo(smtp: TestSmtpServer, address: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(address));
}

/** The first link into the app in a mail's text part that starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const text = mail.parsed.text ?? '';
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(text);
  if (match === null) throw new Error(`no link to ${path} in:\n${text}`);
  return new URL(match[0]);
}

export async function setLang(t: TestApp, email: string, lang: string): Promise<void> {
  await t.db
    .updateTable('users')
    .set({ lang: lang as never })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Delivery rows of the messages of `event` for `userId`, oldest first. */
export async function deliveriesOf(t: TestApp, where: { event?: string; userId?: number }) {
  let query = t.db
    .selectFrom('message_deliveries as d')
    .innerJoin('messages as m', 'm.id', 'd.message_id')
    .select([
      'd.id',
      'd.state',
      'd.attempts',
      'd.channel',
      'd.last_error',
      'm.event',
      'm.key',
      'm.secret',
      'm.id as message_id',
    ])
    .orderBy('d.id');
  if (where.event !== undefined) query = query.where('m.event', '=', where.event);
  if (where.userId !== undefined) query = query.where('m.user_id', '=', where.userId);
  return query.execute();
}
