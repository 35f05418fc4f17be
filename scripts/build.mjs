// `npm run build [-- --outDir DIR]`: the app for the browser (vite build, into dist/ or DIR) and the server's
// renderer of first screens (vite build --ssr src/prerender/server-entry.tsx, into dist-ssr/, or DIR-ssr: where the
// server looks for it, server/config.ts `prerenderEntry`).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, ROOT, run } from './lib/server-process.mjs';

const { values } = parseArgs({
  options: { outDir: { type: 'string' }, emptyOutDir: { type: 'boolean', default: false } },
  strict: true,
});
const outDir = resolve(ROOT, values.outDir ?? 'dist');
const ssrDir = `${outDir}-ssr`;

for (const args of [
  ['build', '--outDir', outDir, '--emptyOutDir'],
  ['build', '--ssr', 'src/prerender/server-entry.tsx', '--outDir', ssrDir, '--emptyOutDir'],
]) {
  const code = await run(BIN('vite'), args);
  if (code !== 0) process.exit(code);
}
