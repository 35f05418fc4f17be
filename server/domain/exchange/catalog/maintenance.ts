/**
 * What an imported file leaves for PGlite to tidy, which PostgreSQL's autovacuum would do on its own
 * (docs/adr/0143-catalogue-reads-beside-the-import.md).
 *
 * PGlite runs no autovacuum. Without fresh statistics a catalogue grown by thousands of rows was still planned as
 * the few it had (the offers' set-wise updates scanned the whole table for each chunk); without a vacuum the
 * offers' updates left a dead version of every product, and the visibility map stayed empty, so the catalogue's
 * count (`GET /goods`'s `total`) read every wide row instead of the index of the products still sold.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const tablesOf = (kind: 'catalogue' | 'offers' | 'classifier' | null): string[] =>
  kind === 'catalogue' ? ['products'] : kind === 'offers' ? ['products', 'warehouse_stock'] : [];

/**
 * Inside the file's last transaction: `ANALYZE` where a vacuum cannot run (the demo seed imports in one
 * transaction of its own); elsewhere nothing, `vacuumAfter` does more once the transaction is committed.
 */
export async function analyzeWithin(trx: Transaction<DB>, db: Db, kind: Parameters<typeof tablesOf>[0]) {
  if (!db.isTransaction) return;
  for (const table of tablesOf(kind)) await sql`analyze ${sql.table(table)}`.execute(trx);
}

/** After the file's last transaction: `VACUUM (ANALYZE)` of what it changed (a few tens of ms at 10,000 rows). */
export async function vacuumAfter(db: Db, kind: Parameters<typeof tablesOf>[0]) {
  if (db.isTransaction) return;
  for (const table of tablesOf(kind)) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
}
