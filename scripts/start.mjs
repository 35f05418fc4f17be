// `npm start`: build the SPA when dist/ is missing or older than its sources (skip with --no-build, as
// `npm run preview` does), then run the reference server (server/main.ts through node_modules/.bin/tsx) with
// APP_DIST=dist so the app and /api/v3 share one origin. PORT defaults to 8080; every other variable of the
// configuration (README, server/config.ts) passes through. The server prints the URL and the demo logins.
// Stops with the server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, ensureDist, forwardSignals } from './lib/server-process.mjs';
import { requireSupportedNode } from './lib/node-version.mjs';

requireSupportedNode('start');

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--no-build');
if (unknown.length > 0) {
  console.error(`start: unknown argument(s) ${unknown.join(' ')} (only --no-build)`);
  process.exit(2);
}

try {
  if (!args.includes('--no-build')) await ensureDist();
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error('start: dist/index.html is missing: run `npm run build` (or `npm start` without --no-build)');
  process.exit(1);
}

const server = spawn(BIN('tsx'), ['server/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_DIST: process.env.APP_DIST ?? join(ROOT, 'dist'),
    PORT: process.env.PORT ?? '8080',
  },
});
forwardSignals(() => [server]);
server.on('error', (error) => {
  console.error(`start: cannot run the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : signal ? 143 : 1)));
