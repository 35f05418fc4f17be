// Every event of the catalogue renders in every language, HTML and text, from its own translation; the e-mail and
// its headers cannot be bent by what a person typed (names, reasons) into extra headers or markup.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { LANGS } from '#server/db/reference.ts';
import { emailOf, messageIdHeader, pushOf, type StoredMessage } from '#server/messages/content.ts';
import { TEMPLATES, renderMessage } from '#server/messages/email/render.ts';
import { rawMessage } from '#server/messages/mail.ts';
import type { MessageEvent } from '#server/messages/outbox.ts';
import { testConfig } from '#tests/support/server/app.ts';
import { DATA, EVENTS, input, ORDER, recipient } from './template-fixtures.ts';

describe('the templates', () => {
  it('exist for every event of the catalogue', () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual([...EVENTS].sort());
  });

  for (const event of EVENTS) {
    it(`${event}: renders in all five languages, HTML and text, each from its own translation`, async () => {
      const subjects = new Set<string>();
      for (const lang of LANGS) {
        const rendered = await renderMessage(event, input(event, lang), 'https://portal.example/personal');
        expect(rendered.subject.length).toBeGreaterThan(5);
        expect(rendered.html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
        expect(rendered.html).toContain(rendered.url);
        expect(rendered.text).toContain(rendered.url);
        expect(rendered.text.length).toBeGreaterThan(100);
        // A template that fell back to English (or lost a placeholder) shows it here.
        expect(rendered.text).not.toMatch(/\{[a-zA-Z]+\}|\{\w+, plural/);
        subjects.add(rendered.subject);
      }
      // Five languages, five subjects: none of them is the English one left untranslated.
      expect(subjects.size).toBe(LANGS.length);
    });
  }

  it('speak Russian with Russian plurals and formats (money, months)', async () => {
    const digest = await renderMessage('staff.queue_digest', input('staff.queue_digest', 'ru'), 'x');
    expect(digest.subject).toBe('3 заказа ждут дольше 24 ч');
    const reminder = await renderMessage('business.pv_reminder', input('business.pv_reminder', 'ru'), 'x');
    expect(reminder.subject).toBe('Ещё 12,5 PV: до конца месяца 5 дней');
    expect(reminder.text).toContain('март 2026');
    const placed = await renderMessage('order.placed', input('order.placed', 'ru'), 'x');
    expect(placed.subject).toBe('Заказ 000077 оформлен');
    expect(placed.text).toMatch(/1\s234,50\sMDL/);
    expect(placed.url).toBe('https://portal.example/my-orders/77');
  });

  it('put the handover code and its QR image in the ready-for-pickup mail, links in the account mails', async () => {
    const ready = await renderMessage('order.ready_for_pickup', input('order.ready_for_pickup', 'en'), 'x');
    expect(ready.text).toContain('042917');
    expect(ready.html).toContain('src="cid:handover-code"');
    expect(ready.images).toHaveLength(1);
    expect(ready.images[0]?.content.subarray(1, 4).toString()).toBe('PNG');
    const choose = await renderMessage(
      'order.ready_for_pickup',
      input('order.ready_for_pickup', 'en', {
        ...ORDER,
        deliveryType: 'delivery',
        handoverCode: null,
        pickupPoint: null,
        address: 'MD-2001, Chișinău, str. Columna 1',
      }),
      'x',
    );
    expect(choose.subject).toBe('Order 000077 is ready: delivery or pickup?');
    expect(choose.images).toEqual([]);
    const reset = await renderMessage('account.reset_password', input('account.reset_password', 'en'), 'x');
    expect(reset.url).toBe('https://portal.example/reset-pass?token=pr_secret-token');
    const confirm = await renderMessage('account.confirm_email', input('account.confirm_email', 'en'), 'x');
    expect(confirm.url).toBe('https://portal.example/confirm-email?token=pr_secret-token');
  });

  it('make push notifications from the same texts, one tag per order', () => {
    const message: StoredMessage = {
      id: 41,
      key: 'order.placed:77',
      event: 'order.placed',
      userId: 5,
      data: DATA['order.placed'],
      secret: null,
      createdAt: new Date(),
    };
    expect(pushOf(message, input('order.placed', 'uk'))).toEqual({
      title: 'Замовлення 000077 оформлено',
      body: 'Склад перевірить його; ми напишемо, коли щось зміниться.',
      url: 'https://portal.example/my-orders/77',
      tag: 'order-77',
      id: 41,
    });
  });
});

describe('an e-mail', () => {
  const config = testConfig({ mail: { smtpUrl: undefined, from: 'Portal <no-reply@portal.example>' } });
  const message = (event: MessageEvent, data: Record<string, unknown> = DATA[event]): StoredMessage => ({
    id: 9,
    key: `${event}:test`,
    event,
    userId: 5,
    data,
    secret: null,
    createdAt: new Date(),
  });

  it('cannot gain a header or a recipient through a name or a reason with line breaks', async () => {
    const evil = recipient('en', 'Eve\r\nBcc: victim@example.test\r\nX-Injected: yes');
    const data = { orderId: 77, reason: 'nope\r\n\r\n<script>alert(1)</script>\r\nBcc: x@example.test' };
    const base = input('order.cancelled', 'en');
    const { mail } = await emailOf(config, message('order.cancelled', data), evil, {
      ...base,
      recipient: evil,
      data,
    });
    const raw = await rawMessage(mail);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(head).toMatch(/^To: "Eve Bcc: victim@example\.test X-Injected: yes" <ana@example\.test>$/m);
    const parsed = await simpleParser(raw);
    expect(parsed.to).toMatchObject({ value: [{ address: 'ana@example.test' }] });
    expect(parsed.bcc).toBeUndefined();
    // The reason is the warehouse's text, shown as text: escaped in HTML, verbatim in the text part.
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(parsed.text).toMatch(/reason: nope\s+<script>alert\(1\)<\/script>\s+Bcc: x@example\.test/);
  });

  it('carries a Message-ID derived from its row, and List-Unsubscribe only when not transactional', async () => {
    const order = await emailOf(
      config,
      message('order.placed'),
      recipient('en'),
      input('order.placed', 'en'),
    );
    expect(order.mail.messageId).toBe(messageIdHeader({ id: 9, key: 'order.placed:test' }, config.mail.from));
    expect(order.mail.messageId).toMatch(/^<m9\.[0-9a-f]{16}@portal\.example>$/);
    expect(order.mail.headers['List-Unsubscribe']).toBeUndefined();
    const statement = await emailOf(
      config,
      message('business.statement_ready'),
      recipient('en'),
      input('business.statement_ready', 'en'),
    );
    expect(statement.mail.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/127\.0\.0\.1:8080\/api\/v3\/users\/notifications\/unsubscribe\?token=5\.business\.[\w-]{32}>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
