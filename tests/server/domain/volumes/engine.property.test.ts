/**
 * The volume engine, proved against a recomputation from scratch (tests/server/domain/volumes/oracle.ts): random sponsor
 * trees up to 30 levels deep, random streams of credits, reversals (partial and whole) and month boundaries (a month
 * closes; a reversal of a closed month's credit lands in the open month as a clawback), field by field.
 *
 * - The incremental roll-up itself (`rollUp` over the month rows a path touches, rows created with the CGV carried
 *   from the member's previous month, later months' CGV moved with GV): 600 cases, in memory.
 * - The whole engine on the database (`creditOrders`, `reverseOrderCredit`, `closePeriodIn`, the same SQL the
 *   server runs): fewer cases, each a fresh network in PGlite or PostgreSQL.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { shiftMonth } from '#server/domain/network/period.ts';
import { closePeriodIn } from '#server/domain/volumes/close.ts';
import { creditOrders, reverseOrderCredit } from '#server/domain/volumes/ledger.ts';
import { noLegs, paidAsRank, rankCode, rankOfCode } from '#server/domain/volumes/plan.ts';
import { hundredthsText, parseHundredths } from '#server/domain/volumes/points.ts';
import { nodesOfPaths, rollUp, type MonthFigures } from '#server/domain/volumes/rollup.ts';
import { RANKS } from '#server/db/reference.ts';
import { emptyDatabase } from '#tests/support/server/db.ts';
import { recompute, type OracleEntry } from './oracle.ts';

/* ---------------------------------------------------------------- the scenario */

type Step =
  | { kind: 'credit'; buyer: number; points: number }
  | { kind: 'reverse'; credit: number; part: number }
  | { kind: 'close' };

interface Scenario {
  /** member i's sponsor (index < i), null at a root */
  sponsors: (number | null)[];
  steps: Step[];
}

/** Trees: a line of up to 31 members (30 sponsors above its last), then members attached anywhere, or new roots. */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({ line: fc.integer({ min: 1, max: 31 }), extra: fc.integer({ min: 0, max: 40 }) })
  .chain(({ line, extra }) => {
    const size = line + extra;
    return fc.record({
      sponsors: fc.tuple<(number | null)[]>(
        ...Array.from({ length: size }, (_, i): fc.Arbitrary<number | null> =>
          i === 0
            ? fc.constant(null)
            : i < line
              ? fc.constant(i - 1)
              : fc.oneof(
                  // Bushy near the top (leaders with several legs), anywhere below, or a new root.
                  { weight: 5, arbitrary: fc.integer({ min: 0, max: Math.min(3, i - 1) }) },
                  { weight: 4, arbitrary: fc.integer({ min: Math.max(0, i - 6), max: i - 1 }) },
                  { weight: 1, arbitrary: fc.constant(null) },
                ),
        ),
      ),
      steps: fc.array(
        fc.oneof(
          {
            weight: 12,
            arbitrary: fc.record({
              kind: fc.constant('credit' as const),
              // The deepest member of the line (its credit climbs every sponsor), the members below the top
              // (legs that make leaders), the top itself, anyone.
              buyer: fc.oneof(
                { weight: 3, arbitrary: fc.constant(line - 1) },
                { weight: 4, arbitrary: fc.integer({ min: Math.min(line, size - 1), max: size - 1 }) },
                { weight: 2, arbitrary: fc.integer({ min: 0, max: Math.min(3, size - 1) }) },
                { weight: 1, arbitrary: fc.integer({ min: 0, max: size - 1 }) },
              ),
              // Hundredths: everyday orders, the plan's round thresholds, and large ones that make directors.
              points: fc.oneof(
                { weight: 5, arbitrary: fc.integer({ min: 1, max: 40_000 }) },
                { weight: 3, arbitrary: fc.constantFrom(2500, 5000, 7500, 10_000, 20_000, 30_000) },
                { weight: 2, arbitrary: fc.integer({ min: 100_000, max: 3_000_000 }) },
              ),
            }),
          },
          {
            weight: 2,
            arbitrary: fc.record({
              kind: fc.constant('reverse' as const),
              credit: fc.nat(),
              part: fc.integer({ min: 1, max: 100 }),
            }),
          },
          { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
        ),
        { maxLength: 80 },
      ),
    });
  });

/** A leaders' network (a root, four legs, each with four legs of their own and two below each) under big orders. */
const leadersArb: fc.Arbitrary<Scenario> = fc
  .array(
    fc.oneof(
      {
        weight: 25,
        arbitrary: fc.record({
          kind: fc.constant('credit' as const),
          buyer: fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }) },
            fc.integer({ min: 0, max: 52 }),
          ),
          points: fc.oneof(
            fc.integer({ min: 5000, max: 40_000 }),
            fc.integer({ min: 200_000, max: 12_000_000 }),
          ),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('reverse' as const),
          credit: fc.nat(),
          part: fc.integer({ min: 1, max: 100 }),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
    ),
    { minLength: 30, maxLength: 90 },
  )
  .map((steps) => ({
    sponsors: [
      null,
      ...[0, 0, 0, 0],
      ...Array.from({ length: 16 }, (_, i) => 1 + Math.floor(i / 4)),
      ...Array.from({ length: 32 }, (_, i) => 5 + Math.floor(i / 2)),
    ],
    steps,
  }));

/**
 * The ledger the steps write, as the engine routes them: a credit lands in the open month; a reversal takes back a
 * share of what is left of a credit, in the credit's month while it is open, else in the open month (a clawback).
 */
function ledgerOf(
  scenario: Scenario,
  first: string,
): { entries: (OracleEntry & { path: number[] })[]; open: string } {
  const pathOf = (i: number): number[] => {
    const sponsor = scenario.sponsors[i] ?? null;
    return sponsor === null ? [i] : [...pathOf(sponsor), i];
  };
  let open = first;
  const credits: { month: string; buyer: number; left: number }[] = [];
  const entries: (OracleEntry & { path: number[] })[] = [];
  for (const step of scenario.steps) {
    if (step.kind === 'close') open = shiftMonth(open, 1);
    else if (step.kind === 'credit') {
      credits.push({ month: open, buyer: step.buyer, left: step.points });
      entries.push({ month: open, buyer: step.buyer, points: step.points, path: pathOf(step.buyer) });
    } else {
      const credit = credits[step.credit % Math.max(1, credits.length)];
      if (credit === undefined || credit.left === 0) continue;
      const amount =
        step.part === 100 ? credit.left : Math.max(1, Math.floor((credit.left * step.part) / 100));
      credit.left -= amount;
      const month = credit.month === open ? credit.month : open;
      entries.push({ month, buyer: credit.buyer, points: -amount, path: pathOf(credit.buyer) });
    }
  }
  return { entries, open };
}

/* ------------------------------------------------------- the roll-up in memory */

/** The engine's month book in memory: rows created on first touch with the CGV carried, later CGV moved with GV. */
function maintain(
  entries: readonly (OracleEntry & { path: number[] })[],
): Map<string, Map<number, MonthFigures>> {
  const book = new Map<string, Map<number, MonthFigures>>();
  const carried = (id: number, month: string): number => {
    let best: string | null = null;
    for (const key of book.keys())
      if (key < month && book.get(key)?.has(id) && (best === null || key > best)) best = key;
    return best === null ? 0 : (book.get(best)?.get(id)?.cgv ?? 0);
  };
  for (const entry of entries) {
    const nodes = nodesOfPaths([`${entry.path.map((id) => id + 1).join('.')}.`]);
    const rows = book.get(entry.month) ?? new Map<number, MonthFigures>();
    book.set(entry.month, rows);
    for (const id of nodes.keys())
      if (!rows.has(id)) {
        const legs = noLegs();
        rows.set(id, {
          pv: 0,
          gv: 0,
          pgv: 0,
          cgv: carried(id, entry.month),
          rank: paidAsRank(0, 0, legs),
          legs,
        });
      }
    const changed = rollUp(rows, nodes, new Map([[entry.buyer + 1, entry.points]]));
    for (const [id, row] of changed) {
      const before = rows.get(id);
      rows.set(id, row);
      const moved = row.gv - (before?.gv ?? 0);
      if (moved !== 0)
        for (const [month, later] of book)
          if (month > entry.month) {
            const old = later.get(id);
            if (old !== undefined) later.set(id, { ...old, cgv: old.cgv + moved });
          }
    }
  }
  return book;
}

/** Every row of `book` equals the recomputation, and every member with group volume in a month has a row. */
function compare(
  book: ReadonlyMap<string, ReadonlyMap<number, MonthFigures>>,
  truth: ReadonlyMap<string, ReadonlyMap<number, MonthFigures>>,
): void {
  for (const [month, expected] of truth) {
    const rows = book.get(month) ?? new Map<number, MonthFigures>();
    for (const [id, figures] of expected) {
      const row = rows.get(id);
      if (row === undefined) {
        expect({ month, id, gv: figures.gv, pgv: figures.pgv, pv: figures.pv }).toEqual({
          month,
          id,
          gv: 0,
          pgv: 0,
          pv: 0,
        });
        continue;
      }
      expect({ month, id, ...row, legs: [...row.legs] }).toEqual({
        month,
        id,
        ...figures,
        legs: [...figures.legs],
      });
    }
  }
}

const FIRST = '2026-01-01';
const sponsorsOf = (scenario: Scenario) =>
  new Map(scenario.sponsors.map((sponsor, i) => [i + 1, sponsor === null ? null : sponsor + 1]));

describe('the incremental roll-up equals a recomputation from scratch', () => {
  it('for random trees, credits, reversals and month boundaries (600 cases)', () => {
    let deepest = 0;
    const ranks = new Set<number>();
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: scenarioArb }, { weight: 1, arbitrary: leadersArb }),
        (scenario) => {
          const { entries } = ledgerOf(scenario, FIRST);
          for (const entry of entries) deepest = Math.max(deepest, entry.path.length);
          const truth = recompute(
            sponsorsOf(scenario),
            entries.map((entry) => ({ ...entry, buyer: entry.buyer + 1 })),
          );
          compare(maintain(entries), truth);
          for (const rows of truth.values()) for (const row of rows.values()) ranks.add(row.rank);
        },
      ),
      { numRuns: 600 },
    );
    // The cases reach the deepest trees asked for and every rank, breakaway ones included.
    expect(deepest).toBeGreaterThanOrEqual(30);
    expect([...ranks].sort()).toEqual(RANKS.map((_, index) => index));
  });
});

/* ------------------------------------------------------------ on the database */

describe('the engine on the database equals a recomputation from scratch', () => {
  let database: Database;
  const FIRST_ID = 100_000;

  beforeAll(async () => {
    database = await emptyDatabase();
    await migrateToLatest(database.db);
    await sql`
      insert into warehouses (id, code, name, city, address, phone, email)
      values (1, 'T', '{"ru":"T","en":"T","ro":"T","uk":"T","it":"T"}', 'Chișinău', 'a', '+373', 't@t.test')`.execute(
      database.db,
    );
    await sql`
      insert into pickup_points (id, warehouse_id, name, address, working_hours)
      values (1, 1, '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', 'a', '9-18')`.execute(database.db);
    await sql`
      insert into products (id, sku, name, description, price, points, category)
      values (1, 'P1', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}',
        1000, 0.01, 'makeup')`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  async function play(scenario: Scenario): Promise<void> {
    const { db } = database;
    await sql`truncate users, period_closes, bonus_lines restart identity cascade`.execute(db);
    const paths: string[] = [];
    for (const [i, sponsor] of scenario.sponsors.entries()) {
      const path = sponsor === null ? `${FIRST_ID + i}.` : `${paths[sponsor] ?? ''}${FIRST_ID + i}.`;
      paths.push(path);
    }
    await sql`
      insert into users (id, email, password_hash, full_name, is_partner, warehouse_id, email_confirmed, sponsor_id,
        path, depth, rank, signing_date)
      select ${FIRST_ID} + i - 1, 'm' || i || '@t.test', 'x', 'M' || i, true, 1, true,
        case when s is null then null else ${FIRST_ID} + s end, p, cardinality(string_to_array(rtrim(p, '.'), '.')) - 1,
        'consultant', '2025-01-01'
      from unnest(${scenario.sponsors}::int[], ${paths}::text[]) with ordinality as t(s, p, i)
      order by i`.execute(db);
    let month = FIRST;
    let minute = 0;
    const at = () => new Date(new Date(`${month}T12:00:00Z`).getTime() + (minute += 1) * 60_000);
    const orders: number[] = [];
    for (const step of scenario.steps) {
      await db.transaction().execute(async (trx) => {
        if (step.kind === 'credit') {
          // An order of one product worth 0.01 PV, `points` of them: its credit is exactly `points` hundredths.
          const order = await sql<{ id: number }>`
            insert into orders (user_id, warehouse_id, status, payment_method, delivery_type, pickup_point_id, amount,
              final_cost, points)
            values (${FIRST_ID + step.buyer}, 1, 'completed', 'cash', 'pickup', 1, 0, 0, ${hundredthsText(step.points)})
            returning id`.execute(trx);
          const id = order.rows[0]?.id ?? 0;
          await sql`
            insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity,
              confirmed_quantity)
            values (${id}, 1, 'P1', '{}', 0, 0, 0.01, ${step.points}, ${step.points})`.execute(trx);
          orders.push(id);
          await creditOrders(trx, [{ orderId: id, at: at() }]);
        } else if (step.kind === 'reverse') {
          const orderId = orders[step.credit % Math.max(1, orders.length)];
          if (orderId === undefined) return;
          const left = await sql<{ left: string }>`
            select coalesce(sum(points), 0)::text as left from volume_credits where order_id = ${orderId}`.execute(
            trx,
          );
          const remaining = parseHundredths(left.rows[0]?.left ?? '0');
          if (remaining === 0) return;
          const amount =
            step.part === 100 ? remaining : Math.max(1, Math.floor((remaining * step.part) / 100));
          await reverseOrderCredit(trx, {
            orderId,
            at: at(),
            points: amount,
            key: `order:${orderId}:part:${minute}`,
          });
        } else {
          await closePeriodIn(trx, {
            month: month.slice(0, 7),
            now: new Date('2100-01-01T00:00:00Z'),
            zone: 'Europe/Chisinau',
            notify: false,
          });
          month = shiftMonth(month, 1);
        }
      });
    }
  }

  it('for random trees, credits, reversals and month boundaries (60 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await play(scenario);
        const { db } = database;
        const ledger = await sql<{ period: string; user_id: number; points: string }>`
          select period::text, user_id, points::text from volume_credits order by id`.execute(db);
        const truth = recompute(
          new Map(
            scenario.sponsors.map((sponsor, i) => [
              FIRST_ID + i,
              sponsor === null ? null : FIRST_ID + sponsor,
            ]),
          ),
          ledger.rows.map((row) => ({
            month: row.period,
            buyer: row.user_id,
            points: parseHundredths(row.points),
          })),
        );
        const stored = await sql<{
          month: string;
          user_id: number;
          pv: string;
          gv: string;
          pgv: string;
          cgv: string;
          rank: string;
          legs: number[];
        }>`select month::text, user_id, pv::text, gv::text, pgv::text, cgv::text, rank, legs from monthly_volumes`.execute(
          db,
        );
        const book = new Map<string, Map<number, MonthFigures>>();
        for (const row of stored.rows) {
          const rows = book.get(row.month) ?? new Map<number, MonthFigures>();
          book.set(row.month, rows);
          rows.set(row.user_id, {
            pv: parseHundredths(row.pv),
            gv: parseHundredths(row.gv),
            pgv: parseHundredths(row.pgv),
            cgv: parseHundredths(row.cgv),
            rank: rankOfCode(row.rank),
            legs: row.legs,
          });
        }
        // Rows the close carried for members without volume are zeros with the CGV carried: the oracle's too.
        compare(book, truth);
        for (const [month, rows] of book)
          for (const [id, row] of rows) {
            const expected = truth.get(month)?.get(id);
            if (expected === undefined)
              expect({ month, id, gv: row.gv, pv: row.pv, rank: rankCode(row.rank) }).toEqual({
                month,
                id,
                gv: 0,
                pv: 0,
                rank: 'consultant',
              });
          }
      }),
      { numRuns: 60 },
    );
  }, 900_000);
});
