import { sql, type Kysely } from 'kysely';

/**
 * The shop link (docs/adr/0146-the-shop-link.md).
 *
 * - `users.shop_owner_id`: for a shop client (a customer account, `is_partner = false`), the distributor whose shop
 *   they signed up in: they pay the retail price, the points of their orders go to that distributor, and their
 *   shop is that distributor's by default. Null for everyone else.
 * - `clients.user_id`: the account behind a row of a client base, when the client signed up in the owner's shop;
 *   unique, so one account is one client of one distributor. An order of that account carries the row in
 *   `orders.client_id`, which is how the client base counts orders already.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table users add column shop_owner_id integer references users (id)`.execute(db);
  await sql`create index users_shop_owner_idx on users (shop_owner_id) where shop_owner_id is not null`.execute(
    db,
  );
  await sql`alter table clients add column user_id integer references users (id) on delete set null`.execute(
    db,
  );
  await sql`create unique index clients_user_key on clients (user_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists clients_user_key`.execute(db);
  await sql`alter table clients drop column user_id`.execute(db);
  await sql`drop index if exists users_shop_owner_idx`.execute(db);
  await sql`alter table users drop column shop_owner_id`.execute(db);
}
