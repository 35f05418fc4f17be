/**
 * A catalogue of `--products` (default 10,000) with offers for the three warehouses, sent by a 1C node as 1C does
 * (checkauth, init, files in parts of `file_limit`, `import` repeated while the portal answers `progress`), while a
 * distributor reads the catalogue (`GET /goods`) one call after another. Prints the slowest exchange call, the
 * total, and the reads' p95 during the import as a ratio to idle. Goals (docs/adr/0092-import-step-machine.md): no
 * call over 10 s; the whole import ≤ 60 s on PGlite; p95 during ÷ idle ≤ 3.
 *
 * `measureCatalogueImport()` from `scripts/bench-api.ts` (on its data), or alone:
 * `npx tsx scripts/bench/catalogue-import.ts [--products N] [--samples N]` on a fresh in-memory demo database.
 */
import { parseArgs } from 'node:util';
import { EXCHANGE_FILE_LIMIT } from '../../server/routes/exchange/content-types.ts';
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts';
import { DEMO_PACKAGE } from '../../server/seed/catalogue-import.ts';
import { guidOf, importXml, offersXml, type ProductModel } from '../lib/commerceml-catalogue.ts';
import { p95, request } from '../lib/bench-http.ts';
import { startDemoApp } from '../lib/demo-app.ts';

export const CALL_GOAL_MS = 10_000;
export const TOTAL_GOAL_MS = 60_000;
export const READ_GOAL_RATIO = 3;

export interface CatalogueImportResult {
  products: number;
  bytes: number;
  calls: number;
  progressAnswers: number;
  slowestCallMs: number;
  totalMs: number;
  idleP95: number;
  duringP95: number;
  duringSamples: number;
  ratio: number;
  answers: string[];
}

/** The catalogue and offers of `count` products in the three demo groups, priced and stocked at the 3 warehouses. */
export function benchPackage(count: number): { catalogue: Buffer; offers: Buffer } {
  const groups = [
    { id: guidOf('bench:makeup'), name: 'Макияж' },
    { id: guidOf('bench:perfumery'), name: 'Парфюмерия' },
    { id: guidOf('bench:care'), name: 'Уход за лицом' },
  ];
  const pv = guidOf('bench:pv');
  const products: ProductModel[] = Array.from({ length: count }, (_, index) => ({
    id: guidOf(`bench:product:${index}`),
    sku: `BN-${String(index).padStart(6, '0')}`,
    barcode: `4849${String(index).padStart(9, '0')}`,
    name: `Товар для замера №${index}: крем-уход «Роза»`,
    description: `Описание товара ${index}. Крем для ежедневного ухода, с маслом ши и экстрактом розы.`,
    groupId: groups[index % groups.length]?.id ?? null,
    properties: { [pv]: `${index % 20},5` },
  }));
  const catalogue = importXml({
    changesOnly: false,
    groups,
    properties: [{ id: pv, name: 'Баллы (PV)' }],
    products,
  });
  const warehouses = Object.values(DEMO_PACKAGE.warehouses);
  const offers = offersXml({
    changesOnly: false,
    priceTypes: [
      { id: DEMO_PACKAGE.priceTypes.distributor, name: 'Цена дистрибьютора', currency: 'MDL' },
      { id: DEMO_PACKAGE.priceTypes.retail, name: 'Розничная цена', currency: 'MDL' },
    ],
    warehouses: warehouses.map((id, at) => ({
      id,
      name: ['Склад Кишинёв', 'Склад Бельцы', 'Склад Кагул'][at] ?? id,
    })),
    offers: products.map((product, index) => ({
      id: product.id,
      sku: product.sku ?? null,
      name: product.name,
      prices: [
        { typeId: DEMO_PACKAGE.priceTypes.distributor, value: `${100 + (index % 900)},00` },
        { typeId: DEMO_PACKAGE.priceTypes.retail, value: `${130 + (index % 900)},00` },
      ],
      stocks: warehouses.map((id, at) => ({ warehouseId: id, quantity: String((index * (at + 3)) % 97) })),
    })),
  });
  return { catalogue, offers };
}

export async function measureCatalogueImport(options: {
  origin: string;
  exchangeUser: string;
  exchangePassword: string;
  products?: number;
  samples?: number;
}): Promise<CatalogueImportResult> {
  const { origin } = options;
  const count = options.products ?? 10_000;
  const samples = options.samples ?? 200;
  const login = await request(
    origin,
    'POST',
    '/users/login',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ email: 'partner@demo.test', password: DEMO_PASSWORD }).toString(),
  );
  const token = (JSON.parse(login.text) as { access_token?: string }).access_token;
  if (login.status !== 200 || token === undefined) throw new Error(`login: ${login.status} ${login.text}`);
  const read = async (): Promise<number> => {
    const started = performance.now();
    const answer = await request(origin, 'GET', '/goods?pageSize=20&sort=name', {
      authorization: `Bearer ${token}`,
    });
    if (answer.status !== 200) throw new Error(`/goods: ${answer.status}`);
    return performance.now() - started;
  };
  const { catalogue, offers } = benchPackage(count);

  for (let i = 0; i < 20; i++) await read();
  const idle: number[] = [];
  for (let i = 0; i < samples; i++) idle.push(await read());

  const basic = Buffer.from(`${options.exchangeUser}:${options.exchangePassword}`).toString('base64');
  let done = false;
  let slowest = 0;
  let calls = 0;
  let progressAnswers = 0;
  const answers: string[] = [];
  const timed = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
  ) => {
    const started = performance.now();
    const answer = await request(origin, method, path, headers, body);
    slowest = Math.max(slowest, performance.now() - started);
    calls += 1;
    return answer;
  };
  const started = performance.now();
  const exchange = (async () => {
    try {
      const auth = await timed('GET', '/exchange/1c?type=catalog&mode=checkauth', {
        authorization: `Basic ${basic}`,
      });
      if (auth.cookie === undefined) throw new Error(`checkauth: ${auth.status} ${auth.text}`);
      const cookie = auth.cookie;
      await timed('GET', '/exchange/1c?type=catalog&mode=init', { cookie });
      for (const [name, bytes] of [
        ['import.xml', catalogue],
        ['offers.xml', offers],
      ] as const) {
        for (let start = 0; start < bytes.length; start += EXCHANGE_FILE_LIMIT) {
          const part = await timed(
            'POST',
            `/exchange/1c?type=catalog&mode=file&filename=${name}`,
            { cookie, 'content-type': 'application/octet-stream' },
            bytes.subarray(start, start + EXCHANGE_FILE_LIMIT),
          );
          if (part.text !== 'success') throw new Error(`file ${name}: ${part.text}`);
        }
        for (;;) {
          const answer = await timed('GET', `/exchange/1c?type=catalog&mode=import&filename=${name}`, {
            cookie,
          });
          if (answer.text.startsWith('progress')) {
            progressAnswers += 1;
            continue;
          }
          answers.push(answer.text.replace(/\n/g, ' '));
          if (!answer.text.startsWith('success')) throw new Error(`import ${name}: ${answer.text}`);
          break;
        }
      }
    } finally {
      done = true;
    }
  })();
  const during: number[] = [];
  while (!done) during.push(await read());
  await exchange;
  const totalMs = performance.now() - started;
  const idleP95 = p95(idle);
  const duringP95 = p95(during);
  return {
    products: count,
    bytes: catalogue.length + offers.length,
    calls,
    progressAnswers,
    slowestCallMs: slowest,
    totalMs,
    idleP95,
    duringP95,
    duringSamples: during.length,
    ratio: duringP95 / idleP95,
    answers,
  };
}

export function formatCatalogueImport(result: CatalogueImportResult): string {
  const met = (ok: boolean) => (ok ? 'GOAL MET' : 'GOAL NOT MET');
  return [
    `1C catalogue import: ${result.products} products with offers for 3 warehouses (${(result.bytes / 1024 / 1024).toFixed(1)} MB) in ${result.calls} calls (${result.progressAnswers} progress answers)`,
    ...result.answers.map((answer) => `  ${answer}`),
    `  slowest call ${(result.slowestCallMs / 1000).toFixed(2)} s: ${met(result.slowestCallMs <= CALL_GOAL_MS)} (<= ${CALL_GOAL_MS / 1000} s)`,
    `  total ${(result.totalMs / 1000).toFixed(1)} s: ${met(result.totalMs <= TOTAL_GOAL_MS)} (<= ${TOTAL_GOAL_MS / 1000} s)`,
    `  GET /goods p95 idle ${result.idleP95.toFixed(1)} ms, during the import ${result.duringP95.toFixed(1)} ms (${result.duringSamples} calls): ${result.ratio.toFixed(2)}×: ${met(result.ratio <= READ_GOAL_RATIO)} (<= ${READ_GOAL_RATIO}×)`,
  ].join('\n');
}

async function standalone(): Promise<void> {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '10000' }, samples: { type: 'string', default: '200' } },
  });
  const { origin, config, close } = await startDemoApp();
  try {
    const result = await measureCatalogueImport({
      origin,
      exchangeUser: config.exchangeUser,
      exchangePassword: config.exchangePassword,
      products: Number(values.products),
      samples: Number(values.samples),
    });
    console.log(`demo data set (in memory, PGlite)\n${formatCatalogueImport(result)}`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  standalone().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
