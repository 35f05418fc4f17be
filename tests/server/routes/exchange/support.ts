/**
 * Acting as 1C:Enterprise against the exchange endpoint (`/api/v3/exchange/1c`), over the real app on a fresh
 * seeded database. `OneC` keeps the session cookie as 1C does after checkauth.
 */
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'kysely';
import { EXCHANGE_FILE_LIMIT, registerExchangeContentTypes } from '#server/routes/exchange/index.ts';
import type { components } from '#openapi/schema.d.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

export type Order = components['schemas']['Order'];
export type ErrorBody = components['schemas']['Error'];

export const WAREHOUSE = 'warehouse@demo.test';
export const PARTNER = 'partner@demo.test';
export const BALTI_STAFF = 'sklad.balti@demo.test';
export const EXCHANGE_USER = '1c-node';
export const EXCHANGE_PASSWORD = 'correct horse battery staple';

export async function startExchangeApp(): Promise<TestApp> {
  return startTestApp({
    config: { exchangeUser: EXCHANGE_USER, exchangePassword: EXCHANGE_PASSWORD },
    extend: (app) => registerExchangeContentTypes(app),
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
  text: string;
}

export const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** One call of the exchange with whatever headers and body 1C would send. */
export async function exchangeCall(
  t: TestApp,
  mode: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string | Buffer;
    query?: Record<string, string>;
  } = {},
): Promise<RawAnswer> {
  const params = new URLSearchParams({ type: 'sale', mode, ...options.query });
  const response = await t.app.inject({
    method: options.method ?? 'GET',
    url: `/api/v3/exchange/1c?${params.toString()}`,
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    raw: response.rawPayload,
    text: response.body,
  };
}

/** 1C's side of one exchange run. */
export class OneC {
  cookie: string | null = null;

  constructor(
    private readonly t: TestApp,
    private readonly user = EXCHANGE_USER,
    private readonly password = EXCHANGE_PASSWORD,
  ) {}

  private headers(): Record<string, string> {
    return this.cookie === null ? {} : { cookie: this.cookie };
  }

  async checkauth(): Promise<RawAnswer> {
    const answer = await exchangeCall(this.t, 'checkauth', {
      headers: { authorization: basic(this.user, this.password) },
    });
    if (answer.status === 200) {
      const [, name, value] = answer.text.split('\n');
      this.cookie = `${name ?? ''}=${value ?? ''}`;
    }
    return answer;
  }

  init(): Promise<RawAnswer> {
    return exchangeCall(this.t, 'init', { headers: this.headers() });
  }

  query(): Promise<RawAnswer> {
    return exchangeCall(this.t, 'query', { headers: this.headers() });
  }

  success(): Promise<RawAnswer> {
    return exchangeCall(this.t, 'success', { headers: this.headers() });
  }

  file(
    xml: string | Buffer,
    filename = 'orders-1c.xml',
    contentType = 'application/xml',
  ): Promise<RawAnswer> {
    return exchangeCall(this.t, 'file', {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': contentType },
      body: xml,
      query: { filename },
    });
  }
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) =>
    ['Документ', 'Товар', 'ЗначениеРеквизита', 'Контрагент', 'АдресноеПоле', 'Контакт'].includes(name),
});

export type XmlNode = Record<string, unknown>;

/** Parses a query answer (after its BOM) and answers the root element. */
export function parseQueryAnswer(raw: Buffer): XmlNode {
  const text = raw.subarray(3).toString('utf8');
  const parsed = xmlParser.parse(text) as XmlNode;
  const root = parsed['КоммерческаяИнформация'];
  if (typeof root !== 'object' || root === null) throw new Error('no КоммерческаяИнформация root');
  return root as XmlNode;
}

export function documentsOf(root: XmlNode): XmlNode[] {
  const docs = root['Документ'];
  return Array.isArray(docs) ? (docs as XmlNode[]) : [];
}

/** `Ид` of each document, as numbers. */
export function documentIds(raw: Buffer): number[] {
  return documentsOf(parseQueryAnswer(raw)).map((doc) => Number(doc['Ид']));
}

export function requisites(node: XmlNode): Map<string, string> {
  const block = node['ЗначенияРеквизитов'] as XmlNode | undefined;
  const items = (block?.['ЗначениеРеквизита'] ?? []) as XmlNode[];
  return new Map(items.map((item) => [String(item['Наименование']), String(item['Значение'])]));
}

/** Ids of orders waiting for 1C as the database says (queued, sent, or sent_to_1c never exchanged). */
export async function waitingIds(t: TestApp): Promise<number[]> {
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('exchange_state', 'in', ['queued', 'sent']),
        eb.and([eb('status', '=', 'sent_to_1c'), eb('exchange_state', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function orderRow(t: TestApp, id: number) {
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An order of warehouse 1 in this status (the seed has every status there). */
export async function orderInStatus(
  t: TestApp,
  status: Order['status'],
  skip: readonly number[] = [],
): Promise<number> {
  let query = t.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', status)
    .where('warehouse_id', '=', 1);
  if (skip.length > 0) query = query.where('id', 'not in', skip);
  const row = await query.orderBy('id').executeTakeFirst();
  if (row === undefined) throw new Error(`no order in ${status} at warehouse 1`);
  return row.id;
}

/** The warehouse sends a completed order to 1C through the API, as the warehouse page does. */
export async function sendToOneC(t: TestApp, token: string, id: number): Promise<Order> {
  const row = await orderRow(t, id);
  const response = await t.post<Order>(`/orders/set/${id}/status`, {
    token,
    query: { status: 'sent_to_1c', version: row.version },
  });
  if (response.status !== 200) throw new Error(`send to 1C: ${response.status} ${response.text}`);
  return response.body;
}

export async function historyEvents(
  t: TestApp,
  id: number,
): Promise<Array<{ event: string; actor_role: string; comment: string | null }>> {
  return t.db
    .selectFrom('order_history')
    .select(['event', 'actor_role', 'comment'])
    .where('order_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** A `КоммерческаяИнформация` with documents as 1C writes its changes. */
export function oneCFile(
  documents: ReadonlyArray<{ id?: number | string; number?: string; requisites: Record<string, string> }>,
): string {
  const escape = (value: string): string =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const docs = documents
    .map((doc) => {
      const reqs = Object.entries(doc.requisites)
        .map(
          ([name, value]) =>
            `<ЗначениеРеквизита><Наименование>${escape(name)}</Наименование><Значение>${escape(value)}</Значение></ЗначениеРеквизита>`,
        )
        .join('');
      return `<Документ>${doc.id === undefined ? '' : `<Ид>${escape(String(doc.id))}</Ид>`}${
        doc.number === undefined ? '' : `<Номер>${escape(doc.number)}</Номер>`
      }<ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><ЗначенияРеквизитов>${reqs}</ЗначенияРеквизитов></Документ>`;
    })
    .join('\n');
  return `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2025-01-01T10:00:00">\n${docs}\n</КоммерческаяИнформация>\n`;
}

/** The file as UTF-8 bytes, padded (an XML comment) past one `file_limit`, so 1C would send it in parts. */
export function paddedFile(xml: string, limit = EXCHANGE_FILE_LIMIT): Buffer {
  const bytes = Buffer.from(xml, 'utf8');
  const padding = `<!--${' '.repeat(limit + 16 - bytes.length)}-->`;
  return Buffer.from(xml.replace(/(<КоммерческаяИнформация[^>]*>)/, `$1${padding}`), 'utf8');
}

/** Cuts bytes as 1C does: parts of exactly `file_limit` bytes, the last one shorter. */
export function partsOf(bytes: Buffer, limit = EXCHANGE_FILE_LIMIT): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += limit) parts.push(bytes.subarray(start, start + limit));
  return parts;
}

/** Forces an order's exchange state (setting up a case the seed does not have). */
export async function setExchangeState(
  t: TestApp,
  id: number,
  state: 'queued' | 'sent' | 'confirmed' | 'error' | null,
  error: string | null = null,
): Promise<void> {
  await t.db
    .updateTable('orders')
    .set({ exchange_state: state, exchange_error: error, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
