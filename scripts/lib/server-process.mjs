// Shared by scripts/start.mjs, scripts/dev.mjs, scripts/lighthouse.mjs and the Playwright global setup:
// is dist/ fresh, build it, start the reference server (server/main.ts through the local tsx) and wait for its
// `LISTENING http://host:port` line, stop a child by its pid.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = (name) => join(ROOT, 'node_modules', '.bin', name);

/** What the SPA build reads; dist/ is stale when any of these is newer than dist/index.html. */
const BUILD_INPUTS = [
  'src',
  'locales',
  'machines',
  'openapi',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'lingui.config.js',
  'tsconfig.json',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return { time: 0, file: path };
  const stat = statSync(path);
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: path };
  let best = { time: 0, file: path };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const found = newestMtime(join(path, entry.name));
    if (found.time > best.time) best = found;
  }
  return best;
}

/**
 * Why dist/ must be (re)built, or null when it is up to date.
 * @returns {string | null}
 */
export function distStaleReason(distDir = join(ROOT, 'dist')) {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return `${relative(ROOT, indexHtml)} is missing`;
  // The server's renderer of first screens, built beside it (scripts/build.mjs).
  const renderer = join(`${distDir}-ssr`, 'server-entry.js');
  if (!existsSync(renderer)) return `${relative(ROOT, renderer)} is missing`;
  const built = statSync(indexHtml).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestMtime(join(ROOT, input));
    if (newest.time > built) return `${relative(ROOT, newest.file)} is newer than the build`;
  }
  return null;
}

/** Run a command with inherited stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * The folder the browser tests build into and serve: `dist/`, or `E2E_DIST` (relative to the repo root) so that
 * several developers' runs on one machine don't rebuild each other's app mid-run.
 */
export const DIST_DIR = resolve(ROOT, process.env.E2E_DIST ?? 'dist');

/** `npm run build` (vite build) into DIST_DIR; throws when it fails. */
export async function buildDist() {
  const outDir = process.env.E2E_DIST ? ['--', '--outDir', DIST_DIR] : [];
  const code = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '-s', 'build', ...outDir]);
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}

/** Build dist/ when it is missing or older than its sources. Returns true when it built. */
export async function ensureDist({ log = console.log } = {}) {
  const reason = distStaleReason(DIST_DIR);
  if (!reason) return false;
  log(`Building the SPA (${reason})...`);
  await buildDist();
  return true;
}

/**
 * Start server/main.ts through node_modules/.bin/tsx and wait for `LISTENING <url>` on its stdout.
 * @param {object} options
 * @param {Record<string, string | undefined>} [options.env] added to process.env
 * @param {(line: string) => void} [options.onLine] every line of stdout and stderr (default: echo it)
 * @param {number} [options.timeoutMs] how long to wait for LISTENING (first start seeds the demo data)
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export function startServer({ env = {}, onLine = (line) => console.log(line), timeoutMs = 180_000 } = {}) {
  const tsx = BIN('tsx');
  if (!existsSync(tsx)) throw new Error(`${tsx} is missing: run npm ci`);
  if (!existsSync(join(ROOT, 'server', 'main.ts'))) throw new Error('server/main.ts is missing');
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const tail = [];
    const timer = setTimeout(() => {
      fail(new Error(`the server printed no LISTENING line within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    const fail = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGTERM');
      error.message += tail.length ? `\n--- server output (last lines) ---\n${tail.join('\n')}` : '';
      reject(error);
    };
    const onText = (stream) => {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline).replace(/\r$/, '');
          buffered = buffered.slice(newline + 1);
          tail.push(line);
          if (tail.length > 40) tail.shift();
          onLine(line);
          const match = /LISTENING (https?:\/\/\S+)/.exec(line);
          if (match && !settled) {
            settled = true;
            clearTimeout(timer);
            const url = match[1].replace(/\/$/, '');
            resolve({ url, child, stop: () => stopProcess(child) });
          }
        }
      });
    };
    onText(child.stdout);
    onText(child.stderr);
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      fail(new Error(`the server exited before listening (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** SIGTERM the child by its pid, SIGKILL after graceMs; resolves when it has exited. */
export function stopProcess(child, graceMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Pass termination on to children started in our process group. Ctrl-C in a terminal already reaches every
 * process of the group, so SIGINT is not sent again (a second signal makes the server exit at once); a child
 * still running after graceMs gets SIGTERM. SIGTERM and SIGHUP (sent to our pid only) are forwarded as SIGTERM.
 * @param {() => Array<import('node:child_process').ChildProcess | undefined>} children
 */
export function forwardSignals(children, graceMs = 12_000) {
  const running = () => children().filter((c) => c && c.exitCode === null && c.signalCode === null);
  const terminate = () => {
    for (const child of running()) child.kill('SIGTERM');
  };
  process.on('SIGINT', () => setTimeout(terminate, graceMs).unref());
  process.on('SIGTERM', terminate);
  process.on('SIGHUP', terminate);
}
