// `npm run dev`: the reference server on PORT (default 8080, demo data in DATA_DIR, default .data) plus the Vite
// dev server (node_modules/.bin/vite, started directly so that it is stopped by its own pid) whose proxy sends
// /api to that server (vite.config.ts reads API_PROXY_TARGET). Extra arguments go to vite. Ctrl-C stops both;
// when either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { BIN, ROOT, forwardSignals, startServer, stopProcess } from './lib/server-process.mjs';
import { requireSupportedNode } from './lib/node-version.mjs';

requireSupportedNode('dev');

const port = process.env.PORT ?? '8080';
let server;
let vite;
let stopping = false;
let interrupted = false; // Ctrl-C: the terminal has already signalled both children
process.on('SIGINT', () => {
  interrupted = true;
});

/** Wait for a child to exit (after Ctrl-C) or SIGTERM it; SIGKILL as a last resort. */
function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
  if (!interrupted) return stopProcess(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(stopProcess(child)), 12_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all([stopChild(vite), stopChild(server)]);
  process.exit(code);
}

forwardSignals(() => [server, vite]);

try {
  const started = await startServer({
    env: { PORT: port },
    onLine: (line) => console.log(`[server] ${line}`),
  });
  server = started.child;
  server.on('exit', (code) => {
    if (!stopping) console.error(`[dev] the server exited (${code ?? 'signal'}); stopping vite`);
    void stopAll(code ?? 0);
  });
  vite = spawn(BIN('vite'), process.argv.slice(2), {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: started.url },
  });
  vite.on('exit', (code) => void stopAll(code ?? 0));
} catch (error) {
  console.error(`[dev] ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
