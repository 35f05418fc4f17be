// Every order step that concerns the distributor writes exactly one message, in their language, leading to the
// order, with what the step is about (the new total, the handover code and its QR image, the warehouse's reason);
// the steps that do not concern them write none.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../support/smtp-server.ts';
import {
  PARTNER,
  WAREHOUSE,
  placeOrder,
  payCard,
  stockedProducts,
  tokenFor,
  walk,
  type Order,
} from '../routes/orders/support.ts';
import { linkIn, mailsTo, setLang, startMessagesApp, type MessagesTestApp } from './support.ts';

let app: MessagesTestApp;
let partner: string;
let warehouse: string;
let seen = 0;

beforeAll(async () => {
  app = await startMessagesApp();
  await setLang(app.t, PARTNER, 'it');
  partner = await tokenFor(app.t, PARTNER);
  warehouse = await tokenFor(app.t, WAREHOUSE);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.t.app.messages.deliverDue();
  seen = mailsTo(app.smtp, PARTNER).length;
});

/** The mails to the partner since the last call, after delivering everything due. */
async function newMails(): Promise<ReceivedMail[]> {
  await app.t.app.messages.deliverDue();
  const all = mailsTo(app.smtp, PARTNER);
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

/** Exactly one new mail to the partner, its subject `subject` with `{n}` the order's number, leading to the order. */
async function expectOne(
  order: Pick<Order, 'id' | 'number'>,
  subject: string | RegExp,
): Promise<ReceivedMail> {
  const mails = await newMails();
  expect(mails).toHaveLength(1);
  if (typeof subject === 'string')
    expect(mails[0]?.parsed.subject).toBe(subject.replace('{n}', order.number));
  else expect(mails[0]?.parsed.subject).toMatch(subject);
  const mail = mails[0];
  if (mail === undefined) throw new Error('no mail');
  expect(linkIn(mail, `/my-orders/${order.id}`).pathname).toBe(`/my-orders/${order.id}`);
  return mail;
}

const expectNone = async (): Promise<void> => {
  expect((await newMails()).map((mail) => mail.parsed.subject)).toEqual([]);
};

describe('the pickup road', () => {
  it('placed → changed by the warehouse → confirmed → ready with the code → handed over', async () => {
    const products = await stockedProducts(app.t, 2);
    const placed = await placeOrder(app.t, PARTNER, {
      lines: products.map((p): [number, number] => [p.id, 3]),
      paymentMethod: 'cash',
    });
    await expectOne(placed, 'Ordine {n} effettuato');

    const checking = await walk(app.t, placed, [[warehouse, 'checking']]);
    await expectNone();
    const [first, second] = checking.lines;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    const partial = await app.t.post<Order>(`/orders/set/${placed.id}/confirm-partial`, {
      token: warehouse,
      json: {
        version: checking.version,
        note: 'Uno dei rossetti è finito',
        lines: [
          { lineId: first.id, quantity: 1 },
          { lineId: second.id, quantity: 3 },
        ],
      },
    });
    expect(partial.status).toBe(200);
    const answer = await expectOne(
      placed,
      'Ordine {n}: il magazzino lo ha modificato e attende la tua risposta',
    );
    expect(answer.parsed.text).toContain('Nota del magazzino: Uno dei rossetti è finito');

    const accepted = await walk(app.t, partial.body, [[partner, 'confirmed']]);
    await expectNone(); // cash: nothing to pay, nothing to say
    const ready = await walk(app.t, accepted, [
      [warehouse, 'prepared'],
      [warehouse, 'ready'],
    ]);
    const readyMail = await expectOne(placed, "L'ordine {n} è pronto per il ritiro");
    const code = (await app.t.get<Order>(`/orders/get/${placed.id}`, { token: partner })).body.handoverCode;
    expect(code).toMatch(/^\d{6}$/);
    expect(readyMail.parsed.text).toContain(code ?? 'no code');
    const qr = readyMail.parsed.attachments.find((part) => part.cid === 'handover-code');
    expect(qr?.contentType).toBe('image/png');
    // Inline: the image is a related part the HTML refers to by its Content-ID (mailparser resolves it).
    expect(readyMail.raw).toMatch(/^Content-ID: <handover-code>$/im);
    expect(readyMail.parsed.html).toMatch(
      /<img alt="Codice QR del codice di consegna \d{6}"[^>]*src="data:image\/png;base64,/,
    );

    // Asking for pickup of an order that is a pickup order already: the code came with "ready".
    const requested = await walk(app.t, ready, [[partner, 'pickup_requested']]);
    await expectNone();
    const handedOver = await app.t.post<Order>(`/orders/set/${placed.id}/hand-over`, {
      token: warehouse,
      json: { version: requested.version, code },
    });
    expect(handedOver.status).toBe(200);
    await expectOne(placed, 'Ordine {n} ricevuto');
    await walk(app.t, handedOver.body, [
      [warehouse, 'completed'],
      [warehouse, 'sent_to_1c'],
    ]);
    await expectNone();
  });
});

describe('the delivery road, by card', () => {
  it('pay now → (paid) → ready: delivery or pickup → on its way → received', async () => {
    const placed = await placeOrder(app.t, PARTNER, { delivery: true, paymentMethod: 'card' });
    await expectOne(placed, 'Ordine {n} effettuato');
    await walk(app.t, placed, [
      [warehouse, 'checking'],
      [warehouse, 'confirmed'],
    ]);
    const pay = await expectOne(
      placed,
      new RegExp(`^Ordine ${placed.number} confermato: paga .+MDL con carta$`),
    );
    expect(pay.parsed.text).toContain('Paga ora');

    await payCard(app.t, partner, placed.id);
    // Payment messages are the payment's own, written where the payment changes.
    const paid = (await app.t.get<Order>(`/orders/get/${placed.id}`, { token: warehouse })).body;
    expect(paid.paymentState).toBe('paid');
    await newMails();

    const ready = await walk(app.t, paid, [
      [warehouse, 'prepared'],
      [warehouse, 'ready'],
    ]);
    const choose = await expectOne(placed, "L'ordine {n} è pronto: consegna o ritiro?");
    expect(choose.parsed.attachments).toEqual([]);
    const onItsWay = await walk(app.t, ready, [
      [partner, 'delivery_requested'],
      [warehouse, 'delivery_processing'],
      [warehouse, 'sent'],
    ]);
    await expectNone();
    const inDelivery = await walk(app.t, onItsWay, [[warehouse, 'in_delivery']]);
    await expectOne(placed, "L'ordine {n} è in viaggio");
    await walk(app.t, inDelivery, [[partner, 'received']]);
    await expectOne(placed, 'Ordine {n} ricevuto');
  });
});

describe('an order the warehouse ends', () => {
  it('declined with a reason, or rejected: one message with the reason; the distributor’s own cancel: none', async () => {
    const declined = await placeOrder(app.t, PARTNER);
    await newMails();
    const answer = await app.t.post<Order>(`/orders/set/${declined.id}/decline`, {
      token: warehouse,
      query: { comment: 'Ordine doppio', version: declined.version },
    });
    expect(answer.status).toBe(200);
    const mail = await expectOne(declined, "L'ordine {n} è stato annullato dal magazzino");
    expect(mail.parsed.text).toContain('Motivo indicato dal magazzino: Ordine doppio');

    const rejected = await placeOrder(app.t, PARTNER);
    await newMails();
    await walk(app.t, rejected, [
      [warehouse, 'checking'],
      [warehouse, 'rejected'],
    ]);
    await expectOne(rejected, "L'ordine {n} è stato annullato dal magazzino");

    const own = await placeOrder(app.t, PARTNER);
    await newMails();
    await walk(app.t, own, [[partner, 'cancelled_by_distributor']]);
    await expectNone();
  });

  it('writes one message per step however often the step is replayed', async () => {
    const order = await placeOrder(app.t, PARTNER);
    const rows = await app.t.db
      .selectFrom('messages')
      .select(['event', 'key'])
      .where('key', 'like', `order.%:${order.id}%`)
      .execute();
    expect(rows).toEqual([{ event: 'order.placed', key: `order.placed:${order.id}` }]);
    // A stale retry of a step that already happened changes nothing and writes nothing.
    await walk(app.t, order, [[warehouse, 'checking']]);
    const stale = await app.t.post(`/orders/set/${order.id}/status`, {
      token: warehouse,
      query: { status: 'checking', version: order.version },
    });
    expect(stale.status).toBe(409);
    const after = await app.t.db
      .selectFrom('messages')
      .select('key')
      .where('key', 'like', `order.%:${order.id}%`)
      .execute();
    expect(after).toHaveLength(1);
  });
});
