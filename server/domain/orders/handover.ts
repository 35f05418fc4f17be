/**
 * The pickup handover code: 6 digits the distributor shows at the pickup point and the warehouse types in (or
 * scans) to hand the order over. Derived, never stored: HMAC-SHA256 of the server secret over the order id and the
 * moment the order last became `ready`, so seeded and migrated orders have one too, and marking an order ready
 * again gives a new code. Wrong codes are counted in `rate_limits` (every process counts the same tries) per order
 * and per clerk across orders: after `HANDOVER_MAX_WRONG` for an order (`HANDOVER_MAX_WRONG_PER_CLERK` for a clerk)
 * every try is 429, the right code included, for a window, then two, four … (docs/adr/0121-limits-that-hold.md),
 * so the code cannot be guessed on one order or by trying many.
 */
import { timingSafeEqual } from 'node:crypto';
import { MAX_BLOCK_MS, blockedFor, hitRateLimits, type RateLimitRule } from '../../auth/rate-limit.ts';
import { conflict, notFound, tooManyRequests, unprocessable } from '../../http/errors.ts';
import { handoverCode } from './handover-code.ts';
import { applyChangeLocked, lockOrder, rolesOnOrder, type OrderActor } from './apply.ts';
import { loadExistingOrder, type Db, type Order, type OrderViewOptions } from './order-view.ts';

export const HANDOVER_MAX_WRONG = 5;
export const HANDOVER_MAX_WRONG_PER_CLERK = 20;
export const HANDOVER_WINDOW_MS = 15 * 60 * 1000;

/** When the order last entered `ready` (its history), else when it was placed. */
export async function readyMomentOf(db: Db, orderId: number): Promise<Date> {
  const row = await db
    .selectFrom('order_history')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('order_id', '=', orderId)
    .where('to_status', '=', 'ready')
    .executeTakeFirst();
  if (row?.at !== undefined && row.at !== null) return new Date(row.at);
  const order = await db
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return order?.created_at ?? new Date(0);
}

const sameCode = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const orderKey = (orderId: number): string => `handOverOrder|order|${orderId}`;
const clerkKey = (userId: number): string => `handOverOrder|account|user:${userId}`;

/** The wrong-code limits of one try: the order's, and the clerk's across orders (the block follows the last). */
function wrongCodeRules(orderId: number, userId: number): RateLimitRule[] {
  const backoff = { maxBlockMs: MAX_BLOCK_MS };
  return [
    { key: orderKey(orderId), max: HANDOVER_MAX_WRONG - 1, windowMs: HANDOVER_WINDOW_MS, backoff },
    { key: clerkKey(userId), max: HANDOVER_MAX_WRONG_PER_CLERK - 1, windowMs: HANDOVER_WINDOW_MS, backoff },
  ];
}

class WrongCode extends Error {
  constructor(readonly order: Order) {
    super('wrong handover code');
  }
}

export interface HandOverInput {
  orderId: number;
  actor: OrderActor;
  version: number;
  code: string;
  secret: string;
}

/**
 * `POST /orders/set/{id}/hand-over`: as the warehouse of the order, with the caller's version and the code; the
 * lifecycle machine decides whether HAND_OVER is possible now (409 otherwise), exactly as for other actions.
 */
export async function handOverOrder(db: Db, view: OrderViewOptions, input: HandOverInput): Promise<Order> {
  const rules = wrongCodeRules(input.orderId, input.actor.kind === 'user' ? input.actor.auth.userId : 0);
  const wait = await blockedFor(
    db,
    rules.map((rule) => rule.key),
  );
  if (wait > 0) throw tooManyRequests(wait);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await lockOrder(trx, input.orderId);
      if (row === undefined) throw notFound();
      const roles = rolesOnOrder(input.actor, row).filter((role) => role === 'warehouse');
      if (roles.length === 0) throw notFound();
      if (row.version !== input.version) {
        throw conflict('VERSION_CONFLICT', { order: await loadExistingOrder(trx, row.id, view) }, [
          { location: 'body', path: '/version', message: `the order is at version ${row.version}` },
        ]);
      }
      if (row.status === 'pickup_requested') {
        const expected = handoverCode(input.secret, row.id, await readyMomentOf(trx, row.id));
        if (!sameCode(expected, input.code)) throw new WrongCode(await loadExistingOrder(trx, row.id, view));
      }
      await applyChangeLocked(trx, view, row, input.actor, roles, {
        kind: 'event',
        event: { type: 'order.handOver' },
        roles: ['warehouse'],
        where: 'body',
        handoverCodeChecked: true,
      });
      return loadExistingOrder(trx, row.id, view);
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
    // This try was checked and answered; the block, if it earned one, holds from the next try on.
    await hitRateLimits(db, rules);
    throw unprocessable(
      'VALIDATION_FAILED',
      [{ location: 'body', path: '/code', message: 'this is not the handover code of the order' }],
      { order: error.order },
    );
  }
}
