/** Checkout parameters and the user's warehouse: `getOrderParams`, `getMyWarehouse`. */
import type { Handler } from '../../contract/types.ts';
import { DELIVERY_OPTIONS, PAYMENT_METHODS, PICKUP_THRESHOLD_PV } from '../../domain/account/order-params.ts';
import { listPickupPoints, loadWarehouse } from '../../domain/account/warehouses.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The pickup points are those of the caller's home warehouse (the one their orders go to); a caller without one
 * sees every warehouse's points.
 */
export const getOrderParams: Handler<'getOrderParams'> = async ({ user, db, config }) => ({
  currency: config.currency,
  deliveryOptions: [...DELIVERY_OPTIONS],
  pickupPoints: await listPickupPoints(db, user.warehouseId === null ? undefined : [user.warehouseId]),
  paymentMethods: [...PAYMENT_METHODS],
  pickupThreshold: { minPv: PICKUP_THRESHOLD_PV },
});

/** The caller's home warehouse (or the one staff work at), its name in the user's language; 404 when none. */
export const getMyWarehouse: Handler<'getMyWarehouse'> = async ({ user, db }) => {
  if (user.warehouseId === null) throw notFound();
  const me = await db
    .selectFrom('users')
    .select('lang')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  const warehouse = await loadWarehouse(db, user.warehouseId, me.lang);
  if (warehouse === null) throw notFound();
  return warehouse;
};
