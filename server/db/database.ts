/**
 * Opens the reference server's database: PGlite (embedded PostgreSQL) in a data directory by default, a PostgreSQL
 * server through a `pg` pool when `databaseUrl` is given. Both answer the same Kysely<DB> with the same value types:
 * `numeric` and `int8` as numbers, `date` as 'YYYY-MM-DD' strings, `timestamptz` as Date, `jsonb` parsed.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { durablePGliteOptions } from './durable-nodefs.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

/** Calls `onNotify` for each NOTIFY on a channel; `onReconnect` after a lost listener connection came back. */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** LISTEN on a channel: PGlite in-process, PostgreSQL through one dedicated connection that reconnects. */
  listen: Listen;
  pglite?: PGlite;
  /** PGlite on disk: this process's lock on the data directory (server/db/data-dir-lock.ts). */
  lock?: DataDirLock;
};

export type OpenDatabaseOptions = {
  /** PGlite data directory (created when missing); `memory://` for an in-memory database. Default `.data`. */
  dataDir?: string;
  /** a PostgreSQL connection string; when set, PGlite is not used */
  databaseUrl?: string;
  /** PGlite only: start from a dump made by `pglite.dumpDataDir()` (tests clone a seeded template this way) */
  loadDataDir?: Blob;
  /**
   * PGlite on disk: what holds the data directory's lock (`server`, `seed`, `backup`…), named to a second process
   * that finds it in use. Default `server`.
   */
  purpose?: string;
  /** PGlite on disk: flush each commit to disk (default true; docs/adr/0131-one-owner-of-the-data-directory.md). */
  durable?: boolean;
};

const OID = { int8: 20, numeric: 1700, date: 1082, bytea: 17 } as const;

const toNumber = (value: string): number => Number(value);
const keepDate = (value: string): string => value;

/** Parsers shared by both drivers, keyed by type oid (text format). */
const PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  [OID.date]: keepDate,
};

/**
 * PGlite's `bytea` in both directions through Node's native hex codec, as node-postgres does. PGlite's own converts
 * one byte at a time in JavaScript — 750 ms to send 1 MB, 85 ms to read it back, the event loop blocked all along —
 * and 1C's files arrive in 1 MB parts, pictures of a few hundred kB.
 */
const PGLITE_BYTEA = {
  parse: (value: string): Buffer => Buffer.from(value.slice(2), 'hex'),
  serialize: (value: unknown): string => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPGlite(opts.dataDir ?? '.data', opts);
}

async function openPGlite(dataDir: string, opts: OpenDatabaseOptions): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    // One process per directory: PGlite itself would let a second one in and both would write.
    lock = await lockDataDir(dataDir, opts.purpose ?? 'server');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(inMemory || opts.durable === false ? { dataDir } : durablePGliteOptions(dataDir)),
      parsers: { ...PARSERS, [OID.bytea]: PGLITE_BYTEA.parse },
      serializers: { [OID.bytea]: PGLITE_BYTEA.serialize },
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    // A restore unpacks the backup's own copy of the lock file over ours.
    if (opts.loadDataDir !== undefined) lock?.reassert();
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    ...(lock === undefined ? {} : { lock }),
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, onNotify);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    async close() {
      try {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPostgres(databaseUrl: string): Database {
  const getTypeParser = ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) => {
    const parser = PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'];
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    application_name: 'mlm-portal',
    types: { getTypeParser },
  });
  // An idle client's error (the server restarting, a test dropping its database) must not crash the process:
  // the pool discards that client and the next query opens a new connection.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    listen: (channel, onNotify, onReconnect) =>
      listenPostgres(databaseUrl, channel, onNotify, onReconnect ?? (() => {})),
    async close() {
      await db.destroy();
    },
  };
}

/** One dedicated client LISTENing on `channel`; reconnects (1 s apart) when the connection is lost. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'mlm-portal-listen' });
    let lost = false;
    const onLost = (): void => {
      if (lost || stopped) return;
      lost = true;
      retry = setTimeout(() => {
        connect().then(onReconnect, () => undefined);
      }, 1000);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      process.emitWarning(`PostgreSQL listener error: ${error.message}`);
      onLost();
    });
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      onLost();
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
