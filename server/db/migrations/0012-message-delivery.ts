import { sql, type Kysely } from 'kysely';

/**
 * Delivering the messages of the outbox (`messages`, migration 0009) by e-mail and web push
 * (docs/adr/0100-message-delivery.md):
 *
 * - `messages.planned_at`: when a worker turned the message into deliveries (null: not yet). Every insert into
 *   `messages` ends with `pg_notify('mlm_messages')`, so each process's worker learns of it at commit.
 * - `message_deliveries`: one row per message and target (`email`, or `push:<subscription id>`), with its state
 *   (`queued` → `sending` → `sent` | `failed` | `dropped`), attempts, and when it is due: the next try while
 *   queued, the end of the sending process's lease while sending (past it, another process takes it over).
 *   `queue_key` names the recipient's queue (`email:<user>`, `push:<subscription>`): only its oldest
 *   unfinished delivery may be sent, so a recipient gets messages in the order they were written.
 * - `message_choices`: what a person turned off or on, per topic (a group, or an opt-in event) and channel; a
 *   missing row means the topic's default (server/messages/choices.ts).
 * - `push_subscriptions`: one per browser that turned web push on (its endpoint and keys, RFC 8291).
 * - `mailbox`: the built-in mailbox: every e-mail "sent" without an SMTP server, as the raw message.
 * - `vapid_keys`: the web-push key pair made on first use when VAPID_* are not configured, shared by every process.
 */

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('messages').addColumn('planned_at', 'timestamptz').execute();
  await sql`create index messages_unplanned_idx on messages (id) where planned_at is null`.execute(db);
  await sql`
    create function messages_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('mlm_messages', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger messages_notify after insert on messages
    for each statement execute function messages_notify()`.execute(db);

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('message_deliveries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('message_id', 'integer', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('queue_key', 'text', (col) => col.notNull())
    .addColumn('subscription_id', 'integer', (col) =>
      col.references('push_subscriptions.id').onDelete('set null'),
    )
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'sending', 'sent', 'failed', 'dropped')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('connection_failed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('message_deliveries_target_key', ['message_id', 'target'])
    .execute();
  // The worker's questions: what is due, what is unfinished per recipient (the head of each queue).
  await sql`create index message_deliveries_due_idx on message_deliveries (channel, next_attempt_at)
    where state in ('queued', 'sending')`.execute(db);
  await sql`create index message_deliveries_queue_idx on message_deliveries (queue_key, id)
    where state in ('queued', 'sending')`.execute(db);
  await db.schema
    .createIndex('message_deliveries_message_idx')
    .on('message_deliveries')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('message_choices')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_choices_pkey', ['user_id', 'topic', 'channel'])
    .execute();

  await db.schema
    .createTable('mailbox')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('message_id', 'integer', (col) => col.references('messages.id').onDelete('set null'))
    .addColumn('message_id_header', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('raw', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('vapid_keys').execute();
  await db.schema.dropTable('mailbox').execute();
  await db.schema.dropTable('message_choices').execute();
  await db.schema.dropTable('message_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await sql`drop trigger messages_notify on messages`.execute(db);
  await sql`drop function messages_notify()`.execute(db);
  await sql`drop index messages_unplanned_idx`.execute(db);
  await db.schema.alterTable('messages').dropColumn('planned_at').execute();
}
