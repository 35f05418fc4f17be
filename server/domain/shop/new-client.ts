/**
 * A new client of a distributor's shop is told to the shop's owner (docs/adr/0146-the-shop-link.md), as a new
 * recruit is told to their sponsor: a live `shop_client` event (the client base reads again) and a
 * `business.shop_client` message, both in the sign-up's transaction, so they commit with the account or not at all.
 * A retried sign-up cannot tell twice: the address is taken under its lock by then (409 `EMAIL_TAKEN`, the whole
 * transaction rolled back), and the message's key is the new account's anyway.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messages/outbox.ts';

export interface NewShopClient {
  ownerId: number;
  userId: number;
  clientId: number;
  clientName: string;
}

/** The live event and the message of a new shop client, in the sign-up's transaction `trx`. */
export async function tellOfNewClient(trx: Transaction<DB>, client: NewShopClient): Promise<void> {
  await sql`select events_append('shop_client', ${client.ownerId}::int, null, null,
    jsonb_build_object('clientId', ${client.clientId}::int, 'clientName', ${client.clientName}::text))`.execute(
    trx,
  );
  await enqueueMessage(trx, {
    event: 'business.shop_client',
    userId: client.ownerId,
    key: `business.shop_client:${client.userId}`,
    data: { name: client.clientName, clientId: client.clientId },
  });
}
