/**
 * The demo's shop client (docs/adr/0146-the-shop-link.md): client@demo.test signed up in partner@demo.test's shop
 * (`/s/elena-ciobanu`) and placed one order there, completed a few days ago, at the retail price — so the
 * distributor's Main card "Client orders", their client base and their PV show what a client order does. Its random
 * draws come from a generator of its own, so the rest of the demo data stays as it was.
 */
import type { Transaction } from 'kysely';
import { retailPrice } from '../domain/catalogue/retail.ts';
import type { DB } from '../db/schema.ts';
import { DAY, ids } from './demo-ids.ts';
import { buildOrders, type SeedProduct, type SeedWarehouse } from './orders.ts';
import { address, phone } from './people.ts';
import { Prng } from './prng.ts';
import { insertJsonRows } from './seed-tables.ts';

export const SHOP_CLIENT_EMAIL = 'client@demo.test';

export interface DemoShopClient {
  userId: number;
  clientId: number;
  ownerId: number;
  fullName: string;
}

/** The client's account (a customer bound to the shop's owner and their warehouse), address and client base row. */
export async function insertShopClient(
  trx: Transaction<DB>,
  input: { seed: number; fullName: string; hash: string; warehouseId: number; now: Date },
): Promise<DemoShopClient> {
  const prng = new Prng(input.seed);
  const signedUp = new Date(input.now.getTime() - 40 * DAY);
  const number = phone(prng);
  await trx
    .insertInto('users')
    .values({
      id: ids.shopClient,
      email: SHOP_CLIENT_EMAIL,
      password_hash: input.hash,
      full_name: input.fullName,
      phone: number,
      lang: 'ro',
      is_partner: false,
      is_warehouse: false,
      warehouse_id: input.warehouseId,
      email_confirmed: true,
      shop_owner_id: ids.partner,
      path: `${ids.shopClient}.`,
      depth: 0,
      created_at: signedUp,
      updated_at: signedUp,
    })
    .execute();
  const home = address(prng, 'Chișinău');
  await trx
    .insertInto('addresses')
    .values({
      user_id: ids.shopClient,
      post_index: home.postIndex,
      city: home.city,
      street: home.street,
      house: home.house,
      apartment: home.apartment,
      is_default: true,
    })
    .execute();
  const client = await trx
    .insertInto('clients')
    .values({
      id: ids.shopClientRow,
      owner_id: ids.partner,
      full_name: input.fullName,
      email: SHOP_CLIENT_EMAIL,
      phone: number,
      city: home.city,
      note: null,
      user_id: ids.shopClient,
      created_at: signedUp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: ids.shopClient, clientId: client.id, ownerId: ids.partner, fullName: input.fullName };
}

/**
 * The client's completed order, at the retail price (1C's recommended price, else the plan's rule), with ids after every order, line and history row already written. Answers its completion for the ledger, which
 * credits its points to the shop's owner.
 */
export async function insertShopClientOrder(
  trx: Transaction<DB>,
  input: {
    seed: number;
    client: DemoShopClient;
    products: readonly SeedProduct[];
    warehouse: SeedWarehouse;
    now: Date;
  },
): Promise<{ orderId: number; at: Date }[]> {
  const max = async (table: 'orders' | 'order_lines' | 'order_history') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max<number>('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
  // 1C's recommended prices came with the catalogue's import; the seed's product list does not carry them.
  const recommended = new Map(
    (await trx.selectFrom('products').select(['id', 'recommended_price']).execute()).map((row) => [
      row.id,
      row.recommended_price,
    ]),
  );
  const retail = input.products.map((product) => ({
    ...product,
    price: retailPrice(product.price, recommended.get(product.id) ?? null),
    promoPrice: null,
  }));
  const built = buildOrders(
    new Prng(input.seed),
    [
      {
        userId: input.client.userId,
        userRole: 'user',
        lang: 'ro',
        warehouse: input.warehouse,
        status: 'completed',
        deliveryType: 'pickup',
        paymentMethod: 'cash',
        variant: 0,
        createdAt: new Date(input.now.getTime() - 6 * DAY),
        address: null,
        clientId: input.client.clientId,
      },
    ],
    retail,
    input.now,
    {
      order: (await max('orders')) + 1,
      line: (await max('order_lines')) + 1,
      history: (await max('order_history')) + 1,
    },
  );
  await insertJsonRows(trx, 'orders', built.orders, ['delivery_address']);
  await insertJsonRows(trx, 'order_lines', built.lines, ['name']);
  await insertJsonRows(trx, 'order_history', built.history, ['changed_lines']);
  return built.history
    .filter((entry) => entry.event === 'COMPLETE')
    .map((entry) => ({ orderId: entry.order_id, at: entry.at }));
}
