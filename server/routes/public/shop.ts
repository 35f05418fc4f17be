/**
 * A distributor's shop without an account (docs/adr/0146-the-shop-link.md): its card, its window at the retail price
 * and one product, each short-lived in shared caches (a link shared in a messenger is opened by many at once), and
 * signing up as its client. The limits per address, e-mail and shop are the router's (server/auth/rate-limit.ts).
 */
import type { Handler, Handlers } from '../../contract/types.ts';
import { respond } from '../../contract/types.ts';
import { tokenFor } from '../../domain/account/credentials.ts';
import { findShop, shopCard, shopGood, shopGoods, type Shop } from '../../domain/shop/shop.ts';
import { signUpShopClient as signUp } from '../../domain/shop/sign-up.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** A minute in shared caches: a disabled owner's shop is gone from them within it. */
const CACHE = { 'cache-control': 'public, max-age=60' } as const;

async function shopOr404(db: Kysely<DB>, alias: string): Promise<Shop> {
  const shop = await findShop(db, alias);
  if (shop === null) throw notFound();
  return shop;
}

export const getShopCard: Handler<'getShopCard'> = async ({ db, params }) =>
  respond(200, shopCard(await shopOr404(db, params.alias)), CACHE);

export const listShopGoods: Handler<'listShopGoods'> = async ({ db, params, query, config }) => {
  const shop = await shopOr404(db, params.alias);
  const page = await shopGoods(
    db,
    shop,
    {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 20,
      category: query.category,
      q: query.q,
      sort: query.sort ?? 'popular',
      order: query.order,
      lang: query.lang ?? 'ru',
    },
    config.currency,
    config.publicUrl,
  );
  return respond(200, page, CACHE);
};

export const getShopGood: Handler<'getShopGood'> = async ({ db, params, config }) => {
  const shop = await shopOr404(db, params.alias);
  const good = await shopGood(db, shop, params.productId, config.currency, config.publicUrl);
  if (good === null) throw notFound();
  return respond(200, good, CACHE);
};

export const signUpShopClient: Handler<'signUpShopClient'> = async ({ db, config, params, body, lang }) => {
  const client = await signUp(db, config, params.alias, body, lang);
  const accessToken = await tokenFor(
    { id: client.userId, is_warehouse: false, is_partner: false, session_version: client.sessionVersion },
    config,
  );
  return respond(201, { access_token: accessToken, token_type: 'Bearer' });
};

export const shopHandlers = {
  getShopCard,
  listShopGoods,
  getShopGood,
  signUpShopClient,
} satisfies Pick<Handlers, 'getShopCard' | 'listShopGoods' | 'getShopGood' | 'signUpShopClient'>;
