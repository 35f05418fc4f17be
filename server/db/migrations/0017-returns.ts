import { sql, type Kysely } from 'kysely';

/**
 * Returns of a received order's goods (docs/adr/0138-returns.md; the machine is `machines/returns`).
 *
 * - `order_returns`: one row per return, its machine state (`status`, `refund_state`), the policy's verdict at
 *   request time (`reason`, `rate_percent`), the refund `amount` (what it refunds, or would), `version` for
 *   optimistic concurrency, and its 1C exchange state (`exchange_state` queued → sent → confirmed, the session
 *   that queried it last). `(order_id, seq)` is unique: the return's number is the order's and its place.
 * - `order_return_lines`: per product, the units requested, received and damaged, with the unit price paid and the
 *   PV per unit of the order line (copied: a return refunds what was paid then).
 * - `order_return_history`: every step, oldest first.
 * - `payment_refunds` gains `return_id` (unique: a return's refund is requested once) and the reason `return`; the
 *   payment's own uniqueness now holds for the refunds of a cancelled or twice-paid order only, as a return refunds
 *   part of a payment that stays paid.
 */

type AnyDb = Kysely<unknown>;

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** As of this migration (not imported: a shipped migration must not move). */
const STATUSES = ['requested', 'received', 'accepted', 'refused', 'cancelled'];
const REFUND_STATES = ['none', 'pending', 'refunded', 'credited'];
const REASONS = ['faulty', 'wrong_item', 'unopened'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_returns')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull().check(sql`seq > 0`))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('warehouses.id'))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('requested').check(oneOf('status', STATUSES)),
    )
    .addColumn('refund_state', 'text', (col) =>
      col.notNull().defaultTo('none').check(oneOf('refund_state', REFUND_STATES)),
    )
    .addColumn('reason', 'text', (col) => col.notNull().check(oneOf('reason', REASONS)))
    .addColumn('rate_percent', 'integer', (col) => col.notNull().check(sql`rate_percent in (90, 100)`))
    .addColumn('payment_method', 'text', (col) =>
      col.notNull().check(oneOf('payment_method', ['cash', 'card'])),
    )
    .addColumn('comment', 'text')
    .addColumn('refuse_comment', 'text')
    .addColumn('amount', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('exchange_state', 'text', (col) =>
      col.check(oneOf('exchange_state', ['queued', 'sent', 'confirmed'])),
    )
    .addColumn('exchange_session_id', 'text')
    .addColumn('exchanged_at', 'timestamptz')
    .addUniqueConstraint('order_returns_order_seq_key', ['order_id', 'seq'])
    .execute();
  await db.schema.createIndex('order_returns_order_idx').on('order_returns').column('order_id').execute();
  await db.schema
    .createIndex('order_returns_queue_idx')
    .on('order_returns')
    .columns(['warehouse_id', 'status', 'requested_at', 'id'])
    .execute();
  await db.schema
    .createIndex('order_returns_exchange_idx')
    .on('order_returns')
    .column('id')
    .where(sql.ref('exchange_state'), 'in', ['queued', 'sent'])
    .execute();

  await db.schema
    .createTable('order_return_lines')
    .addColumn('return_id', 'integer', (col) =>
      col.notNull().references('order_returns.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('order_line_id', 'integer', (col) =>
      col.notNull().references('order_lines.id').onDelete('cascade'),
    )
    .addColumn('requested', 'integer', (col) => col.notNull().check(sql`requested > 0`))
    .addColumn('received', 'integer', (col) => col.check(sql`received >= 0 and received <= requested`))
    .addColumn('damaged', 'integer', (col) => col.check(sql`damaged >= 0 and damaged <= received`))
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(sql`unit_price >= 0`))
    .addColumn('points', sql`numeric(12, 2)`, (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_return_lines_pkey', ['return_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('order_return_history')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('return_id', 'integer', (col) =>
      col.notNull().references('order_returns.id').onDelete('cascade'),
    )
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('actor_role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(oneOf('status', STATUSES)))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .execute();
  await db.schema
    .createIndex('order_return_history_return_idx')
    .on('order_return_history')
    .columns(['return_id', 'id'])
    .execute();

  await sql`alter table payment_refunds drop constraint if exists payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check check (${oneOf('reason', [
    'order_cancelled',
    'extra_payment',
    'return',
  ])})`.execute(db);
  await sql`alter table payment_refunds drop constraint if exists payment_refunds_payment_id_key`.execute(db);
  await db.schema
    .alterTable('payment_refunds')
    .addColumn('return_id', 'integer', (col) =>
      col.unique().references('order_returns.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('payment_refunds_payment_once_idx')
    .on('payment_refunds')
    .column('payment_id')
    .unique()
    .where(sql.ref('return_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('payment_refunds_payment_idx')
    .on('payment_refunds')
    .column('payment_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from payment_refunds where return_id is not null`.execute(db);
  await db.schema.dropIndex('payment_refunds_payment_idx').execute();
  await db.schema.dropIndex('payment_refunds_payment_once_idx').execute();
  await db.schema.alterTable('payment_refunds').dropColumn('return_id').execute();
  await sql`alter table payment_refunds add constraint payment_refunds_payment_id_key unique (payment_id)`.execute(
    db,
  );
  await sql`alter table payment_refunds drop constraint if exists payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check check (${oneOf('reason', [
    'order_cancelled',
    'extra_payment',
  ])})`.execute(db);
  await db.schema.dropTable('order_return_history').execute();
  await db.schema.dropTable('order_return_lines').execute();
  await db.schema.dropTable('order_returns').execute();
}
