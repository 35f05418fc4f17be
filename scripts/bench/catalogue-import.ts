/**
 * A catalogue of `--products` (default 10,000) with offers for the three warehouses, sent by a 1C node as 1C does
 * (checkauth, init, files in parts of `file_limit`, `import` repeated while the portal answers `progress`), while a
 * distributor reads the catalogue (`GET /goods`) one call after another; then the same package again (a rerun: every
 * product named, none new). Prints, for each, the slowest exchange call, the total, and the reads' p95 during it as
 * a ratio to idle — idle measured on the imported catalogue, between the two and after both, taken together (reads
 * of the demo's 150 products cost less than reads of 10,150, whatever the import does). Goals (docs/adr/0092-import-step-machine.md): no call over
 * 10 s; the whole import ≤ 60 s on PGlite; p95 during ÷ idle ≤ 3.
 *
 * `measureCatalogueImport()` from `scripts/bench-api.ts` (on its data), or alone:
 * `npx tsx scripts/bench/catalogue-import.ts [--products N] [--samples N]` on a fresh in-memory demo database.
 */
import { cpus, loadavg } from 'node:os';
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

/** One import of the package, with `GET /goods` read one call after another while it runs. */
export interface ImportPass {
  calls: number;
  progressAnswers: number;
  slowestCallMs: number;
  totalMs: number;
  duringP95: number;
  duringSamples: number;
  /** the median read during the pass */
  duringP50: number;
  /** `duringP95` ÷ the idle p95 on the imported catalogue */
  ratio: number;
  answers: string[];
  /** the load average (1 min) when the pass ended */
  load: number;
}

export interface CatalogueImportResult {
  products: number;
  bytes: number;
  /** the catalogue the reads see before the import (the demo's products) */
  productsBefore: number;
  productsAfter: number;
  /** `GET /goods` idle on the catalogue before the import: for information, not the baseline */
  idleBeforeP95: number;
  /** `GET /goods` idle on the imported catalogue, between the imports and after both together: the baseline */
  idleP95: number;
  idleBetweenP95: number;
  idleAfterP95: number;
  /** the first import: every product created, the catalogue growing under the reads */
  first: ImportPass;
  /** the same package again (what 1C sends every night): every product named, nothing new */
  rerun: ImportPass;
  loadBefore: number;
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

const load = (): number => loadavg()[0] ?? 0;

/** One session of 1C sending the package, as 1C does, while `read` is called one call after another. */
async function sendPackage(
  origin: string,
  basic: string,
  files: ReadonlyArray<readonly [string, Buffer]>,
  read: () => Promise<number>,
): Promise<Omit<ImportPass, 'ratio' | 'load'>> {
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
      for (const [name, bytes] of files) {
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
  return {
    calls,
    progressAnswers,
    slowestCallMs: slowest,
    totalMs: performance.now() - started,
    duringP95: p95(during),
    duringSamples: during.length,
    duringP50: [...during].sort((a, b) => a - b)[Math.floor(during.length / 2)] ?? Number.NaN,
    answers,
  };
}

/**
 * Idle reads on the demo catalogue (for information); the first import with reads during it; idle reads on the
 * imported catalogue; the same package again with reads during it; idle reads again. The baseline is both idle
 * phases on the imported catalogue: reads during an import are compared with reads of as many products, not with
 * the demo's 150.
 */
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
  let seen = 0;
  const read = async (): Promise<number> => {
    const started = performance.now();
    const answer = await request(origin, 'GET', '/goods?pageSize=20&sort=name', {
      authorization: `Bearer ${token}`,
    });
    if (answer.status !== 200) throw new Error(`/goods: ${answer.status}`);
    seen = (JSON.parse(answer.text) as { total: number }).total;
    return performance.now() - started;
  };
  const idle = async (): Promise<number[]> => {
    for (let i = 0; i < 20; i++) await read();
    const times: number[] = [];
    for (let i = 0; i < samples; i++) times.push(await read());
    return times;
  };
  const { catalogue, offers } = benchPackage(count);
  const files = [
    ['import.xml', catalogue],
    ['offers.xml', offers],
  ] as const;
  const basic = Buffer.from(`${options.exchangeUser}:${options.exchangePassword}`).toString('base64');

  const loadBefore = load();
  const idleBeforeP95 = p95(await idle());
  const productsBefore = seen;
  const first = await sendPackage(origin, basic, files, read);
  const firstLoad = load();
  const between = await idle();
  const productsAfter = seen;
  const rerun = await sendPackage(origin, basic, files, read);
  const rerunLoad = load();
  // Idle twice on the imported catalogue, between the imports and after both, taken together: on a shared machine
  // one idle phase alone swung the baseline (and so the ratios) several-fold from run to run.
  const after = await idle();
  const idleP95 = p95([...between, ...after]);
  return {
    products: count,
    bytes: catalogue.length + offers.length,
    productsBefore,
    productsAfter,
    idleBeforeP95,
    idleP95,
    idleBetweenP95: p95(between),
    idleAfterP95: p95(after),
    first: { ...first, ratio: first.duringP95 / idleP95, load: firstLoad },
    rerun: { ...rerun, ratio: rerun.duringP95 / idleP95, load: rerunLoad },
    loadBefore,
  };
}

export function formatCatalogueImport(result: CatalogueImportResult): string {
  const met = (ok: boolean) => (ok ? 'GOAL MET' : 'GOAL NOT MET');
  const pass = (title: string, run: ImportPass): string[] => [
    `  ${title}: ${run.calls} calls (${run.progressAnswers} progress answers), load ${run.load.toFixed(1)} at its end`,
    ...run.answers.map((answer) => `    ${answer}`),
    `    slowest call ${(run.slowestCallMs / 1000).toFixed(2)} s: ${met(run.slowestCallMs <= CALL_GOAL_MS)} (<= ${CALL_GOAL_MS / 1000} s)`,
    `    total ${(run.totalMs / 1000).toFixed(1)} s: ${met(run.totalMs <= TOTAL_GOAL_MS)} (<= ${TOTAL_GOAL_MS / 1000} s)`,
    `    GET /goods p95 during it ${run.duringP95.toFixed(1)} ms (median ${run.duringP50.toFixed(1)} ms, ${run.duringSamples} calls), ${run.ratio.toFixed(2)}× idle: ${met(run.ratio <= READ_GOAL_RATIO)} (<= ${READ_GOAL_RATIO}×)`,
  ];
  return [
    `1C catalogue import: ${result.products} products with offers for 3 warehouses (${(result.bytes / 1024 / 1024).toFixed(1)} MB); ${cpus().length} CPUs, load ${result.loadBefore.toFixed(1)} at the start`,
    `  GET /goods?sort=name p95 idle: ${result.idleP95.toFixed(1)} ms on the imported catalogue (${result.productsAfter} products; between the imports ${result.idleBetweenP95.toFixed(1)} ms and after both ${result.idleAfterP95.toFixed(1)} ms, taken together: the baseline of the ratios below); ${result.idleBeforeP95.toFixed(1)} ms before the import (${result.productsBefore} products, for information)`,
    ...pass('first import (every product new)', result.first),
    ...pass('rerun (the same package: every product named again)', result.rerun),
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
