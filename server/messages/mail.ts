/**
 * Where e-mail goes (docs/adr/0100-message-delivery.md): an SMTP server through nodemailer's pool (SMTP_URL), or,
 * without one, the built-in mailbox: the same message, built by the same nodemailer composer byte for byte, stored
 * in `mailbox` and shown at `/dev/mailbox` (server/messages/mailbox-page.ts).
 *
 * Every failure is classified for the worker: `permanent` (the server refused this message or recipient, 5xx:
 * retrying cannot help), `connection` (the server could not be reached or dropped us: retried until it is back),
 * `temporary` (4xx and anything else: retried up to the limit).
 */
import { createTransport } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { InlineImage } from './email/render.ts';
import { oneLine } from './one-line.ts';

export interface OutgoingMail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** `<...@...>`: derived from the message's row, the same on every try. */
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  images: InlineImage[];
  /** The `messages` row, for the mailbox. */
  outboxId: number;
}

export type FailureKind = 'permanent' | 'temporary' | 'connection';

export class DeliveryError extends Error {
  /** A push service forgot the subscription (404/410): it is dropped. */
  readonly gone: boolean;

  constructor(
    readonly kind: FailureKind,
    message: string,
    options?: { cause?: unknown; gone?: boolean },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
    this.gone = options?.gone ?? false;
  }
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the server accepted the message; rejects with a DeliveryError. */
  send(mail: OutgoingMail): Promise<{ response: string }>;
  /** Connects and greets without sending (is the server back?); rejects while it cannot be reached. */
  verify?: () => Promise<void>;
  close(): void;
}

/** nodemailer's message fields: every header value one line, the recipient's name as a quoted display name. */
function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: { name: oneLine(mail.to.name), address: oneLine(mail.to.address) },
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: Object.fromEntries(
      Object.entries(mail.headers).map(([name, value]) => [oneLine(name), oneLine(value)]),
    ),
    attachments: mail.images.map((image) => ({
      filename: image.filename,
      content: image.content,
      contentType: image.contentType,
      cid: image.cid,
      contentDisposition: 'inline' as const,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EPROXY']);

/** What a nodemailer failure means for the delivery. */
export function classifySmtpError(error: unknown): DeliveryError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const text = oneLine(e.response ?? e.message ?? String(error)).slice(0, 500);
  if (typeof e.responseCode === 'number') {
    if (e.responseCode === 421) return new DeliveryError('connection', text, { cause: error });
    if (e.responseCode >= 500 && e.responseCode !== 503 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE'))
      return new DeliveryError('permanent', text, { cause: error });
    return new DeliveryError('temporary', text, { cause: error });
  }
  if (e.code !== undefined && CONNECTION_CODES.has(e.code))
    return new DeliveryError('connection', text, { cause: error });
  return new DeliveryError('temporary', text, { cause: error });
}

/** SMTP_URL through nodemailer's pool: a few connections kept open and reused. */
export function smtpTransport(url: string, maxConnections: number): MailTransport {
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail(nodemailerMessage(mail));
        const rejected = (info.rejected ?? []).length;
        if (rejected > 0) throw new DeliveryError('permanent', oneLine(String(info.response ?? 'rejected')));
        return { response: oneLine(String(info.response ?? '')) };
      } catch (error) {
        throw error instanceof DeliveryError ? error : classifySmtpError(error);
      }
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/** Builds the raw message (RFC 5322, CRLF) exactly as it would go over SMTP. */
const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

export async function rawMessage(mail: OutgoingMail): Promise<string> {
  const info = await composer.sendMail(nodemailerMessage(mail));
  const message: unknown = info.message;
  if (Buffer.isBuffer(message)) return message.toString('utf8');
  if (typeof message === 'string') return message;
  throw new Error('the message composer gave no buffer');
}

/** No SMTP server: the message is kept in `mailbox`, where the development page shows it. */
export function mailboxTransport(db: Kysely<DB>): MailTransport {
  return {
    kind: 'mailbox',
    async send(mail) {
      const raw = await rawMessage(mail);
      await db
        .insertInto('mailbox')
        .values({
          message_id: mail.outboxId,
          message_id_header: mail.messageId,
          to_address: oneLine(mail.to.address),
          subject: oneLine(mail.subject),
          raw,
        })
        .execute();
      return { response: '250 kept in the built-in mailbox' };
    },
    close() {},
  };
}
