// The order page's extras on the API: "Buy again" puts the order's lines into the bag and says what is no longer
// available; the receipt is a real PDF in the customer's language (its text read back with PDF.js).
import { describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import {
  PARTNER,
  USER,
  WAREHOUSE,
  fillCart,
  placeOrder,
  stockedProducts,
  tokenFor,
  userId,
} from './support.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { setQuantity } from '#tests/support/server/stock.ts';
import { useOrdersApp } from './fixture.ts';

type BuyAgainResult = components['schemas']['BuyAgainResult'];

const { t, tokens } = useOrdersApp();

describe('buy again', () => {
  it('puts the lines into the bag and answers the one no longer available with 0 added', async () => {
    const [first, second] = await stockedProducts(t, 2, 30);
    if (first === undefined || second === undefined) throw new Error('no stocked products');
    const order = await placeOrder(t, PARTNER, {
      lines: [
        [first.id, 2],
        [second.id, 3],
      ],
    });
    // The partner's warehouse (1) has none of the second product left: 1C's quantity is what the holds take.
    const before = await t.db
      .selectFrom('warehouse_stock')
      .select(['quantity', 'held'])
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', second.id)
      .executeTakeFirstOrThrow();
    await setQuantity(t.db, 1, second.id, before.held);
    try {
      await fillCart(t, await userId(t, PARTNER), []);
      const response = await t.post<BuyAgainResult>(`/orders/buy-again/${order.id}`, {
        token: tokens.partner,
      });
      expect(response.status).toBe(200);
      expect(response.body.lines).toEqual([
        expect.objectContaining({ productId: first.id, requested: 2, added: 2 }),
        expect.objectContaining({ productId: second.id, requested: 3, added: 0 }),
      ]);
      expect(response.body.cart.items.map((item) => [item.productId, item.quantity])).toEqual([
        [first.id, 2],
      ]);
      const bag = await t.db
        .selectFrom('carts')
        .select(['product_id', 'quantity'])
        .where('user_id', '=', await userId(t, PARTNER))
        .execute();
      expect(bag).toEqual([{ product_id: first.id, quantity: 2 }]);
    } finally {
      await setQuantity(t.db, 1, second.id, before.quantity);
    }
  });

  it('is the customer’s own: another account gets 404 and nothing changes', async () => {
    const order = await placeOrder(t, PARTNER);
    const other = await t.post(`/orders/buy-again/${order.id}`, { token: await tokenFor(t, USER) });
    expect(other.status).toBe(404);
    const staff = await t.post(`/orders/buy-again/${order.id}`, { token: await tokenFor(t, WAREHOUSE) });
    expect(staff.status).toBe(404);
  });
});

describe('the receipt', () => {
  it('is a PDF in the customer’s language with the lines, the delivery row and the total', async () => {
    const order = await placeOrder(t, PARTNER, { delivery: true });
    const lang = (
      await t.db.selectFrom('users').select('lang').where('email', '=', PARTNER).executeTakeFirstOrThrow()
    ).lang;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v3/orders/receipt/${order.id}`,
      headers: { authorization: `Bearer ${tokens.partner}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`receipt-${order.number}-${lang}.pdf`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(order.number);
    for (const line of order.lines) expect(text).toContain(line.name[lang].slice(0, 12));
    const total = new Intl.NumberFormat(lang, { style: 'currency', currency: order.currency }).format(
      order.finalCost / 100,
    );
    expect(text.replace(/\s+/g, ' ')).toContain(total.replace(/\s+/g, ' '));
    const words = {
      ru: 'Квитанция',
      en: 'Receipt',
      ro: 'Chitanță',
      uk: 'Квитанція',
      it: 'Ricevuta',
    } as const;
    expect(text).toContain(words[lang]);

    const english = await t.app.inject({
      method: 'GET',
      url: `/api/v3/orders/receipt/${order.id}?lang=en`,
      headers: { authorization: `Bearer ${await tokenFor(t, WAREHOUSE)}` },
    });
    expect(english.statusCode).toBe(200);
    const englishText = await pdfText(english.rawPayload);
    expect(englishText).toContain('Receipt');
    expect(englishText).toContain('Delivery');
    expect(englishText).toContain('Total');

    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/v3/orders/receipt/${order.id}`,
      headers: { authorization: `Bearer ${await tokenFor(t, USER)}` },
    });
    expect(stranger.statusCode).toBe(404);
  });
});
