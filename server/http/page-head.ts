/**
 * The head the server writes for a public page a link is shared to (a product's, a shop's): the one place the page
 * handler asks, whichever kind of page it is (server/http/product-head.ts, server/http/shop-head.ts).
 */
import type { Kysely } from 'kysely';
import type { Lang } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';
import { productHead, type ProductHead } from './product-head.ts';
import { shopHead } from './shop-head.ts';

export { withProductHead as withPageHead } from './product-head.ts';

/** The page's head, redirect or 404, or `null` when `path` is no page with a head of its own. */
export async function pageHead(
  db: Kysely<DB>,
  path: string,
  query: string,
  lang: Lang,
  publicUrl: string,
): Promise<ProductHead | null> {
  return (await productHead(db, path, query, lang, publicUrl)) ?? (await shopHead(db, path, lang, publicUrl));
}
