import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from '../lib/precompress.mjs';

/**
 * Pre-compressed siblings of every built text file (`x.js.br` at brotli's best, `x.js.gz` at gzip's best), written
 * once at build time so the server (`@fastify/static` with `preCompressed`) sends them as they are, like a CDN.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
