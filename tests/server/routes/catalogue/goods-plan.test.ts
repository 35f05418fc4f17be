/**
 * `GET /goods` at catalogue sizes 1C sends (docs/adr/0143-catalogue-reads-beside-the-import.md): the first page by
 * name walks the name index of the reader's language and stops, and the total is counted from the index of the
 * products still sold — neither reads every product. The plans of the very statements `listProducts` sends are
 * asked of the database (captured as Kysely compiles them), on 3,000 products more than the demo's.
 */
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '#server/db/reference.ts';
import { listProducts, type ListingQuery } from '#server/domain/catalogue/listing.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { startCatalogueApp, tokenFor, type ProductPage } from './support.ts';

let t: TestApp;
/**
 * The plans are PGlite's (ADR 0143: its one connection makes a long read everyone's wait). PostgreSQL's planner
 * rightly counts a few thousand rows with a sequential scan (cheaper there than the index), so on PostgreSQL only
 * the page's walk of the name index is asked for.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await startCatalogueApp();
  await sql`
    insert into products (sku, name, description, price, points, category)
    select 'PLAN-' || n,
           jsonb_build_object('ru', 'Крем №' || n, 'en', 'Cream ' || n, 'ro', 'Cremă ' || n, 'uk', 'Крем ' || n,
                              'it', 'Crema ' || n),
           '{"ru": "", "en": "", "ro": "", "uk": "", "it": ""}'::jsonb, 100 + n % 50, n % 7,
           (array['makeup', 'perfumery', 'facial_care'])[1 + n % 3]
    from generate_series(1, 3000) as n`.execute(t.db);
  // What the import does after each file (`maintenance.ts`): fresh statistics and a visibility map.
  await sql`vacuum (analyze) products`.execute(t.db);
});
afterAll(async () => {
  await t.close();
});

/** The statements `listProducts` sends for `query`, each with its plan (EXPLAIN, as JSON). */
async function plansOf(query: Partial<ListingQuery>): Promise<string[]> {
  const compiled: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      compiled.push(t.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await listProducts(
    t.db.withPlugin(capture),
    { page: 1, pageSize: 20, sort: 'name', lang: 'ru', warehouseId: 1, pricing: 'partner', ...query },
    'MDL',
    'http://localhost',
  );
  const plans: string[] = [];
  for (const statement of compiled) {
    const explained = await t.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
    );
    plans.push(JSON.stringify(explained.rows));
  }
  return plans;
}

describe('GET /goods on a catalogue of thousands', () => {
  it.each(['ru', 'en', 'ro', 'uk', 'it'] satisfies Lang[])(
    'sorts by name in %s through that language’s index, and counts through the index of those sold',
    async (lang) => {
      const [count, page] = await plansOf({ lang });
      if (!onPostgres) {
        expect(count).toContain('"Index Only Scan"');
        expect(count).toContain('products_active_idx');
        expect(count).not.toContain('"Seq Scan"');
      }
      expect(page).toContain(`products_name_${lang}_idx`);
      expect(page).not.toContain('"Sort"');
    },
  );

  it('keeps to the index within a category too', async () => {
    const [count, page] = await plansOf({ category: 'makeup' });
    if (!onPostgres) expect(count).toContain('products_active_idx');
    expect(page).toContain('products_name_ru_idx');
    expect(page).not.toContain('"Sort"');
  });

  it('answers the same page as before: names in the ICU order, the total of those sold', async () => {
    const token = await tokenFor(t, 'partner@demo.test');
    const response = await t.get<ProductPage>('/goods', {
      token,
      query: { sort: 'name', lang: 'en', pageSize: 20 },
    });
    expect(response.status, response.text).toBe(200);
    const sold = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    expect(response.body.total).toBe(Number(sold.n));
    const names = response.body.items.map((item) => item.name.en);
    expect(names).toEqual([...names].sort(new Intl.Collator('und').compare));
  });
});
