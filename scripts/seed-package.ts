/**
 * `npx tsx scripts/seed-package.ts`: writes the demo's CommerceML package under `server/seed/commerceml/` —
 * `import.xml` (groups, the PV property, ~150 products), `offers.xml` (the distributor and retail price types,
 * the three warehouses, prices and stock per warehouse) and a few pictures under `import_files/` — from the demo
 * catalogue of `server/seed/catalogue-*.ts`, as 1C would send it. Made once and committed: the demo seed imports
 * this package through the exchange's importer on every fresh database (`server/seed/catalogue-import.ts`).
 *
 * 1C writes one language, so the package holds the Russian names and descriptions; the seed adds the other four
 * afterwards, as translators would in the portal.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { buildCatalogue, type CatalogueProduct } from '../server/seed/catalogue.ts';
import { WAREHOUSES } from '../server/seed/demo-warehouses.ts';
import { Prng } from '../server/seed/prng.ts';
import { DEMO_CATALOGUE_SEED, DEMO_PACKAGE } from '../server/seed/catalogue-import.ts';
import { guidOf, importXml, offersXml, type GroupModel } from './lib/commerceml-catalogue.ts';

const OUT = fileURLToPath(new URL('../server/seed/commerceml/', import.meta.url));

/** A small PNG: a soft two-colour gradient with a disc, in the category's colours. */
function png(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const dx = x - width / 2;
      const dy = y - height / 2;
      const disc = dx * dx + dy * dy < (width / 3) ** 2 ? 0.18 : 0;
      const offset = y * (width * 3 + 1) + 1 + x * 3;
      for (let c = 0; c < 3; c++) {
        const value = (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t;
        raw[offset + c] = Math.min(255, Math.round(value * (1 - disc) + 255 * disc));
      }
    }
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An EAN-13 with Moldova's prefix (484) and its check digit. */
function ean13(index: number): string {
  const body = `484${String(7_000_000 + index).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Writes a price as 1C does: a decimal comma, two places. */
const money = (minor: number): string => (minor / 100).toFixed(2).replace('.', ',');
const points = (value: number): string => String(value).replace('.', ',');

/** Stock per warehouse: Chișinău keeps the catalogue's figure; Bălți and Cahul differ, some items only there. */
function stocksOf(product: CatalogueProduct, index: number): [number, number, number] {
  const chisinau = product.stock;
  const balti =
    chisinau === 0 ? (index % 3 === 0 ? 7 + (index % 5) : 0) : Math.floor((chisinau * ((index % 5) + 1)) / 6);
  const cahul = index % 2 === 0 ? Math.floor(chisinau / 3) : 0;
  return [chisinau, balti, cahul];
}

const COLOURS: Record<CatalogueProduct['category'], [[number, number, number], [number, number, number]]> = {
  makeup: [
    [214, 92, 124],
    [244, 196, 160],
  ],
  perfumery: [
    [92, 108, 196],
    [206, 178, 236],
  ],
  facial_care: [
    [74, 156, 136],
    [214, 236, 200],
  ],
};

function main(): void {
  const catalogue = buildCatalogue(new Prng(DEMO_CATALOGUE_SEED));
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(join(OUT, 'import_files'), { recursive: true });

  const g = DEMO_PACKAGE.groups;
  const groups: GroupModel[] = [
    {
      id: g.makeup,
      name: 'Макияж',
      children: [
        { id: g.lips, name: 'Губы и ногти' },
        { id: g.eyesFace, name: 'Глаза и лицо' },
      ],
    },
    { id: g.perfumery, name: 'Парфюмерия' },
    { id: g.facialCare, name: 'Уход за лицом' },
  ];
  const groupOf = (product: CatalogueProduct): string => {
    if (product.category === 'perfumery') return g.perfumery;
    if (product.category === 'facial_care') return g.facialCare;
    return /губ|Помада|Блеск|Лак/i.test(product.name.ru) ? g.lips : g.eyesFace;
  };

  // A few pictures: the first two products of each category.
  const pictured = new Map<string, string>();
  for (const category of ['makeup', 'perfumery', 'facial_care'] as const) {
    for (const product of catalogue.filter((item) => item.category === category).slice(0, 2)) {
      const path = `import_files/${product.sku.slice(0, 2).toLowerCase()}/${guidOf(`image:${product.sku}`)}.png`;
      const [from, to] = COLOURS[category];
      mkdirSync(join(OUT, dirname(path)), { recursive: true });
      writeFileSync(join(OUT, path), png(240, 240, from, to));
      pictured.set(product.sku, path);
    }
  }

  writeFileSync(
    join(OUT, 'import.xml'),
    importXml({
      schemaVersion: '2.08',
      changesOnly: false,
      groups,
      properties: [{ id: DEMO_PACKAGE.pvProperty, name: 'Баллы (PV)' }],
      products: catalogue.map((product, index) => ({
        id: guidOf(`product:${product.sku}`),
        sku: product.sku,
        barcode: ean13(index),
        name: product.name.ru,
        description: product.description.ru,
        groupId: groupOf(product),
        image: pictured.get(product.sku) ?? null,
        properties: { [DEMO_PACKAGE.pvProperty]: points(product.points) },
      })),
    }),
  );
  writeFileSync(
    join(OUT, 'offers.xml'),
    offersXml({
      schemaVersion: '2.08',
      changesOnly: false,
      priceTypes: [
        { id: DEMO_PACKAGE.priceTypes.distributor, name: 'Цена дистрибьютора', currency: 'MDL' },
        { id: DEMO_PACKAGE.priceTypes.retail, name: 'Розничная цена', currency: 'MDL' },
      ],
      warehouses: WAREHOUSES.map((warehouse) => ({
        id: DEMO_PACKAGE.warehouses[warehouse.code] ?? guidOf(warehouse.code),
        name: warehouse.name.ru,
      })),
      offers: catalogue.map((product, index) => {
        const stocks = stocksOf(product, index);
        return {
          id: guidOf(`product:${product.sku}`),
          sku: product.sku,
          name: product.name.ru,
          prices: [
            { typeId: DEMO_PACKAGE.priceTypes.distributor, value: money(product.price) },
            {
              typeId: DEMO_PACKAGE.priceTypes.retail,
              value: money(Math.round((product.price * 1.3) / 1000) * 1000 - 100),
            },
          ],
          stocks: WAREHOUSES.map((warehouse, at) => ({
            warehouseId: DEMO_PACKAGE.warehouses[warehouse.code] ?? guidOf(warehouse.code),
            quantity: String(stocks[at] ?? 0),
          })),
        };
      }),
    }),
  );
  console.log(`wrote ${catalogue.length} products, ${pictured.size} pictures to ${OUT}`);
}

main();
