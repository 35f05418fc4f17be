/**
 * The demo catalogue goes through the 1C importer: the seed imports the CommerceML package under `commerceml/`
 * (written once from the word tables by `scripts/seed-package.ts`) with the same step machine the exchange runs
 * (`server/domain/exchange/catalog/steps.ts`), in the seed's transaction, so every fresh database proves the
 * importer. The run is recorded like any other (source `seed`) and shows on the "1C exchange" screen.
 *
 * 1C writes one language; the seed then adds the other four, and the portal's own promotions, by SKU — what
 * translators and marketing do in the portal.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';
import type { CatalogueExchangeConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { memorySource } from '../domain/exchange/catalog/files.ts';
import { importAll, openRun } from '../domain/exchange/catalog/steps.ts';
import type { CatalogueProduct } from './catalogue.ts';

/** The seed the package was written from (the demo seed's default). */
export const DEMO_CATALOGUE_SEED = 20250601;

/** The 1C ids of the package's groups, PV property, price types and warehouses (by the portal warehouse's code). */
export const DEMO_PACKAGE = {
  groups: {
    makeup: '3f6c1a52-51a4-4b3e-9d51-8d2f6e7c0a01',
    lips: '3f6c1a52-51a4-4b3e-9d51-8d2f6e7c0a02',
    eyesFace: '3f6c1a52-51a4-4b3e-9d51-8d2f6e7c0a03',
    perfumery: '3f6c1a52-51a4-4b3e-9d51-8d2f6e7c0a04',
    facialCare: '3f6c1a52-51a4-4b3e-9d51-8d2f6e7c0a05',
  },
  pvProperty: 'a2d4e8b1-7c3f-4a6e-8b2d-5f9c1e3a7b01',
  priceTypes: {
    distributor: 'c9e1f3a5-2b4d-4c6e-8a1b-3d5f7e9c1a01',
    retail: 'c9e1f3a5-2b4d-4c6e-8a1b-3d5f7e9c1a02',
  },
  warehouses: {
    CHI: 'e5b7d9f1-3a5c-4e7a-9c1e-5b7d9f1a3c01',
    BAL: 'e5b7d9f1-3a5c-4e7a-9c1e-5b7d9f1a3c02',
    CAH: 'e5b7d9f1-3a5c-4e7a-9c1e-5b7d9f1a3c03',
  } as Record<string, string>,
} as const;

/** The mapping settings the demo runs with (the server's defaults). */
export const DEMO_EXCHANGE_SETTINGS: CatalogueExchangeConfig = {
  groupMap: {},
  warehouseMap: {},
  priceType: 'Цена дистрибьютора',
  retailPriceType: 'Розничная цена',
  pvProperty: 'Баллы (PV)',
  uploadLimitBytes: 100 * 1024 * 1024,
  importStepMs: 3000,
};

export const PACKAGE_DIR = fileURLToPath(new URL('./commerceml/', import.meta.url));

function packageFiles(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full).split('\\').join('/'), readFileSync(full));
    }
  };
  walk(dir);
  return files;
}

/** Imports the demo package in `trx`; answers the run's id. Throws when a file is not imported whole. */
export async function importDemoCatalogue(
  trx: Transaction<DB>,
  currency: string,
  dir: string = PACKAGE_DIR,
): Promise<number> {
  const runId = await openRun(trx, null);
  const answers = await importAll(
    {
      db: trx,
      config: DEMO_EXCHANGE_SETTINGS,
      currency,
      files: memorySource(packageFiles(dir)),
      runId,
      budgetMs: Number.POSITIVE_INFINITY,
      rest: false,
    },
    ['import.xml', 'offers.xml'],
  );
  const failed = answers.find((answer) => answer.kind !== 'success');
  if (failed !== undefined) {
    throw new Error(`the demo catalogue package did not import: ${JSON.stringify(failed)}`);
  }
  return runId;
}

/**
 * What the portal adds to 1C's catalogue: the names and descriptions in the four other languages, the promotions
 * (1C's Russian text stays as imported), and the product pages' content: families, variants, volume, ingredients,
 * how to use (docs/adr/0137-product-pages.md).
 */
export async function addPortalData(
  trx: Transaction<DB>,
  catalogue: readonly CatalogueProduct[],
): Promise<void> {
  const rows = catalogue.map((product) => ({
    sku: product.sku,
    name: product.name,
    description: product.description,
    promo: product.promoPrice,
    family: product.content.family,
    variant: product.content.variant,
    swatch: product.content.swatch,
    volume_ml: product.content.volumeMl,
    ingredients: product.content.ingredients,
    how_to_use: product.content.howToUse,
  }));
  await sql`
    update products p set
      name = r.name || jsonb_build_object('ru', p.name->>'ru'),
      description = r.description || jsonb_build_object('ru', p.description->>'ru'),
      promo_price = r.promo,
      is_promotion = r.promo is not null,
      family = r.family,
      variant = r.variant,
      swatch = r.swatch,
      volume_ml = r.volume_ml,
      ingredients = r.ingredients,
      how_to_use = r.how_to_use
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      sku text, name jsonb, description jsonb, promo int, family text, variant jsonb, swatch text, volume_ml int,
      ingredients text, how_to_use jsonb
    )
    where p.sku = r.sku`.execute(trx);
}
