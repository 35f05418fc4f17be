/**
 * A Kysely dialect over PGlite (embedded PostgreSQL in WASM).
 *
 * PGlite is one backend with one session, so the driver hands out a single connection guarded by a lock: a query
 * outside a transaction holds it for that query, a transaction (BEGIN ... COMMIT/ROLLBACK on that connection) holds it
 * until it ends. Concurrent transactions therefore run one after another, never interleaved in one session; a
 * request's go before background work's (docs/adr/0150-requests-before-background-work.md).
 * Compilation, adapter (advisory-lock migrations) and introspection are Kysely's PostgreSQL ones.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isBackground, requestsBeingServed, requestsFirst } from '../ops/requests-first.ts';

/** How long a background statement may be passed over by requests before it goes next anyway. */
const BACKGROUND_PATIENCE_MS = 200;

/**
 * The one connection's lock: first come, first served among requests, and among background work; a request that
 * waits goes before background work that waits (server/ops/requests-first.ts), unless that work has waited
 * `BACKGROUND_PATIENCE_MS` already — busy requests slow background work down, they never stop it.
 */
class ConnectionLock {
  #held = false;
  readonly #requests: Array<() => void> = [];
  readonly #background: Array<{ grant: () => void; since: number }> = [];

  async lock(background: boolean): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((grant) => {
      if (background) this.#background.push({ grant, since: performance.now() });
      else this.#requests.push(grant);
    });
  }

  /** Hands the connection to the next in line (it stays held), or frees it. */
  unlock(): void {
    const oldest = this.#background[0];
    const overdue = oldest !== undefined && performance.now() - oldest.since > BACKGROUND_PATIENCE_MS;
    const next = overdue
      ? this.#background.shift()?.grant
      : (this.#requests.shift() ?? this.#background.shift()?.grant);
    if (next === undefined) this.#held = false;
    else next();
  }
}

const AFFECTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = 'command' in result && typeof result.command === 'string' ? result.command : '';
    if (command === 'COMMIT' || command === 'ROLLBACK') {
      return { rows: [{ command } as R] };
    }
    return {
      rows: result.rows,
      numAffectedRows: AFFECTING_COMMANDS.has(command) ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered; the generator only reports that
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported by the PGlite dialect');
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #lock = new ConnectionLock();
  readonly #connection: PGliteConnection;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!isBackground()) {
      await this.#lock.lock(false);
      return this.#connection;
    }
    // Background work takes the connection only for a piece of its own (ADR 0150): when no request is being served,
    // or on its turn among requests. One that was let in while quiet but finds a request begun by the time the
    // connection is free gives way: else a request would meet a background statement between each two of its own.
    for (;;) {
      const why = await requestsFirst();
      await this.#lock.lock(true);
      if (why === 'turn' || requestsBeingServed() === 0) return this.#connection;
      this.#lock.unlock();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await connection.executeQuery<{ command?: string }>(CompiledQuery.raw('commit'));
    if (rows[0]?.command === 'ROLLBACK') {
      throw new Error('the transaction was rolled back instead of committed (an earlier statement failed)');
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(savepointName)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(savepointName)}`));
  }

  async releaseConnection(): Promise<void> {
    this.#lock.unlock();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see `openDatabase`).
  }
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
