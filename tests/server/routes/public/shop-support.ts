/** Shared helpers of the shop tests (docs/adr/0146-the-shop-link.md): a valid client sign-up, what it writes. */
import { sql } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { proofOfWork } from './support.ts';

export type ShopClientSignUp = components['schemas']['ShopClientSignUp'];
export type ShopClientSignUpResult = components['schemas']['ShopClientSignUpResult'];

/** The demo distributor whose shop the tests use, and their alias (server/seed/accounts.ts). */
export const OWNER_EMAIL = 'partner@demo.test';
export const OWNER_ALIAS = 'elena-ciobanu';

let counter = 0;

/** A complete, valid client sign-up with a new proof of work; `overrides` change fields. */
export async function shopForm(
  t: TestApp,
  overrides: Partial<ShopClientSignUp> = {},
): Promise<ShopClientSignUp> {
  counter += 1;
  return {
    fullName: 'Irina Moraru',
    email: `irina.moraru.${process.pid}.${counter}@example.test`,
    phone: `+373 68 ${String(200 + counter).padStart(3, '0')} ${String(process.pid % 1000).padStart(3, '0')}`,
    password: 'a long walk along the Bâc',
    lang: 'ro',
    altcha: await proofOfWork(t),
    ...overrides,
  };
}

export const signUp = (t: TestApp, alias: string, json: unknown) =>
  t.post<ShopClientSignUpResult>(`/public/shops/${encodeURIComponent(alias)}/clients`, { json });

export interface SignedUpClient {
  token: string;
  userId: number;
  clientId: number;
  email: string;
}

/** Signs a new client up in the shop of `alias` and confirms their e-mail (ordering waits for it). */
export async function signedUpClient(t: TestApp, alias = OWNER_ALIAS): Promise<SignedUpClient> {
  const form = await shopForm(t);
  const answer = await signUp(t, alias, form);
  if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.text}`);
  const user = await t.db
    .updateTable('users')
    .set({ email_confirmed: true })
    .where('email', '=', form.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await t.db
    .selectFrom('clients')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { token: answer.body.access_token, userId: user.id, clientId: client.id, email: form.email };
}

/** Everything a client sign-up writes, counted: accounts, client base rows, one-time links, messages. */
export async function shopCounts(t: TestApp) {
  const count = async (table: 'users' | 'clients' | 'outbox' | 'messages') => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    users: await count('users'),
    clients: await count('clients'),
    outbox: await count('outbox'),
    messages: await count('messages'),
  };
}

/** The plan's retail rule, written out again so the tests check the server's arithmetic, not reuse it. */
export const expectedRetail = (partnerPrice: number, recommended: number | null): number =>
  recommended ?? Math.round((partnerPrice * 1.25) / 100) * 100;

/** Live `client_order` events and `business.client_order` messages of an order. */
export async function toldOf(t: TestApp, orderId: number) {
  const events = await t.db
    .selectFrom('events')
    .select(['user_id', 'payload'])
    .where('kind', '=', 'client_order')
    .where(sql<boolean>`(payload->>'orderId')::int = ${orderId}`)
    .execute();
  const messages = await t.db
    .selectFrom('messages')
    .select(['user_id', 'event', 'data'])
    .where('event', '=', 'business.client_order')
    .where('key', '=', `business.client_order:${orderId}`)
    .execute();
  return { events, messages };
}

/** Live `shop_client` events and `business.shop_client` messages of a new client (account `userId`, row `clientId`). */
export async function toldOfClient(t: TestApp, userId: number, clientId: number) {
  const events = await t.db
    .selectFrom('events')
    .select(['user_id', 'payload'])
    .where('kind', '=', 'shop_client')
    .where(sql<boolean>`(payload->>'clientId')::int = ${clientId}`)
    .execute();
  const messages = await t.db
    .selectFrom('messages')
    .select(['user_id', 'data'])
    .where('event', '=', 'business.shop_client')
    .where('key', '=', `business.shop_client:${userId}`)
    .execute();
  return { events, messages };
}
