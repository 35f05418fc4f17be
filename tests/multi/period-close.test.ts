/**
 * The period close across processes on one PostgreSQL (docs/adr/0083-the-period-close.md): three server processes
 * up, a network of 20,000 distributors with a month of completed orders credited by the engine, then
 *
 * - two operators' `npm run period:close` started at the same moment: one run, one set of lines, one message each;
 * - a close killed with SIGKILL midway (inside its transaction, after it started writing) and started again: nothing
 *   of the killed run remains, and the rerun writes exactly the totals a dry run promised.
 *
 * Needs DATABASE_URL (`npm run test:multi`); skipped otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLOSE_LOCK, type CloseTotals } from '../../server/domain/volumes/close.ts';
import { creditOrders } from '../../server/domain/volumes/ledger.ts';
import { ROOT, startServer, type StartedServer } from '../../scripts/lib/server-process.mjs';

const BASE_URL = process.env.DATABASE_URL;
const MEMBERS = 20_000;

let servers: StartedServer[] = [];
let database: Database;
let databaseName = '';
let url = '';

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
}

function cli(args: string[]): { child: ChildProcess; done: Promise<CliRun> } {
  // Node itself with tsx's loader, not the `tsx` wrapper: the wrapper runs the script in a child process, which a
  // SIGKILL of the wrapper would leave running (and committing).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/domain/volumes/close-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, JWT_SECRET: 'multi-period-close-secret-0123456789abcdef' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<CliRun>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done };
}

/** A month of completed orders, one per member, credited by the engine at times inside the month. */
async function orderMonth(month: string): Promise<void> {
  const { db } = database;
  const ids = await sql<{ id: number; at: Date }>`
    insert into orders (user_id, warehouse_id, status, payment_method, delivery_type, pickup_point_id, amount,
      final_cost, points, created_at, updated_at)
    select u.id, 1, 'completed', 'cash', 'pickup', 1, 1000, 1000, 0,
      ${month}::timestamptz + interval '2 days' + (u.id % 20) * interval '1 day',
      ${month}::timestamptz + interval '3 days' + (u.id % 20) * interval '1 day'
    from users u where u.is_partner and (u.id * 7 + ${month.length}) % 10 < 8
    order by u.id
    returning id, updated_at as at`.execute(db);
  await sql`
    insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity, confirmed_quantity)
    select o.id, 1, 'P1', '{}', 1000, 1000, 0.5, 10 + o.id % 190, 10 + o.id % 190
    from orders o where o.id = any(${ids.rows.map((row) => row.id)}::int[])`.execute(db);
  await db.transaction().execute((trx) =>
    creditOrders(
      trx,
      ids.rows.map((row) => ({ orderId: row.id, at: row.at })),
    ),
  );
}

const totalsOf = async (month: string): Promise<CloseTotals | undefined> => {
  const row = await database.db
    .selectFrom('period_closes')
    .select('totals')
    .where('month', '=', month)
    .executeTakeFirst();
  return row?.totals as CloseTotals | undefined;
};

const written = async (month: string) => {
  const { rows } = await sql<{ lines: number; amount: number; closed: number; messages: number }>`
    select (select count(*)::int from bonus_lines where month = ${month}::date) as lines,
      (select coalesce(sum(amount), 0)::int from bonus_lines where month = ${month}::date) as amount,
      (select count(*)::int from monthly_volumes where month = ${month}::date and closed) as closed,
      (select count(*)::int from messages where key like ${`statement:${month.slice(0, 7)}:%`}) as messages`.execute(
    database.db,
  );
  return rows[0];
};

describe.skipIf(BASE_URL === undefined)('the period close across processes', () => {
  beforeAll(async () => {
    const base = new URL(BASE_URL ?? '');
    databaseName = `close_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    base.pathname = `/${databaseName}`;
    url = base.toString();
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: url,
      JWT_SECRET: `multi-close-${randomBytes(16).toString('hex')}`,
      LOG_LEVEL: 'warn',
      SEED: 'none',
      BACKGROUND_JOBS: 'false',
      APP_DIST: '',
      PUBLIC_URL: '',
    };
    const first = await startServer({ env, onLine: () => undefined });
    servers = [
      first,
      ...(await Promise.all([1, 2].map(() => startServer({ env, onLine: () => undefined })))),
    ];
    database = await openDatabase({ databaseUrl: url });
    const { db } = database;
    await sql`insert into warehouses (id, code, name, city, address, phone, email)
      values (1, 'T', '{"ru":"T","en":"T","ro":"T","uk":"T","it":"T"}', 'Chișinău', 'a', '+373', 't@t.test')`.execute(
      db,
    );
    await sql`insert into pickup_points (id, warehouse_id, name, address, working_hours)
      values (1, 1, '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', 'a', '9-18')`.execute(db);
    await sql`insert into products (id, sku, name, description, price, points, category)
      values (1, 'P1', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', 1000, 0.5, 'makeup')`.execute(
      db,
    );
    // A network of 20,000: each member sponsored by one of the members before them, a fan of about three.
    await sql`
      insert into users (id, email, password_hash, full_name, is_partner, warehouse_id, email_confirmed, sponsor_id,
        rank, signing_date)
      select g, 'm' || g || '@t.test', 'x', 'Member ' || g, true, 1, true,
        case when g = 1 then null else (g - 2) / 3 + 1 end, 'consultant', '2024-06-01'
      from generate_series(1, ${MEMBERS}) as g order by g`.execute(db);
    await sql`select setval(pg_get_serial_sequence('users', 'id'), ${MEMBERS})`.execute(db);
    await orderMonth('2025-01-01');
    await orderMonth('2025-02-01');
  }, 600_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (databaseName !== '') {
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('two operators closing the same month at the same moment make one run', async () => {
    const runs = await Promise.all([cli(['--month', '2025-01']).done, cli(['--month', '2025-01']).done]);
    const closed = runs.filter((run) => run.out.includes('Closed 2025-01'));
    expect(closed, runs.map((run) => run.out).join('\n---\n')).toHaveLength(1);
    const other = runs.find((run) => !run.out.includes('Closed 2025-01'));
    // The other either found the close running (and changed nothing) or found it done.
    expect(other?.out).toMatch(/already running|closed already/);
    expect(other?.code).toBe(other?.out.includes('already running') ? 1 : 0);
    const totals = await totalsOf('2025-01-01');
    expect(totals?.members).toBe(MEMBERS);
    expect(await written('2025-01-01')).toEqual({
      lines: totals?.lines,
      amount: totals?.bonus,
      closed: MEMBERS,
      messages: MEMBERS,
    });
    // And once more, later: nothing to do.
    const again = await cli(['--month', '2025-01']).done;
    expect(again.code).toBe(0);
    expect(again.out).toContain('closed already');
  }, 600_000);

  it('a close killed midway leaves nothing, and run again writes the totals an uninterrupted run would', async () => {
    const dry = await cli(['--month', '2025-02', '--dry-run']).done;
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('Dry run');
    const before = await written('2025-02-01');
    expect(before).toEqual({ lines: 0, amount: 0, closed: 0, messages: 0 });

    const killed = cli(['--month', '2025-02']);
    // Midway: its transaction holds the close's lock and has started writing the month's bonus lines.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await sql<{ writing: boolean }>`
        select exists (
          select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.objid = ${CLOSE_LOCK} and l.granted
            and a.query ilike '%bonus_lines%') as writing`.execute(database.db);
      if (rows[0]?.writing === true) break;
      if (Date.now() > deadline) throw new Error('the close never reached its bonus lines');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    killed.child.kill('SIGKILL');
    const dead = await killed.done;
    expect(dead.signal).toBe('SIGKILL');
    // PostgreSQL rolls the dead connection's transaction back: nothing of it is there.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await totalsOf('2025-02-01')).toBeUndefined();
    expect(await written('2025-02-01')).toEqual(before);

    const rerun = await cli(['--month', '2025-02']).done;
    expect(rerun.code, rerun.out).toBe(0);
    expect(rerun.out).toContain('Closed 2025-02');
    // The same report as the dry run's, word for word but its heading: the same totals.
    const body = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('  '))
        .join('\n');
    expect(body(rerun.out)).toBe(body(dry.out));
    const totals = await totalsOf('2025-02-01');
    expect(await written('2025-02-01')).toEqual({
      lines: totals?.lines,
      amount: totals?.bonus,
      closed: MEMBERS,
      messages: MEMBERS,
    });
  }, 600_000);
});
