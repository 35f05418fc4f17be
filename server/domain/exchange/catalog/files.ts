/**
 * Where the files of a catalogue import come from: the parts 1C posted in its exchange session (`mode=file`, kept in
 * `exchange_file_parts`), or, for the demo seed, a package on disk. Names are relative paths as 1C writes them
 * (`import.xml`, `import_files/ab/abcd.jpg`), checked by `safeFileName` before anything is kept or looked up.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { dropFile, heldFile, sessionFiles, type ExchangeSession } from '../sessions.ts';

export interface FileSource {
  /** Names of the files there are. */
  names(): Promise<string[]>;
  /**
   * A file's bytes, null when there is none of that name. Inside a transaction, pass it: on PGlite a read outside
   * the open transaction would wait for it to end.
   */
  read(name: string, via?: Kysely<DB> | Transaction<DB>): Promise<Uint8Array | null>;
  /** Forgets a file (its bytes are no longer needed). */
  drop(name: string): Promise<void>;
}

/**
 * A file name 1C sent, as a clean relative path (`\` as `/`, no `./`), or null when it climbs out of the exchange's
 * folder (`..`), starts at a root (`/`, `C:`), or holds control characters. 1C on Linux may prefix `/tmp/` or
 * `upload/1c/webdata/` (its own working folders), which is dropped as the Bitrix module does.
 */
export function safeFileName(raw: string): string | null {
  let name = raw.replace(/\\/g, '/').trim();
  name = name.replace(/^(\/tmp\/|upload\/1c\/webdata\/)/, '');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name may not hold
  if (name === '' || name.length > 300 || /[\u0000-\u001f\u007f]/.test(name)) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

/** The base name of a path. */
export const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);

/** The files of an exchange session. */
export function sessionSource(db: Kysely<DB>, session: ExchangeSession): FileSource {
  return {
    names: async () => (await sessionFiles(db, session)).map((file) => file.name),
    read: async (name, via) => {
      const bytes = await heldFile(via ?? db, session, name);
      return bytes.length === 0 ? null : bytes;
    },
    drop: (name) => dropFile(db, session, name),
  };
}

/** Files held in memory (the demo seed's package, read from disk once). */
export function memorySource(files: ReadonlyMap<string, Uint8Array>): FileSource {
  const kept = new Map(files);
  return {
    names: async () => [...kept.keys()].sort(),
    read: async (name) => kept.get(name) ?? null,
    drop: async (name) => {
      kept.delete(name);
    },
  };
}

/**
 * The file an `import&filename=` call names: that exact name, else the one file whose base name it is (a zip may
 * hold `goods/1/import___<guid>.xml` where 1C names `import___<guid>.xml`).
 */
export async function resolveName(source: FileSource, name: string): Promise<string | null> {
  const names = await source.names();
  if (names.includes(name)) return name;
  const base = baseName(name);
  const matches = names.filter((candidate) => baseName(candidate) === base);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
