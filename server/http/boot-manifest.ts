/**
 * What the build says of the page's inline boot script: `.vite/boot-manifest.json` beside index.html, written by
 * scripts/vite/boot-script.ts (the shape is src/boot/contract.ts `BootManifest`, restated here for what the server
 * reads: the server imports nothing of src/; tests/src/boot/contract.test.ts holds the two together). The server
 * takes the script's CSP hash and the entry's script tags from it, never from index.html's markup.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BOOT_MANIFEST_FILE = join('.vite', 'boot-manifest.json');

export interface BootManifest {
  version: 1;
  /** `sha256-<base64>` of the inline boot script: a CSP source expression without its quotes. */
  scriptHash: string;
  /** The entry's `<script>` tags exactly as index.html has them (the boot script adds them on a rendered page). */
  entryScripts: ReadonlyArray<{ src: string; tag: string }>;
}

const SHA256_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;

function isEntryScript(value: unknown): value is BootManifest['entryScripts'][number] {
  return (
    typeof value === 'object' &&
    value !== null &&
    'src' in value &&
    typeof value.src === 'string' &&
    'tag' in value &&
    typeof value.tag === 'string' &&
    value.tag.startsWith('<script') &&
    value.tag.includes(value.src)
  );
}

/** The manifest's content, checked; throws when it is not one (a build of another version, a damaged file). */
export function parseBootManifest(text: string): BootManifest {
  const value: unknown = JSON.parse(text);
  if (
    typeof value !== 'object' ||
    value === null ||
    !('version' in value) ||
    value.version !== 1 ||
    !('scriptHash' in value) ||
    typeof value.scriptHash !== 'string' ||
    !SHA256_SOURCE.test(value.scriptHash) ||
    !('entryScripts' in value) ||
    !Array.isArray(value.entryScripts) ||
    !value.entryScripts.every(isEntryScript)
  )
    throw new Error(
      `${BOOT_MANIFEST_FILE} is not a boot manifest of this server's version (rebuild: npm run build)`,
    );
  return { version: 1, scriptHash: value.scriptHash, entryScripts: value.entryScripts };
}

/** The boot manifest of the built app in `appDir`, or `null` when the build wrote none (a page with no boot script). */
export function readBootManifest(appDir: string): BootManifest | null {
  const file = join(appDir, BOOT_MANIFEST_FILE);
  return existsSync(file) ? parseBootManifest(readFileSync(file, 'utf8')) : null;
}
