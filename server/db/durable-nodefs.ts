/**
 * PGlite on a real disk with PostgreSQL's durability on (docs/adr/0131-one-owner-of-the-data-directory.md).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's NODEFS) has no fsync at
 * all: `fdatasync()` is a no-op and `fsync()` finds no `stream_ops.fsync`. A committed transaction then sits in
 * the operating system's cache, and an OS crash or a power cut can lose it or corrupt the directory. Here:
 *
 * - NODEFS's stream operations get an `fsync` that calls the real `fsync(2)` on the file's descriptor;
 * - PostgreSQL starts without `-F`, and with `wal_sync_method=fsync` (the one method that reaches that hook), so
 *   a commit returns after its WAL is on disk, and checkpoints flush data files and directories as on a server.
 *
 * Each commit then waits for one `fsync(2)`: `npm run bench:durability` prints what that costs.
 */
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS?: { stream_ops: Record<string, unknown> };
}

let fsyncs = 0;

/** How many fsync(2) calls durable PGlite instances of this process have made (tests check it moves). */
export function durableFsyncCount(): number {
  return fsyncs;
}

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    const addFsync = (module: unknown): void => {
      const ops = (module as EmscriptenModule).NODEFS?.stream_ops;
      if (ops === undefined) throw new Error('PGlite without NODEFS: cannot make it durable');
      ops.fsync = (stream: NodeFsStream): number => {
        if (typeof stream.nfd === 'number') {
          fsyncSync(stream.nfd);
          fsyncs += 1;
        }
        return 0;
      };
    };
    result.emscriptenOpts.preRun = [addFsync, ...preRun] as typeof preRun;
    return result;
  }
}

/** PostgreSQL's start parameters as PGlite passes them, without `-F` and with fsync as the WAL's sync method. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

/** Options that open `dataDir` (a real directory) durably. */
export function durablePGliteOptions(dataDir: string): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new DurableNodeFS(dataDir), startParams: durableStartParams() };
}
