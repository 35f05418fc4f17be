/**
 * Where e-mail goes (docs/adr/0100-message-delivery.md): an SMTP server through nodemailer's pool (SMTP_URL), or,
 * without one, the built-in mailbox: the same message, built by the same nodemailer composer byte for byte, stored
 * in `mailbox` and shown at `/dev/mailbox` (server/messages/mailbox-page.ts).
 *
 * Every failure is classified for the worker: `permanent` (the server refused this message or recipient, 5xx:
 * retrying cannot help), `connection` (the server could not be reached or dropped us: retried until it is back),
 * `temporary` (4xx and anything else: retried up to the limit).
 */
import { Worker } from 'node:worker_threads';
import { createTransport } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { InlineImage } from './email/render.ts';
import { oneLine } from './one-line.ts';
import type { SmtpReply } from './smtp-thread.ts';

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

// No parameter properties here: smtp-thread.ts loads this module in a worker thread, where Node strips the types
// itself (under Vitest too) and accepts only erasable syntax.
export class DeliveryError extends Error {
  readonly kind: FailureKind;
  /** A push service forgot the subscription (404/410): it is dropped. */
  readonly gone: boolean;

  constructor(kind: FailureKind, message: string, options?: { cause?: unknown; gone?: boolean }) {
    super(message, options);
    this.name = 'DeliveryError';
    this.kind = kind;
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

/**
 * SMTP_URL through nodemailer's pool in a thread of its own (smtp-thread.ts, ADR 0144): the same transport, its
 * composing and sending off the main thread. The thread is started on first use and again after it died (its
 * sends in flight fail as temporary errors and are retried); it keeps the process alive only while sends wait.
 */
export function threadedSmtpTransport(url: string, maxConnections: number): MailTransport {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (response: string) => void; reject: (error: DeliveryError) => void }
  >();
  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new DeliveryError('temporary', message));
    waiting.clear();
  };
  const thread = (): Worker => {
    if (worker !== null) return worker;
    const started = new Worker(new URL('./smtp-thread.ts', import.meta.url), {
      workerData: { url, maxConnections },
    });
    started.unref();
    started.on('message', (reply: SmtpReply) => {
      const waiter = waiting.get(reply.id);
      if (waiter === undefined) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) started.unref();
      if (reply.ok) waiter.resolve(reply.response);
      else waiter.reject(new DeliveryError(reply.kind, reply.message));
    });
    const gone = (why: string) => {
      if (worker === started) worker = null;
      failAll(why);
    };
    started.on('error', (error: Error) => gone(`the SMTP thread failed: ${error.message}`));
    started.on('exit', (code) => gone(`the SMTP thread stopped (${code})`));
    worker = started;
    return started;
  };
  const ask = (op: 'send' | 'verify', mail?: OutgoingMail): Promise<string> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const target = thread();
      waiting.set(id, { resolve, reject });
      target.ref();
      target.postMessage({ id, op, ...(mail === undefined ? {} : { mail }) });
    });
  return {
    kind: 'smtp',
    async send(mail) {
      return { response: await ask('send', mail) };
    },
    async verify() {
      await ask('verify');
    },
    close() {
      const stopping = worker;
      worker = null;
      failAll('the transport was closed');
      void stopping?.terminate();
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
