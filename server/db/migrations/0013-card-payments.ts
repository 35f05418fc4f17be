import { sql, type Kysely } from 'kysely';

/**
 * Card payments through a real acquirer (maib e-commerce) or its local sandbox (docs/adr/0110-maib-provider.md):
 *
 * - `orders.payment_state` gains `refund_pending` and `refunded` (the lifecycle's payment region, ADR 0112), and
 *   `orders.terms_accepted_at` keeps when the customer agreed to the terms at checkout (a card order needs it).
 * - `payments` (one row per attempt) keeps the acquirer's transaction: `provider_pay_id` (maib's `payId`, unique:
 *   a callback names its payment by it), the checkout page, the card and the final status the acquirer reported,
 *   and when reconciliation asks `pay-info` next (`next_check_at`) for an attempt whose callback never came.
 * - `payment_refunds`: the money going back, one row per paid attempt at most (`payment_id` unique: a refund is
 *   requested exactly once however often the cancellation is replayed), asked of the acquirer until it confirms.
 * - `maib_sandbox_*`: the state of the local maib sandbox the server plays when `PAYMENT_PROVIDER=sandbox`: its
 *   access tokens, its transactions, and the signed callbacks it owes the portal with their retry schedule, so any
 *   process may send them and a restart loses none.
 */

type AnyDb = Kysely<unknown>;

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** The payment region's states as of this migration (not imported: a shipped migration must not move). */
const PAYMENT_STATES = ['not_required', 'need_pay', 'paid', 'pay_failed', 'refund_pending', 'refunded'];
const PAYMENT_STATES_BEFORE = ['not_required', 'need_pay', 'paid', 'pay_failed'];

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_payment_state_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_state_check check (${oneOf('payment_state', PAYMENT_STATES)})`.execute(
    db,
  );
  await db.schema.alterTable('orders').addColumn('terms_accepted_at', 'timestamptz').execute();

  await db.schema
    .alterTable('payments')
    .addColumn('provider_pay_id', 'text', (col) => col.unique())
    .addColumn('pay_url', 'text')
    .addColumn('language', 'text')
    .addColumn('meta', 'jsonb')
    .addColumn('status', 'text')
    .addColumn('status_code', 'text')
    .addColumn('status_message', 'text')
    .addColumn('three_ds', 'text')
    .addColumn('card_number', 'text')
    .addColumn('rrn', 'text')
    .addColumn('approval', 'text')
    .addColumn('settled_by', 'text', (col) => col.check(oneOf('settled_by', ['callback', 'reconciliation'])))
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('checks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_check_error', 'text')
    .execute();
  await sql`create index payments_open_idx on payments (next_check_at) where state = 'pending'`.execute(db);

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) =>
      col.notNull().unique().references('payments.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(oneOf('reason', ['order_cancelled', 'extra_payment'])),
    )
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(oneOf('state', ['pending', 'refunded'])),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await sql`create index payment_refunds_due_idx on payment_refunds (next_attempt_at) where state = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('payment_refunds_order_idx').on('payment_refunds').column('order_id').execute();

  await db.schema
    .createTable('maib_sandbox_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(oneOf('kind', ['access', 'refresh'])))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('maib_sandbox_tokens_expiry_idx')
    .on('maib_sandbox_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('maib_sandbox_payments')
    .addColumn('pay_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('language', 'text')
    .addColumn('description', 'text')
    .addColumn('client_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('delivery', 'integer')
    .addColumn('items', 'jsonb')
    .addColumn('callback_url', 'text', (col) => col.notNull())
    .addColumn('ok_url', 'text', (col) => col.notNull())
    .addColumn('fail_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('CREATED'))
    .addColumn('status_code', 'text')
    .addColumn('status_message', 'text')
    .addColumn('three_ds', 'text')
    .addColumn('card_number', 'text')
    .addColumn('rrn', 'text')
    .addColumn('approval', 'text')
    .addColumn('refund_amount', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('maib_sandbox_callbacks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('pay_id', 'text', (col) =>
      col.notNull().references('maib_sandbox_payments.pay_id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('gave_up_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index maib_sandbox_callbacks_due_idx on maib_sandbox_callbacks (next_attempt_at)
    where delivered_at is null and gave_up_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('maib_sandbox_callbacks').execute();
  await db.schema.dropTable('maib_sandbox_payments').execute();
  await db.schema.dropTable('maib_sandbox_tokens').execute();
  await db.schema.dropTable('payment_refunds').execute();
  await sql`drop index if exists payments_open_idx`.execute(db);
  for (const column of [
    'provider_pay_id',
    'pay_url',
    'language',
    'meta',
    'status',
    'status_code',
    'status_message',
    'three_ds',
    'card_number',
    'rrn',
    'approval',
    'settled_by',
    'next_check_at',
    'checks',
    'last_check_error',
  ]) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
  await db.schema.alterTable('orders').dropColumn('terms_accepted_at').execute();
  await sql`alter table orders drop constraint if exists orders_payment_state_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_state_check check (${oneOf('payment_state', PAYMENT_STATES_BEFORE)})`.execute(
    db,
  );
}
