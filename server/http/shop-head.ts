/**
 * A distributor's shop page's head, written by the server (docs/adr/0147-the-storefront-and-client-checkout.md):
 * a messenger fetching a shared `/s/{alias}` or `/s/{alias}/p/{id}` link reads the shop's or the product's title,
 * description, picture and address as Open Graph tags in `<head>`, in the visitor's language, before any script
 * runs. A shop that does not exist (or a product it does not sell) is the app's page with status 404.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Lang } from '../db/reference.ts';
import { imageUrlOf } from '../domain/catalogue/product.ts';
import { findShop } from '../domain/shop/shop.ts';
import { messagesI18n } from '../messages/i18n.ts';
import { shopDescription, shopTitle } from '../messages/page-texts.ts';
import { escapeHtml } from './page-language.ts';
import { DESCRIPTION_CHARS, OG_LOCALE, type ProductHead, shorten } from './product-head.ts';

const SHOP_PAGE = /^\/s\/([^/]{1,64})(?:\/p\/([1-9]\d{0,9})|\/checkout)?\/?$/;

/** What the page at `path` needs, or `null` when it is not a shop's page. */
export async function shopHead(
  db: Kysely<DB>,
  path: string,
  lang: Lang,
  publicUrl: string,
): Promise<ProductHead | null> {
  const match = SHOP_PAGE.exec(path);
  if (match === null) return null;
  let ref: string;
  try {
    ref = decodeURIComponent(match[1] ?? '');
  } catch {
    return { kind: 'missing' };
  }
  const shop = await findShop(db, ref);
  if (shop === null) return { kind: 'missing' };
  const i18n = messagesI18n(lang);
  const name = shop.owner.fullName;
  const title = shopTitle(i18n, name);
  const shopPath = `/s/${encodeURIComponent(shop.owner.alias ?? shop.owner.prn)}`;
  let head: { title: string; description: string; url: string; image: string | null; type: string };
  if (match[2] === undefined) {
    head = {
      title,
      description: shopDescription(i18n, name),
      url: new URL(shopPath, publicUrl).href,
      image: null,
      type: 'website',
    };
  } else {
    const id = Number(match[2]);
    const product = await db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'description', 'image_url'])
      .where('id', '=', id)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (product === undefined) return { kind: 'missing' };
    head = {
      title: `${product.name[lang]} · ${title}`,
      description: shorten(product.description[lang], DESCRIPTION_CHARS),
      url: new URL(`${shopPath}/p/${product.id}`, publicUrl).href,
      image: imageUrlOf(product, publicUrl),
      type: 'product',
    };
  }
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    ...(head.image === null
      ? []
      : [
          `<meta property="og:image" content="${escapeHtml(head.image)}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.title)}" />`,
        ]),
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}" />`,
    `<meta name="twitter:card" content="${head.image === null ? 'summary' : 'summary_large_image'}" />`,
  ].join('');
  return { kind: 'head', title: head.title, tags };
}
