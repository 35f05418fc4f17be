// What a person chooses: topics per channel (account security always on, opt-in ones off until asked for), what
// each role may choose, and the one-click unsubscribe of RFC 8058 from a mail's List-Unsubscribe header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '#server/messages/outbox.ts';
import { PARTNER, WAREHOUSE, placeOrder, tokenFor, userId } from '../routes/orders/support.ts';
import { deliveriesOf, mailsTo, startMessagesApp, type MessagesTestApp } from './support.ts';

interface Settings {
  topics: Array<{ topic: string; email: boolean; push: boolean; locked: boolean }>;
  emailProblem: unknown;
}

let app: MessagesTestApp;

beforeAll(async () => {
  app = await startMessagesApp();
});
afterAll(async () => {
  await app.close();
});

describe('message choices', () => {
  it('list the topics each role receives, with their defaults', async () => {
    const partner = await app.t.get<Settings>('/users/notifications', {
      token: await tokenFor(app.t, PARTNER),
    });
    expect(partner.status).toBe(200);
    expect(partner.body.topics).toEqual([
      { topic: 'account', email: true, push: true, locked: true },
      { topic: 'orders', email: true, push: true, locked: false },
      { topic: 'business', email: true, push: true, locked: false },
      { topic: 'business.pv_reminder', email: false, push: false, locked: false },
    ]);
    const staff = await app.t.get<Settings>('/users/notifications', {
      token: await tokenFor(app.t, WAREHOUSE),
    });
    expect(staff.body.topics.map((topic) => [topic.topic, topic.email])).toEqual([
      ['account', true],
      ['orders', true],
      ['staff', false],
    ]);
  });

  it('refuse turning off account security, or a topic the role does not receive', async () => {
    const token = await tokenFor(app.t, PARTNER);
    for (const topic of ['account', 'staff']) {
      const refused = await app.t.post('/users/notifications', {
        token,
        json: { topic, channel: 'email', enabled: false },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/topic' }] });
    }
    const unknown = await app.t.post('/users/notifications', {
      token,
      json: { topic: 'marketing', channel: 'email', enabled: false },
    });
    expect(unknown.status).toBe(400);
  });

  it('decide what is sent from then on: orders off by e-mail means no order mail', async () => {
    const token = await tokenFor(app.t, PARTNER);
    const off = await app.t.post<Settings>('/users/notifications', {
      token,
      json: { topic: 'orders', channel: 'email', enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.topics.find((topic) => topic.topic === 'orders')).toMatchObject({
      email: false,
      push: true,
    });
    const before = mailsTo(app.smtp, PARTNER).length;
    const order = await placeOrder(app.t, PARTNER);
    await app.t.app.messages.deliverDue();
    expect(mailsTo(app.smtp, PARTNER)).toHaveLength(before);
    // Written all the same (the outbox is the record); nobody to send it to.
    const rows = await deliveriesOf(app.t, { event: 'order.placed', userId: await userId(app.t, PARTNER) });
    expect(rows).toEqual([]);
    expect(
      await app.t.db
        .selectFrom('messages')
        .select('key')
        .where('key', '=', `order.placed:${order.id}`)
        .execute(),
    ).toHaveLength(1);
    await app.t.post('/users/notifications', {
      token,
      json: { topic: 'orders', channel: 'email', enabled: true },
    });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns the topic’s e-mail off from the mail’s List-Unsubscribe link, with no sign-in', async () => {
    const uid = await userId(app.t, PARTNER);
    await enqueueMessage(app.t.db, {
      event: 'business.statement_ready',
      userId: uid,
      key: `business.statement_ready:2026-01:${uid}`,
      data: { month: '2026-01' },
    });
    await app.t.app.messages.deliverDue();
    const mail = mailsTo(app.smtp, PARTNER).at(-1);
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // Folded onto the next line when long (RFC 5322): unfold, then read the URL.
    const header = /^List-Unsubscribe:\s*<([^>]+)>\r$/m.exec(
      (mail?.raw ?? '').replace(/\r\n[ \t]+/g, ' '),
    )?.[1];
    const url = new URL(header ?? '');
    expect(url.pathname).toBe('/api/v3/users/notifications/unsubscribe');

    const answer = await app.t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ result: 'unsubscribed', topic: 'business' });
    const settings = await app.t.get<Settings>('/users/notifications', {
      token: await tokenFor(app.t, PARTNER),
    });
    expect(settings.body.topics.find((topic) => topic.topic === 'business')).toMatchObject({
      email: false,
      push: true,
    });

    const forged = await app.t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${uid}.business.${'A'.repeat(32)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const notOneClick = await app.t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Later',
    });
    expect(notOneClick.statusCode).toBe(400);
  });
});
