/**
 * Product pictures served by the server itself, so `<img src>` works under the CSP (`img-src 'self' data:`):
 * `GET /media/products/{sku}.svg` (outside `/api/v3`, public, no token) answers the generated SVG of a known
 * product (`product-image.ts`) with `cache-control: public, max-age=86400` and an `ETag` (a matching
 * `If-None-Match` gets 304); an unknown SKU is 404 in the Error shape. Pictures are kept in memory once made
 * (at most one per product; a renamed product gets a new one).
 *
 * Pictures 1C sent (`server/domain/exchange/catalog/images.ts`) are at `GET /media/product-images/{sha256}.{ext}`:
 * the address names the content, so they are cached for a year as immutable.
 *
 * Register with `await registerMedia(app)` in server/app.ts (after the error handler, before `ready`).
 * `productImageUrl(publicUrl, sku)` in server/domain/catalogue/product.ts builds the matching absolute URL.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_IMAGE_PATH_PREFIX } from '../domain/catalogue/product.ts';
import { EXTENSION_TYPES, IMAGE_PATH_PREFIX } from '../domain/exchange/catalog/images.ts';
import { notFound } from '../http/errors.ts';
import { productSvg } from './product-image.ts';

const SKU_FILE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,63})\.svg$/;
const IMAGE_FILE = /^([0-9a-f]{64})\.(jpg|png|webp|gif)$/;

interface CachedImage {
  key: string;
  svg: string;
  etag: string;
}

export async function registerMedia(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, CachedImage>();

  app.get<{ Params: { file: string } }>(`${PRODUCT_IMAGE_PATH_PREFIX}:file`, async (request, reply) => {
    const match = SKU_FILE.exec(request.params.file);
    const sku = match?.[1];
    if (sku === undefined) throw notFound();
    const product = await app.db
      .selectFrom('products')
      .select(['sku', 'category', 'name'])
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (product === undefined) throw notFound();

    const key = `${product.category}\u0000${product.name.en}`;
    let image = cache.get(product.sku);
    if (image?.key !== key) {
      const svg = productSvg({ sku: product.sku, category: product.category, name: product.name.en });
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
      image = { key, svg, etag };
      cache.set(product.sku, image);
    }

    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', image.etag)
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === image.etag)) {
      return reply.code(304).send();
    }
    return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
  });

  app.get<{ Params: { file: string } }>(`${IMAGE_PATH_PREFIX}:file`, async (request, reply) => {
    const match = IMAGE_FILE.exec(request.params.file);
    const hash = match?.[1];
    const ext = match?.[2];
    if (hash === undefined || ext === undefined) throw notFound();
    const image = await app.db
      .selectFrom('product_images')
      .select(['content_type', 'bytes'])
      .where('hash', '=', hash)
      .executeTakeFirst();
    if (image === undefined || EXTENSION_TYPES[ext] !== image.content_type) throw notFound();
    const etag = `"${hash.slice(0, 27)}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      return reply.code(304).send();
    }
    return reply.type(image.content_type).send(Buffer.from(image.bytes));
  });
}
