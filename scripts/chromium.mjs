// Where Chromium is and how to launch it headless on this kind of machine (see docs/architecture.md, "Stack
// notes"). Order: $CHROME_PATH, Debian's /usr/bin/chromium, then Playwright's own downloaded browser (a
// developer elsewhere).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Flags that keep headless Chromium quiet and offline (it tries to reach hosts otherwise). */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own Chromium when it was downloaded (not possible on this machine, possible elsewhere). */
function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Chromium executable to use, or undefined when none is found.
 * @returns {string | undefined}
 */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}

/**
 * Like findChromium(), but throws a message saying how to get one.
 * @returns {string}
 */
export function requireChromium() {
  const path = findChromium();
  if (!path) {
    throw new Error(
      "No Chromium found. Install Debian's package (apt-get install -y chromium), " +
        'or set CHROME_PATH to a Chromium/Chrome executable, or run `npx playwright install chromium`.',
    );
  }
  return path;
}

/** Launch options for Playwright's chromium.launch() / `use.launchOptions`. */
export function playwrightLaunchOptions() {
  // Playwright adds its own --headless; pass the rest of the flags.
  return { executablePath: requireChromium(), args: CHROMIUM_ARGS.filter((a) => a !== '--headless') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node scripts/chromium.mjs` prints the path (exit 1 when none), handy in shell scripts.
  const path = findChromium();
  if (!path) {
    console.error('chromium: not found');
    process.exit(1);
  }
  console.log(path);
}
