// Web push against a local push service speaking RFC 8030 over HTTPS: the notification arrives encrypted for the
// browser's keys (RFC 8291, decrypted here from the RFCs) and signed with the portal's VAPID key (RFC 8292); a
// subscription the service answers 410 for is dropped; a service that hangs times out, is retried later, and
// never holds up the e-mail of the same message.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER, placeOrder, tokenFor, userId } from '../routes/orders/support.ts';
import {
  browserKeys,
  decryptPushMessage,
  startPushService,
  verifyVapid,
  type TestPushService,
} from '../../support/push-service.ts';
import { deliveriesOf, mailsTo, setLang, startMessagesApp, type MessagesTestApp } from './support.ts';

let app: MessagesTestApp;
let push: TestPushService;
let token: string;

interface Settings {
  pushKey: string;
  devices: Array<{ id: number; label: string }>;
}

beforeAll(async () => {
  push = await startPushService();
  // A failed push waits a minute before its retry: the hanging-service test brings its retry forward itself, so no
  // background retry can slip in between its counts (with 50 ms it did, on a busy machine).
  app = await startMessagesApp({
    messages: { pushAgent: push.agent },
    delivery: { pushTimeoutMs: 1500, retryBaseMs: 60_000, retryMaxMs: 60_000 },
  });
  await setLang(app.t, PARTNER, 'ro');
  token = await tokenFor(app.t, PARTNER);
});
afterAll(async () => {
  await app.close();
  await push.close();
});

async function subscribe(path: string, keys = browserKeys()) {
  const answer = await app.t.post<Settings>('/users/push-subscriptions', {
    token,
    json: {
      endpoint: `${push.origin}${path}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      label: 'Test phone',
    },
  });
  expect(answer.status).toBe(200);
  return { keys, settings: answer.body };
}

describe('web push', () => {
  it('posts the notification encrypted for this browser and signed with the portal’s key', async () => {
    const { keys, settings } = await subscribe('/push/phone-1');
    expect(settings.devices.map((device) => device.label)).toEqual(['Test phone']);
    const before = push.requests.length;
    const order = await placeOrder(app.t, PARTNER);
    await app.t.app.messages.deliverDue();

    const requests = push.requests.slice(before);
    expect(requests.map((request) => request.path)).toEqual(['/push/phone-1']);
    const [request] = requests;
    if (request === undefined) throw new Error('no push request');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.urgency).toBe('normal');
    await verifyVapid(String(request.headers.authorization), {
      audience: push.origin,
      subject: app.t.config.push.subject,
      publicKey: settings.pushKey,
    });
    const payload = JSON.parse(decryptPushMessage(request.body, keys));
    expect(payload).toEqual({
      title: `Comanda ${order.number} a fost plasată`,
      body: 'Depozitul o verifică; vă scriem când se schimbă ceva.',
      url: `${app.t.config.publicUrl}/my-orders/${order.id}`,
      tag: `order-${order.id}`,
      id: expect.any(Number),
    });
    // The same message went by e-mail too, with the same words.
    expect(mailsTo(app.smtp, PARTNER).at(-1)?.parsed.subject).toBe(payload.title);
  });

  it('never pushes a one-time link: a reset goes by e-mail only', async () => {
    const before = push.requests.length;
    await app.t.post('/users/forgot-password', { json: { email: PARTNER } });
    await app.t.app.messages.deliverDue();
    expect(push.requests.length).toBe(before);
  });

  it('drops a subscription the push service no longer knows (410 Gone)', async () => {
    push.behave.set('/push/phone-1', 'gone');
    await placeOrder(app.t, PARTNER);
    await app.t.app.messages.deliverDue();
    const settings = await app.t.get<Settings>('/users/notifications', { token });
    expect(settings.body.devices).toEqual([]);
    const rows = await deliveriesOf(app.t, { event: 'order.placed', userId: await userId(app.t, PARTNER) });
    expect(rows.filter((row) => row.channel === 'push').map((row) => row.state)).toEqual(['sent', 'dropped']);
  });

  it('gives up on a push service that hangs, retries it later, and sends the e-mail meanwhile', async () => {
    await subscribe('/push/hangs');
    push.behave.set('/push/hangs', 'hang');
    const mailsBefore = mailsTo(app.smtp, PARTNER).length;
    const pushesBefore = push.requests.length;
    const started = Date.now();
    await placeOrder(app.t, PARTNER);
    const delivering = app.t.app.messages.deliverDue();
    await app.smtp.waitFor(app.smtp.received.length + 1, 5000);
    const mailAfter = Date.now() - started;
    expect(mailsTo(app.smtp, PARTNER)).toHaveLength(mailsBefore + 1);
    await delivering;
    const tookPush = Date.now() - started;
    expect(push.requests.length).toBe(pushesBefore + 1);
    expect(mailAfter).toBeLessThan(tookPush);
    const rows = await deliveriesOf(app.t, { event: 'order.placed', userId: await userId(app.t, PARTNER) });
    const hung = rows.filter((row) => row.channel === 'push').at(-1);
    expect(hung).toMatchObject({ state: 'queued', attempts: 1 });
    expect(hung?.last_error).toMatch(/timeout|no answer/i);

    // The service answers again; a minute later (brought forward here) the retry delivers it.
    push.behave.set('/push/hangs', 'created');
    expect(push.requests.length, 'no retry before it is due').toBe(pushesBefore + 1);
    if (hung === undefined) throw new Error('no push delivery');
    await app.t.db
      .updateTable('message_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', '=', hung.id)
      .execute();
    await app.t.app.messages.deliverDue();
    const retried = (
      await deliveriesOf(app.t, { event: 'order.placed', userId: await userId(app.t, PARTNER) })
    )
      .filter((row) => row.channel === 'push')
      .at(-1);
    expect(retried).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('refuses keys no push message could be encrypted to', async () => {
    const bad = await app.t.post('/users/push-subscriptions', {
      token,
      json: { endpoint: `${push.origin}/push/x`, keys: { p256dh: 'A'.repeat(87), auth: 'B'.repeat(22) } },
    });
    expect(bad.status).toBe(422);
    const notHttps = await app.t.post('/users/push-subscriptions', {
      token,
      json: {
        endpoint: 'http://127.0.0.1/push',
        keys: { p256dh: browserKeys().p256dh, auth: 'B'.repeat(22) },
      },
    });
    expect(notHttps.status).toBe(400);
  });
});
