/**
 * The real app on a fresh in-memory PGlite with the demo data, listening on 127.0.0.1 (a free port), for the
 * benchmarks that run alone (`scripts/bench/*.ts`). Imported lazily, so that `bench:api` loading a benchmark module
 * does not load the app twice.
 */
import { OPERATOR_NODE_ENV } from '../../server/react-build.ts';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';

export interface DemoApp {
  origin: string;
  config: Config;
  database: Database;
  close: () => Promise<void>;
}

export async function startDemoApp(): Promise<DemoApp> {
  const { buildApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config.ts');
  const { openDatabase } = await import('../../server/db/database.ts');
  const { migrateToLatest } = await import('../../server/db/migrate.ts');
  const { seedDemo } = await import('../../server/seed/demo.ts');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: OPERATOR_NODE_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  return {
    origin,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
