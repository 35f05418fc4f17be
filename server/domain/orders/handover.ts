/**
 * The pickup handover code: 6 digits the distributor shows at the pickup point and the warehouse types in (or
 * scans) to hand the order over. Derived, never stored: HMAC-SHA256 of the server secret over the order id and the
 * moment the order last became `ready`, so seeded and migrated orders have one too, and marking an order ready
 * again gives a new code. Wrong codes are counted per order in `rate_limits` (every process counts the same tries);
 * past `HANDOVER_MAX_WRONG` in the window every try is 429, the right code included, so the code cannot be guessed.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { hitRateLimits } from '../../auth/rate-limit.ts';
import { conflict, notFound, tooManyRequests, unprocessable } from '../../http/errors.ts';
import { handoverCode } from './handover-code.ts';
import { applyChangeLocked, lockOrder, rolesOnOrder, type OrderActor } from './apply.ts';
import { loadExistingOrder, type Db, type Order, type OrderViewOptions } from './order-view.ts';

export const HANDOVER_MAX_WRONG = 5;
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

const keyOf = (orderId: number): string => `handOverOrder|order|${orderId}`;

/** Seconds until the order's wrong-code window closes when it is used up, else 0 (reads, does not count). */
async function lockedOutFor(db: Db, orderId: number): Promise<number> {
  const { rows } = await sql<{ hits: number; left_ms: number }>`
    select hits, (extract(epoch from (window_start + make_interval(secs => ${HANDOVER_WINDOW_MS / 1000}) - now()))
      * 1000)::int as left_ms
    from rate_limits where key = ${keyOf(orderId)}`.execute(db);
  const row = rows[0];
  if (row === undefined || row.left_ms <= 0 || row.hits < HANDOVER_MAX_WRONG) return 0;
  return Math.ceil(row.left_ms / 1000);
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
  const wait = await lockedOutFor(db, input.orderId);
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
    const over = await hitRateLimits(db, [
      { key: keyOf(input.orderId), max: HANDOVER_MAX_WRONG, windowMs: HANDOVER_WINDOW_MS },
    ]);
    if (over > 0) throw tooManyRequests(over);
    throw unprocessable(
      'VALIDATION_FAILED',
      [{ location: 'body', path: '/code', message: 'this is not the handover code of the order' }],
      { order: error.order },
    );
  }
}
