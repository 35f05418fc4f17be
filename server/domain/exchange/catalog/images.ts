/**
 * Product pictures 1C sends (`Картинка` → a file under `import_files/`): recognised by their bytes (JPEG, PNG, WebP,
 * GIF; never SVG, which can carry script), stored once by the SHA-256 of their bytes in `product_images`, and
 * served at `/media/product-images/<hash>.<ext>` — an address that never changes meaning, so browsers and proxies
 * may keep it for a year (`server/media/`).
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** The largest picture kept. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export const IMAGE_PATH_PREFIX = '/media/product-images/';

const FORMATS = [
  {
    type: 'image/jpeg',
    ext: 'jpg',
    test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    type: 'image/png',
    ext: 'png',
    test: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b: Uint8Array) =>
      Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
  {
    type: 'image/gif',
    ext: 'gif',
    test: (b: Uint8Array) => /^GIF8[79]a$/.test(Buffer.from(b.subarray(0, 6)).toString('latin1')),
  },
] as const;

/** The picture format of these bytes, or null when they are none the portal serves. */
export function imageFormatOf(bytes: Uint8Array): { type: string; ext: string } | null {
  const found = FORMATS.find((format) => format.test(bytes));
  return found === undefined ? null : { type: found.type, ext: found.ext };
}

/** The extension an image path ends with, from a content type. */
export const EXTENSION_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  FORMATS.map((format) => [format.ext, format.type]),
);

/**
 * Keeps a picture (once per content) and answers the path it is served at, or why it cannot be kept.
 */
export async function storeImage(
  trx: Transaction<DB>,
  bytes: Uint8Array,
): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    return { ok: false, reason: `${bytes.length} bytes; at most ${MAX_IMAGE_BYTES} are kept` };
  }
  const format = imageFormatOf(bytes);
  if (format === null) return { ok: false, reason: 'not a JPEG, PNG, WebP or GIF picture' };
  const hash = createHash('sha256').update(bytes).digest('hex');
  await trx
    .insertInto('product_images')
    .values({ hash, content_type: format.type, bytes })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return { ok: true, path: `${IMAGE_PATH_PREFIX}${hash}.${format.ext}` };
}
