/**
 * Idempotency keys (`idempotency_keys`, one row per user and key): a request that must happen once per key claims
 * its key in its transaction (`insert … on conflict do nothing`), does its work and stores its answer on the row; the
 * same key again finds the row and replays that answer, or is refused with 422 `IDEMPOTENCY_KEY_REUSED` when it came
 * with another body. A concurrent request with the same key waits on the key's unique index (PostgreSQL) or on the
 * dialect's mutex (PGlite) and then replays; a failed attempt rolls back its claim, so a retry can succeed.
 *
 * Users: `POST /orders/create` (the key as the client sent it) and `POST /orders/cart/add-by-codes` (the key under
 * its own namespace, `server/domain/catalogue/quick-order.ts`).
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';

/** JSON with object keys sorted, so equal bodies hash equally whatever order their fields came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');

/** The key is this request's (store the answer on row `claimId`), or it was used before (`replay` its answer). */
export type KeyClaim<T> = { claimed: true; claimId: number } | { claimed: false; replay: T };

/**
 * Claims `key` for the user in `trx`, or finds the earlier answer for it. `isAnswer` checks the stored answer is
 * what this operation stores (it throws when not: a key claimed and never answered is a bug, not a client error).
 */
export async function claimKey<T>(
  trx: Transaction<DB>,
  input: { userId: number; key: string; hash: string; isAnswer: (value: unknown) => value is T },
): Promise<KeyClaim<T>> {
  const claim = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: input.userId, key: input.key, request_hash: input.hash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (claim !== undefined) return { claimed: true, claimId: claim.id };

  const stored = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_body'])
    .where('user_id', '=', input.userId)
    .where('key', '=', input.key)
    .executeTakeFirstOrThrow();
  if (stored.request_hash !== input.hash) {
    throw unprocessable('IDEMPOTENCY_KEY_REUSED', [
      {
        location: 'header',
        path: 'Idempotency-Key',
        message: 'this key was used with a different request body',
      },
    ]);
  }
  if (!input.isAnswer(stored.response_body))
    throw new Error(`idempotency key ${stored.request_hash} has no stored answer`);
  return { claimed: false, replay: stored.response_body };
}

/** Stores the answer of a claimed key (and the order it created, if any) for its replays. */
export async function storeAnswer(
  trx: Transaction<DB>,
  claimId: number,
  answer: { status: number; body: object; orderId?: number },
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({
      order_id: answer.orderId ?? null,
      response_status: answer.status,
      response_body: JSON.stringify(answer.body),
    })
    .where('id', '=', claimId)
    .execute();
}
