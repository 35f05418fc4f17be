/**
 * The sort key that puts orders waiting for their distributor first
 * (docs/adr/0025-what-waits-for-the-distributor.md). The rule is the lifecycle machine's (`orderAttention` in
 * `machines/order-lifecycle/order-lifecycle.attention.rules.ts`): its combinations of status, payment state, payment
 * method and delivery type become one `case` expression, so SQL and SPA cannot disagree.
 */
import { sql, type RawBuilder } from 'kysely';
import { attentionCombinations } from '#machines/order-lifecycle/order-lifecycle.attention.rules.ts';

let expression: RawBuilder<number> | null = null;

/** `0` for an order of `orders as o` that needs its distributor now, `1` otherwise. */
export function attentionRank(): RawBuilder<number> {
  if (expression !== null) return expression;
  const tuples = attentionCombinations().map(
    (facts) => sql`(${facts.status}, ${facts.paymentState}, ${facts.paymentMethod}, ${facts.deliveryType})`,
  );
  expression = sql<number>`case when (o.status, o.payment_state, o.payment_method, o.delivery_type) in (${sql.join(tuples)}) then 0 else 1 end`;
  return expression;
}
