import { OPERATOR_NODE_ENV } from './react-build.ts';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, urlHost, type Config } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { serveMetrics, type MetricsServer } from './ops/metrics-server.ts';
import { productionWarnings } from './ops/production-mode.ts';
import { DEMO_ACCOUNTS } from './seed/accounts.ts';
import { seedDemo } from './seed/demo.ts';
import { setPeriodTimeZone } from './domain/volumes/settings.ts';

function readConfig(): Config {
  try {
    return loadConfig({ ...process.env, NODE_ENV: OPERATOR_NODE_ENV });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

async function openOwnDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      purpose: 'server',
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  // The configuration first: whether this is the production mode follows NODE_ENV as the operator set it
  // (docs/adr/0130-production-mode.md), recorded by ./react-build.ts before it defaulted NODE_ENV for React.
  const config = readConfig();
  if (config.production) console.log('Production mode: every check passed (docs/scaling.md)');
  const warnings = productionWarnings(config);
  if (warnings.length > 0) console.warn(`\n${'!'.repeat(100)}\n${warnings.join('\n')}\n${'!'.repeat(100)}\n`);
  const database = await openOwnDatabase(config);
  const stale = database.lock?.tookOverFrom;
  if (stale !== undefined && stale !== null)
    console.warn(
      `The data directory's lock of process ${stale.pid} (${stale.purpose}, since ${stale.startedAt}) was stale ` +
        '(that process is gone, killed or crashed): taken over.',
    );
  const where =
    config.databaseUrl === undefined ? `PGlite at ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) console.log(`Database: ${where}; migrations applied: ${applied.join(', ')}`);
  else console.log(`Database: ${where}; schema up to date`);

  // Months are the company's (PERIOD_TIME_ZONE) before the first order is credited, the demo's included.
  await setPeriodTimeZone(database.db, config.periodTimeZone);
  if (config.seed === 'demo') {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from users`.execute(
      database.db,
    );
    if ((rows[0]?.count ?? 0) === 0) {
      console.log('Seeding demo data (first start)...');
      const started = Date.now();
      await seedDemo(database.db);
      console.log(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  const app = await buildApp({ config, database });
  await app.listen({ host: config.host, port: config.port });
  let metricsServer: MetricsServer | undefined;
  if (config.metrics !== undefined) metricsServer = await serveMetrics(app.metrics, config.metrics);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const origin = `${config.tls === undefined ? 'http' : 'https'}://${urlHost(config.host)}:${port}`;
  if (!config.publicUrlFromEnv) config.publicUrl = origin;

  console.log(`API: ${origin}/api/v3`);
  console.log(`Health: ${origin}/healthz, ${origin}/readyz`);
  if (metricsServer !== undefined) console.log(`METRICS ${metricsServer.url}`);
  if (config.appDist !== undefined) console.log(`App: ${config.publicUrl}/`);
  if (config.seed === 'demo') {
    console.log('Demo logins:');
    for (const account of DEMO_ACCOUNTS) {
      console.log(
        `  ${account.role.padEnd(17)} ${account.email.padEnd(28)} ${account.password}  ${account.emailConfirmed ? '' : '(e-mail not confirmed)'}`.trimEnd(),
      );
    }
    if (config.appDist !== undefined) {
      console.log('Invitation links (sign up under a distributor):');
      for (const account of DEMO_ACCOUNTS)
        if (account.alias !== undefined)
          console.log(`  ${account.email.padEnd(28)} ${config.publicUrl}/join/${account.alias}`);
      console.log('Shop links (a client signs up and orders at the retail price):');
      for (const account of DEMO_ACCOUNTS)
        if (account.alias !== undefined)
          console.log(`  ${account.email.padEnd(28)} ${config.publicUrl}/s/${account.alias}`);
    }
  }
  console.log(`LISTENING ${origin}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    Promise.resolve(metricsServer?.close())
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('error while shutting down', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('the server could not start:', error);
  process.exit(1);
});
