import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tests/paths/support/machine-files.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every `*.machine.ts` under machines/, relative to the repository root, sorted: each one is a machine. */
export function machineFiles(dir = join(REPO_ROOT, 'machines')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return machineFiles(full);
      return entry.name.endsWith('.machine.ts') ? [relative(REPO_ROOT, full).split('\\').join('/')] : [];
    })
    .sort();
}

/** `machines/personal/profile.machine.ts` → `profile`. */
export const machineNameOf = (file: string) =>
  file
    .split('/')
    .at(-1)
    ?.replace(/\.machine\.ts$/, '') ?? file;
/** `machines/personal/profile.machine.ts` → `personal`. */
export const machineFolderOf = (file: string) => file.split('/').at(-2) ?? '';
