/**
 * Acting as a 1C:Enterprise node that sends its catalogue (`type=catalog`), over the real app: checkauth, init,
 * files in parts, `import` repeated while the portal answers `progress`, deactivate / complete. Packages are made
 * with the writer `scripts/lib/commerceml-catalogue.ts`.
 */
import type { Config } from '#server/config.ts';
import { registerExchangeContentTypes } from '#server/routes/exchange/index.ts';
import { startTestApp, testConfig, type TestApp } from '#tests/support/server/app.ts';
import { basic, EXCHANGE_PASSWORD, EXCHANGE_USER, exchangeCall, type RawAnswer } from './support.ts';
import {
  guidOf,
  importXml,
  offersXml,
  type GroupModel,
  type OfferModel,
  type ProductModel,
} from '../../../../scripts/lib/commerceml-catalogue.ts';

export { guidOf, importXml, offersXml };

export async function startCatalogApp(
  catalogueExchange: Partial<Config['catalogueExchange']> = {},
): Promise<TestApp> {
  return startTestApp({
    config: {
      exchangeUser: EXCHANGE_USER,
      exchangePassword: EXCHANGE_PASSWORD,
      catalogueExchange: { ...testConfig().catalogueExchange, ...catalogueExchange },
    },
    extend: (app) => registerExchangeContentTypes(app),
  });
}

/** One `type=catalog` call with whatever 1C would send (`exchangeCall` with that type). */
export function catalogCall(
  t: TestApp,
  mode: string,
  options: Parameters<typeof exchangeCall>[2] = {},
): Promise<RawAnswer> {
  return exchangeCall(t, mode, { ...options, query: { type: 'catalog', ...options.query } });
}

export interface ImportOutcome {
  /** the last answer (success or failure) */
  answer: RawAnswer;
  /** how many `progress` answers came before it */
  progress: number;
  /** the slowest call, in ms */
  slowestMs: number;
}

/** 1C's side of a catalogue exchange. */
export class CatalogNode {
  cookie: string | null = null;
  timestamp: string | null = null;

  constructor(private readonly t: TestApp) {}

  private headers(): Record<string, string> {
    return this.cookie === null ? {} : { cookie: this.cookie };
  }

  async checkauth(): Promise<RawAnswer> {
    const answer = await catalogCall(this.t, 'checkauth', {
      headers: { authorization: basic(EXCHANGE_USER, EXCHANGE_PASSWORD) },
    });
    const [, name, value, , stamp] = answer.text.split('\n');
    this.cookie = `${name ?? ''}=${value ?? ''}`;
    this.timestamp = stamp?.replace(/^timestamp=/, '') ?? null;
    return answer;
  }

  init(): Promise<RawAnswer> {
    return catalogCall(this.t, 'init', { headers: this.headers() });
  }

  /** Sends a file in parts cut at these byte offsets (as 1C cuts at `file_limit`), with a Content-Type or none. */
  async file(
    name: string,
    bytes: Buffer,
    options: { cuts?: number[]; contentType?: string | null } = {},
  ): Promise<RawAnswer[]> {
    const cuts = [0, ...(options.cuts ?? []), bytes.length];
    const answers: RawAnswer[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const contentType =
        options.contentType === undefined ? 'application/octet-stream' : options.contentType;
      answers.push(
        await catalogCall(this.t, 'file', {
          method: 'POST',
          headers: { ...this.headers(), ...(contentType === null ? {} : { 'content-type': contentType }) },
          body: bytes.subarray(cuts[i], cuts[i + 1]),
          query: { filename: name },
        }),
      );
    }
    return answers;
  }

  /** `import&filename=` until the portal stops answering `progress` (at most `limit` calls). */
  async import(name: string, limit = 500): Promise<ImportOutcome> {
    let progress = 0;
    let slowestMs = 0;
    for (let call = 0; call < limit; call++) {
      const started = performance.now();
      const answer = await catalogCall(this.t, 'import', {
        headers: this.headers(),
        query: { filename: name },
      });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      if (process.env.DEBUG_CATALOG === '1') console.log(`import ${name}: ${answer.status} ${answer.text}`);
      if (!answer.text.startsWith('progress\n')) return { answer, progress, slowestMs };
      progress += 1;
    }
    throw new Error(`import of ${name} still in progress after ${limit} calls`);
  }

  deactivate(): Promise<RawAnswer> {
    return catalogCall(this.t, 'deactivate', {
      headers: this.headers(),
      query: { timestamp: this.timestamp ?? '0' },
    });
  }

  complete(): Promise<RawAnswer> {
    return catalogCall(this.t, 'complete', { headers: this.headers() });
  }

  /** A whole 2.x run: checkauth, init, each file sent and imported in turn. */
  async run(files: ReadonlyArray<[string, Buffer]>): Promise<ImportOutcome[]> {
    await this.checkauth();
    await this.init();
    const outcomes: ImportOutcome[] = [];
    for (const [name, bytes] of files) {
      await this.file(name, bytes);
      outcomes.push(await this.import(name));
    }
    return outcomes;
  }
}

/* ------------------------------------------------------------------------------------ a test catalogue */

export const IDS = {
  makeup: guidOf('test:group:makeup'),
  lips: guidOf('test:group:lips'),
  perfumery: guidOf('test:group:perfumery'),
  care: guidOf('test:group:care'),
  gifts: guidOf('test:group:gifts'),
  pv: guidOf('test:property:pv'),
  distributor: guidOf('test:price:distributor'),
  retail: guidOf('test:price:retail'),
  wholesale: guidOf('test:price:wholesale'),
  chisinau: guidOf('test:warehouse:chisinau'),
  balti: guidOf('test:warehouse:balti'),
  cahul: guidOf('test:warehouse:cahul'),
};

export const GROUPS: GroupModel[] = [
  { id: IDS.makeup, name: 'Макияж', children: [{ id: IDS.lips, name: 'Губы' }] },
  { id: IDS.perfumery, name: 'ПАРФЮМЕРИЯ' },
  { id: IDS.care, name: 'уход за лицом' },
  { id: IDS.gifts, name: 'Подарочные наборы' },
];

/** `count` products of the test catalogue, spread over the groups (SKU `T-0001`…). */
export function testProducts(count: number, from = 1): ProductModel[] {
  const groups = [IDS.lips, IDS.perfumery, IDS.care];
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      id: guidOf(`test:product:${n}`),
      sku: `T-${String(n).padStart(4, '0')}`,
      barcode: `48400${String(n).padStart(8, '0')}`,
      name: `Тестовый товар №${n} «Ёлочка»`,
      description: `Описание товара ${n}: крем, аромат, цвет.`,
      groupId: groups[n % groups.length] ?? IDS.care,
      properties: { [IDS.pv]: `${n % 10},5` },
    };
  });
}

/** Offers for products: both price types, and stock at the three warehouses. */
export function testOffers(
  products: readonly ProductModel[],
  quantities: (n: number) => [number, number, number],
) {
  return products.map((product, index): OfferModel => {
    const [chisinau, balti, cahul] = quantities(index);
    return {
      id: product.id,
      sku: product.sku ?? null,
      name: product.name,
      prices: [
        // 1C writes thousands apart with a no-break space and decimals after a comma: 1 100,50.
        { typeId: IDS.distributor, value: `1\u00a0${String(100 + index).padStart(3, '0')},50` },
        { typeId: IDS.retail, value: `${1500 + index}.00` },
      ],
      stocks: [
        { warehouseId: IDS.chisinau, quantity: String(chisinau) },
        { warehouseId: IDS.balti, quantity: String(balti) },
        { warehouseId: IDS.cahul, quantity: String(cahul) },
      ],
    };
  });
}

export const PRICE_TYPES = [
  { id: IDS.distributor, name: 'Цена дистрибьютора', currency: 'MDL' },
  { id: IDS.retail, name: 'Розничная цена', currency: 'лей' },
  { id: IDS.wholesale, name: 'Оптовая', currency: 'MDL' },
];

export const WAREHOUSES_1C = [
  { id: IDS.chisinau, name: 'Склад Кишинев' },
  { id: IDS.balti, name: 'СКЛАД БЕЛЬЦЫ' },
  { id: IDS.cahul, name: 'Склад Кагул' },
];
