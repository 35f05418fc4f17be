/**
 * `npm run seed -- [--distributors N] [--orders N] [--data-dir DIR | --database-url URL]`
 *
 * Opens the database the server would use (flags, else DATA_DIR / DATABASE_URL, else `.data`), applies the
 * migrations, seeds the demo data when the database is empty, then adds the large data set for benchmarks:
 * N more distributors under partner@demo.test and N more orders at warehouse 1. Prints what it did and how long it took.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { hasData, seedDemo } from './demo.ts';
import { seedLarge } from './large.ts';

const USAGE = 'usage: npm run seed -- [--distributors N] [--orders N] [--data-dir DIR | --database-url URL]';

function count(value: string | undefined, name: string): number {
  if (value === undefined) return 0;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 10_000_000) {
    throw new Error(`--${name} must be a whole number between 0 and 10,000,000\n${USAGE}`);
  }
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      distributors: { type: 'string' },
      orders: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const distributors = count(values.distributors, 'distributors');
  const orders = count(values.orders, 'orders');
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? '.data';
  const started = performance.now();
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir, purpose: 'seed' });
  try {
    console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${dataDir}`}`);
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
    if (!(await hasData(database.db))) {
      const summary = await seedDemo(database.db);
      console.log(
        `Demo data: ${summary.users} users, ${summary.products} products, ${summary.orders} orders in ${(summary.millis / 1000).toFixed(1)} s`,
      );
    }
    if (distributors > 0 || orders > 0) {
      console.log(`Adding ${distributors} distributors and ${orders} orders...`);
      await seedLarge(database.db, { distributors, orders, log: (message) => console.log(`  ${message}`) });
    }
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
