/**
 * `npm run period:close -- --month YYYY-MM [--dry-run] [--data-dir DIR | --database-url URL]`
 *
 * Closes one month as the `period-close` job does (docs/adr/0083-the-period-close.md), on the database the server
 * would use (flags, else DATA_DIR / DATABASE_URL, else `.data`), in the company's time zone (PERIOD_TIME_ZONE).
 * Prints the totals it wrote, or with `--dry-run` the totals it would write, changing nothing. A month already
 * closed is reported and left as it is (exit 0); a bad month, a month not over, an earlier month still open or a
 * close already running is an error (exit 1) that changes nothing.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { closePeriod, parseMonth, PeriodCloseError } from './close.ts';
import { report } from './close-report.ts';
import { tellClosedMonths } from './statement-messages.ts';
import { setPeriodTimeZone } from './settings.ts';

const USAGE =
  'usage: npm run period:close -- --month YYYY-MM [--dry-run] [--data-dir DIR | --database-url URL]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      month: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  if (values.month === undefined) {
    console.error(`--month is required\n${USAGE}`);
    return 1;
  }
  // A month that is not one is refused before anything is opened.
  parseMonth(values.month);
  const config = loadConfig();
  const databaseUrl = values['database-url'] ?? config.databaseUrl;
  const database = await openDatabase(
    databaseUrl === undefined ? { dataDir: values['data-dir'] ?? config.dataDir } : { databaseUrl },
  );
  try {
    await migrateToLatest(database.db);
    await setPeriodTimeZone(database.db, config.periodTimeZone);
    const result = await closePeriod(database.db, {
      month: values.month,
      now: new Date(),
      zone: config.periodTimeZone,
      dryRun: values['dry-run'],
    });
    console.log(report(result, config.currency));
    if (result.outcome === 'closed') {
      const told = await tellClosedMonths(database.db);
      // Not indented: the report's indented lines are the close's totals, the same in a dry run.
      console.log(`Told ${told} members their statement is ready.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PeriodCloseError || error instanceof ConfigError) console.error(error.message);
    else if (
      error instanceof Error &&
      error.name === 'TypeError' &&
      /parseArgs|Unknown option/i.test(error.message)
    )
      console.error(`${error.message}\n${USAGE}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
