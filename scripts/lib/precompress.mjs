// Pre-compressed siblings of every text file under a directory (`x.js.br` at brotli's best, `x.js.gz` at gzip's
// best), written once so the server (`@fastify/static` with `preCompressed`) sends them as they are, like a CDN.
// Used by the Vite build (vite.config.ts) and by `npm run bench:web` for its yardstick pages.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What is worth compressing (fonts and images are compressed already; source maps are not served). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 256;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` (dot directories left out); returns how many. */
export async function precompressDir(dir) {
  const files = (await filesUnder(dir)).filter(
    (file) =>
      COMPRESSIBLE.test(file) &&
      !file
        .slice(dir.length)
        .split(sep)
        .some((part) => part.startsWith('.')),
  );
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}
