/** The pickup handover code itself (see `handover.ts`): pure, so the order view can show it. */
import { createHmac } from 'node:crypto';
import type { OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';

/** The code of an order that became ready at `readyAt`. */
export function handoverCode(secret: string, orderId: number, readyAt: Date): string {
  const digest = createHmac('sha256', secret).update(`handover|${orderId}|${readyAt.toISOString()}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** The order waits for its customer at the pickup point (ready as a pickup order, or pickup requested). */
export function awaitsPickup(status: OrderStatus, deliveryType: 'pickup' | 'delivery'): boolean {
  return status === 'pickup_requested' || (status === 'ready' && deliveryType === 'pickup');
}
