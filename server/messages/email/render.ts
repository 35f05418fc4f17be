/**
 * Every event's template, and a message rendered from it in the recipient's language: the subject, the HTML and
 * plain-text parts of the e-mail, its inline images, and the push notification (docs/adr/0101-email-templates.md).
 */
import { createElement } from 'react';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { oneLine } from '../one-line.ts';
import type { MessageEvent } from '../outbox.ts';
import * as account from './account.tsx';
import * as business from './business.tsx';
import * as orders from './orders.tsx';
import * as returns from './returns.tsx';
import { renderCompiled, renderWithReact } from './compiled.ts';
import { Frame } from './parts.tsx';
import { qrPng } from './qr-png.ts';
import type { Composed, Template, TemplateInput } from './template.ts';

/** One template per event of the catalogue (a test renders each in every language). */
export const TEMPLATES: Record<MessageEvent, Template> = {
  'account.confirm_email': account.confirmEmail,
  'account.reset_password': account.resetPassword,
  'account.password_changed': account.passwordChanged,
  'account.login_burst': account.loginBurst,
  'order.placed': orders.orderPlaced,
  'order.awaiting_answer': orders.orderAwaitingAnswer,
  'order.pay_now': orders.orderPayNow,
  'order.payment_failed': orders.orderPaymentFailed,
  'order.payment_received': orders.orderPaymentReceived,
  'order.refunded': orders.orderRefunded,
  'order.ready_for_pickup': orders.orderReady,
  'order.out_for_delivery': orders.orderOutForDelivery,
  'order.received': orders.orderReceived,
  'order.cancelled': orders.orderCancelled,
  'order.return_received': returns.returnReceived,
  'order.return_accepted': returns.returnAccepted,
  'order.return_refused': returns.returnRefused,
  'business.statement_ready': business.statementReady,
  'business.pv_reminder': business.pvReminder,
  'business.new_recruit': business.newRecruit,
  'business.client_order': business.clientOrder,
  'business.shop_client': business.shopClient,
  'staff.queue_digest': business.queueDigest,
};

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface RenderedMessage {
  subject: string;
  summary: string;
  html: string;
  text: string;
  /** The screen the message leads to, absolute. */
  url: string;
  images: InlineImage[];
}

// React Email's own choices for the text part (links after their text, images left out), compiled once: converting
// with a compiled converter costs a tenth of `render(..., { plainText: true })`, which compiles per call.
const toText = compile({
  wordwrap: 78,
  selectors: [
    ...(plainTextSelectors as never[]),
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
  ] as never,
});

/**
 * The text part of `html`, remembered for the last few hundred HTML parts: the messages of a burst (the month's
 * statements, reminders) are often the same HTML in a language, and converting costs more than filling the HTML
 * (ADR 0144). Keyed by the whole HTML, so a hit is the same text by construction.
 */
const texts = new Map<string, string>();
const MAX_TEXTS = 256;

function textOf(html: string): string {
  let text = texts.get(html);
  if (text === undefined) {
    text = toText(html);
    if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value ?? '');
    texts.set(html, text);
  }
  return text;
}

export function compose(event: MessageEvent, input: TemplateInput): Composed {
  return TEMPLATES[event](input);
}

/**
 * Renders `event` for `input.recipient`; `manageUrl` is where they choose what they receive. The HTML comes from
 * the template's compiled shape (compiled.ts, the same bytes); `{ react: true }` renders it with React instead (the
 * reference the tests compare against).
 */
export async function renderMessage(
  event: MessageEvent,
  input: TemplateInput,
  manageUrl: string,
  options: { react?: boolean } = {},
): Promise<RenderedMessage> {
  const composed = compose(event, input);
  const frame = createElement(Frame, {
    lang: input.lang,
    i18n: input.i18n,
    preview: composed.summary,
    heading: composed.heading,
    manageUrl,
    children: composed.content,
  });
  const html =
    options.react === true
      ? await renderWithReact(frame, input.i18n)
      : await renderCompiled(frame, input.i18n, input.lang);
  const images: InlineImage[] =
    composed.qrCode === undefined
      ? []
      : [
          {
            cid: orders.HANDOVER_QR_CID,
            filename: 'handover-code.png',
            contentType: 'image/png',
            content: qrPng(composed.qrCode),
          },
        ];
  return {
    subject: oneLine(composed.subject),
    summary: oneLine(composed.summary),
    html,
    text: options.react === true ? toText(html) : textOf(html),
    url: input.link(composed.path),
    images,
  };
}
