/**
 * Versioned migrations, run by Kysely's Migrator from a static list (no file-system scan, so it works the same under
 * tsx, vitest and a bundle). Add a migration as `migrations/NNNN-name.ts` and list it here; never edit one that
 * has shipped.
 */
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-order-counts.ts';
import * as m0003 from './migrations/0003-exchange-sessions.ts';
import * as m0004 from './migrations/0004-events.ts';
import * as m0005 from './migrations/0005-list-indexes.ts';
import * as m0006 from './migrations/0006-warehouse-queue.ts';
import * as m0007 from './migrations/0007-order-desk.ts';
import * as m0008 from './migrations/0008-network-attention.ts';
import * as m0009 from './migrations/0009-background-work.ts';
import * as m0010 from './migrations/0010-volume-engine.ts';
import * as m0011 from './migrations/0011-catalogue-exchange.ts';
import * as m0012 from './migrations/0012-message-delivery.ts';
import * as m0013 from './migrations/0013-card-payments.ts';
import * as m0014 from './migrations/0014-accounts-security.ts';
import * as m0015 from './migrations/0015-operations.ts';
import * as m0016 from './migrations/0016-product-pages.ts';
import * as m0017 from './migrations/0017-returns.ts';
import * as m0018 from './migrations/0018-room-for-the-close.ts';
import * as m0019 from './migrations/0019-return-events.ts';
import * as m0020 from './migrations/0020-sign-up.ts';
import * as m0021 from './migrations/0021-shop-link.ts';
import * as m0022 from './migrations/0022-catalogue-indexes.ts';
import type { DB } from './schema.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-order-counts': m0002,
  '0003-exchange-sessions': m0003,
  '0004-events': m0004,
  '0005-list-indexes': m0005,
  '0006-warehouse-queue': m0006,
  '0007-order-desk': m0007,
  '0008-network-attention': m0008,
  '0009-background-work': m0009,
  '0010-volume-engine': m0010,
  '0011-catalogue-exchange': m0011,
  '0012-message-delivery': m0012,
  '0013-card-payments': m0013,
  '0014-accounts-security': m0014,
  '0015-operations': m0015,
  '0016-product-pages': m0016,
  '0017-returns': m0017,
  '0018-room-for-the-close': m0018,
  '0019-return-events': m0019,
  '0020-sign-up': m0020,
  '0021-shop-link': m0021,
  '0022-catalogue-indexes': m0022,
};

export function createMigrator(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
}

/** Applies every pending migration; throws (with the failing migration's name) when one fails. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest();
  const failed = result.results?.find((migration) => migration.status === 'Error');
  if (result.error !== undefined) {
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? [])
    .filter((migration) => migration.status === 'Success')
    .map((m) => m.migrationName);
}
