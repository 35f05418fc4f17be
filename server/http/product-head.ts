/**
 * A product page's head, written by the server (docs/adr/0137-product-pages.md): whoever opens
 * `/products/{id}-{slug}` — a messenger fetching a shared link without a session, a search engine, a signed-in
 * member — gets the product's name as the page's `<title>`, its description, its picture and its canonical address
 * as Open Graph tags, in the visitor's language, before any script runs. The name, description and picture are the
 * catalogue's public face; prices, points and stock stay behind the sign-in.
 *
 * An address with another slug (an old name, a typo) is sent to the canonical one (301), so a link keeps working
 * when a product is renamed; an id that names no product gets the app's page with status 404.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Lang } from '../db/reference.ts';
import { imageUrlOf, productSlug } from '../domain/catalogue/product.ts';
import { escapeHtml } from './page-language.ts';

const PRODUCT_PAGE = /^\/products\/([1-9]\d{0,15})(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?\/?$/;

/** Open Graph's locale for each language. */
export const OG_LOCALE: Record<Lang, string> = {
  ru: 'ru_RU',
  en: 'en_GB',
  ro: 'ro_MD',
  uk: 'uk_UA',
  it: 'it_IT',
};

/** How much of the description a preview shows (messengers cut at about 200 characters). */
export const DESCRIPTION_CHARS = 200;

export type ProductHead =
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' }
  | { kind: 'head'; title: string; tags: string };

/** What the page at `path` needs, or `null` when it is not a product page. */
export async function productHead(
  db: Kysely<DB>,
  path: string,
  query: string,
  lang: Lang,
  publicUrl: string,
): Promise<ProductHead | null> {
  const match = PRODUCT_PAGE.exec(path);
  if (match === null) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return { kind: 'missing' };
  const row = await db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'description', 'image_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return { kind: 'missing' };
  const canonicalPath = `/products/${row.id}-${productSlug(row.name, row.sku)}`;
  if (path !== canonicalPath) return { kind: 'redirect', location: `${canonicalPath}${query}` };

  const name = row.name[lang];
  const description = shorten(row.description[lang], DESCRIPTION_CHARS);
  const url = new URL(canonicalPath, publicUrl).href;
  const image = imageUrlOf(row, publicUrl);
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(name)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('');
  return { kind: 'head', title: name, tags };
}

/** Text cut at a word to at most `limit` characters, with an ellipsis when cut. */
export function shorten(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The page with the product's head: the product's name as its title and its description instead of the page's
 * (the app puts its own title on once it runs), the other tags added at the end of `<head>`.
 */
export function withProductHead(page: string, head: { title: string; tags: string }): string {
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>\s*/, () => '')
    .replace('</head>', () => `${head.tags}</head>`);
}
