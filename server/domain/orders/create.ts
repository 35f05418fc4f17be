/**
 * Placing an order from the cart (`POST /orders/create`), idempotent per user and `Idempotency-Key`.
 *
 * One transaction does everything: claim the key (`insert … on conflict do nothing`), read and lock the cart, check
 * and hold stock at the order's warehouse, snapshot lines and address, insert the order as `startOrder` says (history: CREATE null →
 * placed, SUBMIT placed → awaiting_warehouse), empty the cart, store the answer on the key. A concurrent request with
 * the same key waits on the key's unique index (PostgreSQL) or on the dialect's mutex (PGlite) and then replays the
 * stored answer; a failed attempt rolls back its claim, so a retry after fixing the cart can succeed.
 *
 * A shop client (docs/adr/0146-the-shop-link.md) orders at the retail price; the order carries their row of the
 * owner's client base, and the owner is told in the same transaction (never on a replay).
 */
import type { Transaction } from 'kysely';
import { startOrder } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import type { components } from '#openapi/schema.d.ts';
import type { AuthContext } from '../../auth/authenticate.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, unprocessable, type ErrorDetail } from '../../http/errors.ts';
import { deliveryPriceFor } from '../account/order-params.ts';
import { clearCart, loadCart } from '../catalogue/cart.ts';
import { pricingOf } from '../catalogue/retail.ts';
import { shopClientRow, tellShopOwner } from '../shop/client-order.ts';
import { availableOf, changeHolds } from '../stock/warehouse-stock.ts';
import { CREATE_EVENT, SUBMIT_EVENT } from './history-events.ts';
import {
  loadExistingOrder,
  type Db,
  type Order,
  type OrderViewOptions,
  type StoredAddress,
} from './order-view.ts';
import { recordHistory } from './history.ts';
import { claimKey, requestHash, storeAnswer } from './idempotency.ts';

export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];

export interface CreateOrderInput {
  auth: Pick<AuthContext, 'userId' | 'role' | 'emailConfirmed' | 'shopOwnerId'>;
  key: string;
  body: CreateOrderRequest;
  currency: string;
  view: OrderViewOptions;
}

export interface CreateOrderResult {
  order: Order;
  replayed: boolean;
}

function isOrder(value: unknown): value is Order {
  return typeof value === 'object' && value !== null && 'id' in value && 'lines' in value;
}

interface Destination {
  warehouseId: number;
  address: StoredAddress | null;
  pickupPointId: number | null;
}

async function destinationOf(
  trx: Transaction<DB>,
  userId: number,
  body: CreateOrderRequest,
): Promise<Destination> {
  const user = await trx
    .selectFrom('users')
    .select('warehouse_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (body.deliveryType === 'pickup') {
    const point = await trx
      .selectFrom('pickup_points')
      .select(['id', 'warehouse_id'])
      .where('id', '=', body.pickupPointId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (point === undefined || (user.warehouse_id !== null && point.warehouse_id !== user.warehouse_id)) {
      throw unprocessable('VALIDATION_FAILED', [
        { location: 'body', path: '/pickupPointId', message: 'not an active pickup point of your warehouse' },
      ]);
    }
    return { warehouseId: point.warehouse_id, address: null, pickupPointId: point.id };
  }
  const address = await trx
    .selectFrom('addresses')
    .select(['id', 'post_index', 'city', 'street', 'house', 'apartment'])
    .where('id', '=', body.addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (address === undefined) {
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/addressId', message: 'not one of your addresses' },
    ]);
  }
  const warehouseId =
    user.warehouse_id ??
    (await trx.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return {
    warehouseId,
    pickupPointId: null,
    address: {
      addressId: address.id,
      postIndex: address.post_index,
      city: address.city,
      street: address.street,
      house: address.house,
      apartment: address.apartment,
    },
  };
}

/**
 * Locks the stock rows of the cart's products at the order's warehouse and holds the ordered units there
 * (docs/adr/0091-stock-per-warehouse.md); 422 OUT_OF_STOCK lists every short line (a product no longer sold has
 * nothing available).
 */
async function reserveStock(
  trx: Transaction<DB>,
  warehouseId: number,
  items: ReadonlyArray<{ productId: number; quantity: number; product: { sku: string; isActive: boolean } }>,
): Promise<void> {
  const ids = items.map((item) => item.productId);
  const rows = await trx
    .selectFrom('warehouse_stock')
    .select(['product_id', 'quantity', 'held'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .forUpdate()
    .execute();
  const details: ErrorDetail[] = [];
  for (const [index, item] of items.entries()) {
    const row = rows.find((candidate) => candidate.product_id === item.productId);
    const stock = row === undefined || !item.product.isActive ? 0 : availableOf(row.quantity, row.held);
    if (stock < item.quantity) {
      details.push({
        location: 'body',
        path: '',
        message: `cart line ${index + 1}: product ${item.productId} (${item.product.sku}) ${item.quantity} ordered, ${stock} in stock${item.product.isActive ? '' : ' (no longer sold)'}`,
      });
    }
  }
  if (details.length > 0) throw unprocessable('OUT_OF_STOCK', details);
  await changeHolds(trx, warehouseId, new Map(items.map((item) => [item.productId, item.quantity])));
}

/** Places the order (or replays the answer stored for this key). */
export async function createOrderFromCart(db: Db, input: CreateOrderInput): Promise<CreateOrderResult> {
  if (!input.auth.emailConfirmed) throw forbidden('EMAIL_NOT_CONFIRMED');
  // maib's rule for a merchant: card payment only after the customer agreed to the terms (ADR 0114).
  if (input.body.paymentMethod === 'card' && input.body.acceptTerms !== true) {
    throw unprocessable('TERMS_NOT_ACCEPTED', [
      { location: 'body', path: '/acceptTerms', message: 'a card order needs the terms accepted' },
    ]);
  }
  const { userId } = input.auth;
  const hash = requestHash(input.body);

  return db.transaction().execute(async (trx) => {
    const claim = await claimKey(trx, { userId, key: input.key, hash, isAnswer: isOrder });
    if (!claim.claimed) return { order: claim.replay, replayed: true };

    const destination = await destinationOf(trx, userId, input.body);
    const cart = await loadCart(
      trx,
      userId,
      input.currency,
      input.view.publicUrl,
      destination.warehouseId,
      pricingOf(input.auth),
      { lock: true },
    );
    if (cart.items.length === 0) throw unprocessable('CART_EMPTY');
    await reserveStock(trx, destination.warehouseId, cart.items);

    const lines = cart.items.map((item) => ({
      lineId: String(item.productId),
      requested: item.quantity,
      confirmed: null,
      price: item.product.promoPrice ?? item.product.price,
      points: item.product.points,
    }));
    const start = startOrder({
      paymentMethod: input.body.paymentMethod,
      deliveryType: input.body.deliveryType,
      hasDeliveryAddress: destination.address !== null,
      lines,
    });
    const deliveryPrice = deliveryPriceFor(input.body.deliveryType, cart.totals.finalCost);
    const comment = input.body.comment?.trim() || null;
    const now = new Date();
    const client =
      input.auth.shopOwnerId === null ? null : await shopClientRow(trx, userId, input.auth.shopOwnerId);

    const order = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        client_id: client?.clientId ?? null,
        warehouse_id: destination.warehouseId,
        status: start.status,
        payment_method: input.body.paymentMethod,
        payment_state: start.paymentState,
        delivery_type: input.body.deliveryType,
        delivery_address: destination.address === null ? null : JSON.stringify(destination.address),
        pickup_point_id: destination.pickupPointId,
        courier_comment:
          input.body.deliveryType === 'delivery' ? input.body.courierComment?.trim() || null : null,
        comment,
        amount: cart.totals.amount,
        discount: cart.totals.discount,
        final_cost: cart.totals.finalCost + deliveryPrice,
        points: cart.totals.points,
        currency: cart.currency,
        terms_accepted_at: input.body.acceptTerms === true ? now : null,
        version: 2,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'number', 'final_cost', 'points', 'currency'])
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('order_lines')
      .values(
        cart.items.map((item) => ({
          order_id: order.id,
          product_id: item.productId,
          sku: item.product.sku,
          name: JSON.stringify(item.product.name),
          list_price: item.product.price,
          price: item.product.promoPrice ?? item.product.price,
          points: item.product.points,
          requested_quantity: item.quantity,
        })),
      )
      .execute();
    await recordHistory(trx, [
      {
        order_id: order.id,
        at: now,
        actor_id: userId,
        actor_role: input.auth.role,
        from_status: null,
        to_status: 'placed',
        event: CREATE_EVENT,
        comment,
      },
      {
        order_id: order.id,
        at: now,
        actor_id: null,
        actor_role: 'system',
        from_status: 'placed',
        to_status: start.status,
        event: SUBMIT_EVENT,
        comment: null,
      },
    ]);
    await clearCart(trx, userId);
    if (client !== null) {
      await tellShopOwner(trx, client, {
        orderId: order.id,
        number: order.number,
        total: order.final_cost,
        currency: order.currency,
        points: Number(order.points),
      });
    }

    const answer = await loadExistingOrder(trx, order.id, input.view);
    await storeAnswer(trx, claim.claimId, { status: 201, body: answer, orderId: order.id });
    return { order: answer, replayed: false };
  });
}
