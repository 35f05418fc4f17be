/**
 * The built-in mailbox (docs/adr/0104-built-in-mailbox.md): without SMTP_URL every e-mail is kept in `mailbox`,
 * and `/dev/mailbox` shows them as a mail catcher does: the list, newest first, and each message as its recipient
 * would see it (the HTML part in a sandboxed frame with its inline images, the text part, the headers, the raw
 * source). A development page: with APP_ENV=production it answers 404 like any unknown path.
 *
 * Plain server-rendered HTML with no script; its texts are in the `emails` catalog like the e-mails themselves.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Config } from '../config.ts';
import type { Lang } from '../db/reference.ts';
import { sendError } from '../http/error-handler.ts';
import { HttpError } from '../http/errors.ts';
import { escapeHtml, pageLang } from '../http/page-language.ts';
import { messagesI18n } from './i18n.ts';

export const MAILBOX_PATH = '/dev/mailbox';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#171717;background:#f4f4f2}
header{background:#171717;color:#fff;padding:12px 16px;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
header a{color:#fff}h1{font-size:18px;margin:0}main{padding:16px;max-width:960px;margin:0 auto}
.note{color:#5c5c5c;font-size:14px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e5e5;font-size:14px;vertical-align:top;overflow-wrap:anywhere}
th{font-weight:600;color:#5c5c5c}a{color:#171717}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;
background:#fff;padding:12px;margin:0 0 16px;font-size:14px}dt{color:#5c5c5c}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:70vh;border:1px solid #e5e5e5;background:#fff}pre{white-space:pre-wrap;background:#fff;
padding:12px;font-size:13px;overflow-wrap:anywhere}h2{font-size:16px;margin:24px 0 8px}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The pages' own policy: no script at all, the one style block, the message frame from this origin only. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "frame-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A message's HTML in the frame: its own inline styles and images, nothing that runs, links open outside. */
const MESSAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

function page(lang: Lang, title: string, body: string): string {
  const i18n = messagesI18n(lang);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><h1><a href="${MAILBOX_PATH}">${escapeHtml(i18n._({ id: 'mailbox.title', message: 'Built-in mailbox' }))}</a></h1><span>${escapeHtml(i18n._({ id: 'mailbox.dev_only', message: 'Development only: e-mails are kept here because no SMTP server is configured (SMTP_URL).' }))}</span></header><main>${body}</main></body></html>`;
}

const idOf = (request: FastifyRequest): number | null => {
  const raw = (request.params as { id?: string }).id ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

/** The parsed message's HTML with `cid:` images as data URLs (what a mail client shows). */
function htmlWithImages(parsed: ParsedMail): string {
  let html = typeof parsed.html === 'string' ? parsed.html : '';
  for (const attachment of parsed.attachments) {
    if (attachment.cid === undefined) continue;
    const url = `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`;
    html = html.split(`cid:${attachment.cid}`).join(url);
  }
  return html;
}

export function registerMailboxPage(app: FastifyInstance, config: Pick<Config, 'production'>): void {
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(new HttpError(404, 'NOT_FOUND'), request, reply);

  const load = async (request: FastifyRequest) => {
    const id = idOf(request);
    if (id === null) return null;
    const row = await app.db.selectFrom('mailbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : { row, parsed: await simpleParser(row.raw) };
  };

  app.get(MAILBOX_PATH, async (request, reply) => {
    if (config.production) return refuse(request, reply);
    const lang = pageLang(request);
    const i18n = messagesI18n(lang);
    const rows = await app.db
      .selectFrom('mailbox')
      .select(['id', 'to_address', 'subject', 'created_at'])
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const when = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'medium' });
    const body =
      rows.length === 0
        ? `<p class="note">${escapeHtml(i18n._({ id: 'mailbox.empty', message: 'No e-mail yet. Ask for a password reset on the sign-in page, and it appears here.' }))}</p>`
        : `<table><thead><tr><th scope="col">${escapeHtml(i18n._({ id: 'mailbox.received', message: 'Received' }))}</th><th scope="col">${escapeHtml(i18n._({ id: 'mailbox.to', message: 'To' }))}</th><th scope="col">${escapeHtml(i18n._({ id: 'mailbox.subject', message: 'Subject' }))}</th></tr></thead><tbody>${rows
            .map(
              (row) =>
                `<tr><td>${escapeHtml(when.format(row.created_at))}</td><td>${escapeHtml(row.to_address)}</td><td><a href="${MAILBOX_PATH}/${row.id}">${escapeHtml(row.subject)}</a></td></tr>`,
            )
            .join('')}</tbody></table>`;
    return reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, i18n._({ id: 'mailbox.title', message: 'Built-in mailbox' }), body));
  });

  app.get(`${MAILBOX_PATH}/:id`, async (request, reply) => {
    if (config.production) return refuse(request, reply);
    const found = await load(request);
    if (found === null) return refuse(request, reply);
    const { row, parsed } = found;
    const lang = pageLang(request);
    const i18n = messagesI18n(lang);
    const header = (name: string): string => {
      const value = parsed.headers.get(name.toLowerCase());
      if (value === undefined) return '';
      if (typeof value === 'string') return value;
      if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string')
        return value.text;
      return JSON.stringify(value);
    };
    const fields: Array<[string, string]> = [
      [i18n._({ id: 'mailbox.from', message: 'From' }), parsed.from?.text ?? ''],
      [i18n._({ id: 'mailbox.to', message: 'To' }), row.to_address],
      [i18n._({ id: 'mailbox.subject', message: 'Subject' }), parsed.subject ?? ''],
      [i18n._({ id: 'mailbox.date', message: 'Date' }), parsed.date?.toISOString() ?? ''],
      ['Message-ID', parsed.messageId ?? ''],
      ...(header('list-unsubscribe') === ''
        ? []
        : ([['List-Unsubscribe', header('list-unsubscribe')]] as Array<[string, string]>)),
    ];
    const body = `<dl>${fields.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<h2>${escapeHtml(i18n._({ id: 'mailbox.as_seen', message: 'As the recipient sees it' }))}</h2>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(parsed.subject ?? '')}" src="${MAILBOX_PATH}/${row.id}/html"></iframe>
<h2>${escapeHtml(i18n._({ id: 'mailbox.text_part', message: 'Text part' }))}</h2>
<pre>${escapeHtml(parsed.text ?? '')}</pre>
<p><a href="${MAILBOX_PATH}/${row.id}/raw">${escapeHtml(i18n._({ id: 'mailbox.source', message: 'The raw message (.eml)' }))}</a></p>`;
    return reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, parsed.subject ?? '', body));
  });

  app.get(`${MAILBOX_PATH}/:id/html`, async (request, reply) => {
    if (config.production) return refuse(request, reply);
    const found = await load(request);
    if (found === null) return refuse(request, reply);
    // Links open outside the frame, as they would from a mail client.
    const html = htmlWithImages(found.parsed).replace(/<head>/i, '<head><base target="_blank">');
    return reply
      .header('content-security-policy', MESSAGE_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get(`${MAILBOX_PATH}/:id/raw`, async (request, reply) => {
    if (config.production) return refuse(request, reply);
    const id = idOf(request);
    const row =
      id === null
        ? undefined
        : await app.db.selectFrom('mailbox').select(['raw']).where('id', '=', id).executeTakeFirst();
    if (row === undefined || id === null) return refuse(request, reply);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="message-${id}.eml"`)
      .type('message/rfc822')
      .send(row.raw);
  });
}
