/**
 * What a catalogue file says, as plain records (kept as JSON between reading and applying).
 *
 * CommerceML puts the same things in several places across its versions (2.03–2.10 and 3.x), and this module reads
 * them all:
 *
 * | what                 | where                                                                                  |
 * | -------------------- | -------------------------------------------------------------------------------------- |
 * | groups (tree)        | `Классификатор/Группы/Группа`, nested `Группа/Группы/Группа`                            |
 * | product properties   | `Классификатор/Свойства/Свойство` (2.04: `СвойствоНоменклатуры`)                        |
 * | price types          | `ПакетПредложений/ТипыЦен/ТипЦены`, 3.x also `Классификатор/ТипыЦен/ТипЦены`             |
 * | warehouses           | `ПакетПредложений/Склады/Склад`, 3.x also `Классификатор/Склады/Склад`                   |
 * | products             | `Каталог/Товары/Товар`                                                                 |
 * | offers (price/stock) | `ПакетПредложений/Предложения/Предложение` (2.10 also `ИзменениеПакетаПредложений/…`)    |
 * | full or changes only | `СодержитТолькоИзменения` on `Каталог` / `ПакетПредложений`, as attribute or element      |
 * | stock per warehouse  | `Склад ИдСклада КоличествоНаСкладе` (2.05–2.10), `Склады …` (2.10), `Остатки/Остаток/Склад` with `Ид`, `Количество` (3.x) |
 * | deletion             | `Товар Статус="Удален"` (2.x), `ПометкаУдаления` true (3.x)                             |
 *
 * A file is recognised by what it holds, never by its name (UT 11 writes `import0_1.xml`, 3.x `import___<guid>.xml`).
 */
import {
  ROOT_ELEMENT,
  booleanOf,
  child,
  children,
  normalName,
  readXmlRecords,
  requisitesOf,
  textOf,
  type XmlNode,
} from '../xml-stream.ts';

export interface GroupRecord {
  t: 'group';
  id: string;
  name: string;
  parentId: string | null;
}
export interface PropertyRecord {
  t: 'property';
  id: string;
  name: string;
}
export interface PriceTypeRecord {
  t: 'priceType';
  id: string;
  name: string;
  currency: string | null;
}
export interface WarehouseRecord {
  t: 'warehouse';
  id: string;
  name: string;
}
export interface ProductRecord {
  t: 'product';
  /** 1C's `Ид` as written (a `guid#characteristic` names a variant) */
  id: string | null;
  sku: string | null;
  /** 1C's code (`Код`), the SKU's stand-in when `Артикул` is empty */
  code: string | null;
  barcode: string | null;
  name: string | null;
  description: string | null;
  groupIds: string[];
  images: string[];
  properties: Array<[string, string | null]>;
  deleted: boolean;
  service: boolean;
}
export interface PriceRecord {
  typeId: string | null;
  value: string | null;
  currency: string | null;
  ratio: string | null;
}
export interface StockRecord {
  /** null: a total without a warehouse */
  warehouseId: string | null;
  quantity: string | null;
}
export interface OfferRecord {
  t: 'offer';
  id: string | null;
  sku: string | null;
  name: string | null;
  prices: PriceRecord[];
  stocks: StockRecord[];
  deleted: boolean;
}
/** `СодержитТолькоИзменения` written as an element (older versions) rather than an attribute. */
export interface FlagRecord {
  t: 'changesOnly';
  value: boolean | null;
}

export type CatalogueRecord =
  GroupRecord | PropertyRecord | PriceTypeRecord | WarehouseRecord | ProductRecord | OfferRecord | FlagRecord;

/** What a file is, from the elements under its root. */
export interface FileHeader {
  schemaVersion: string | null;
  hasClassifier: boolean;
  hasCatalogue: boolean;
  hasOffers: boolean;
  hasDocuments: boolean;
  /** `СодержитТолькоИзменения` of the catalogue or offers package; null when not said */
  changesOnly: boolean | null;
}

export const emptyHeader = (): FileHeader => ({
  schemaVersion: null,
  hasClassifier: false,
  hasCatalogue: false,
  hasOffers: false,
  hasDocuments: false,
  changesOnly: null,
});

const OFFER_PACKAGES = new Set(['ПакетПредложений', 'ИзменениеПакетаПредложений']);

/** The element at `path` is a record of a catalogue file. */
export function isCatalogueRecord(path: readonly string[]): boolean {
  if (path.length !== 4 && path.length !== 3) return false;
  const [, section, list, item] = path;
  if (section === undefined) return false;
  if (path.length === 3)
    return list === 'СодержитТолькоИзменения' && (section === 'Каталог' || OFFER_PACKAGES.has(section));
  const classifier = section === 'Классификатор';
  const offers = OFFER_PACKAGES.has(section);
  return (
    (classifier && list === 'Группы' && item === 'Группа') ||
    (classifier && list === 'Свойства' && (item === 'Свойство' || item === 'СвойствоНоменклатуры')) ||
    ((classifier || offers) && list === 'ТипыЦен' && item === 'ТипЦены') ||
    ((classifier || offers) && list === 'Склады' && item === 'Склад') ||
    (section === 'Каталог' && list === 'Товары' && item === 'Товар') ||
    (offers && list === 'Предложения' && item === 'Предложение')
  );
}

/** Notes what the elements outside records say about the file. */
export function noteOpen(header: FileHeader, path: readonly string[], attrs: Record<string, string>): void {
  if (path.length === 1) {
    header.schemaVersion = attrs['ВерсияСхемы']?.trim() || null;
    return;
  }
  if (path.length !== 2) return;
  const section = path[1] ?? '';
  if (section === 'Классификатор') header.hasClassifier = true;
  else if (section === 'Каталог') header.hasCatalogue = true;
  else if (OFFER_PACKAGES.has(section)) {
    header.hasOffers = true;
    // A package of changes (2.10) is changes only whatever it says.
    if (section === 'ИзменениеПакетаПредложений') header.changesOnly = true;
  } else if (section === 'Документ' || section === 'Контейнер') header.hasDocuments = true;
  const flag = booleanOf(attrs['СодержитТолькоИзменения']);
  if (flag !== null && (section === 'Каталог' || OFFER_PACKAGES.has(section))) header.changesOnly ??= flag;
}

/** HTML 1C may send as a description (`ФорматHTML="true"`), as text. */
function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function groupsOf(node: XmlNode, parentId: string | null, out: GroupRecord[]): void {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (id !== null && name !== null) out.push({ t: 'group', id, name, parentId });
  for (const sub of children(child(node, 'Группы'), 'Группа')) groupsOf(sub, id ?? parentId, out);
}

function productOf(node: XmlNode): ProductRecord {
  const requisites = requisitesOf(node);
  const kind = normalName(requisites.get('типноменклатуры') ?? requisites.get('видноменклатуры') ?? '');
  const descriptionNode = child(node, 'Описание');
  const description =
    descriptionNode === undefined || descriptionNode.text === ''
      ? null
      : booleanOf(descriptionNode.attrs['ФорматHTML']) === true
        ? plainText(descriptionNode.text)
        : descriptionNode.text;
  return {
    t: 'product',
    id: textOf(node, 'Ид'),
    sku: textOf(node, 'Артикул'),
    code: textOf(node, 'Код') ?? requisites.get('код') ?? null,
    barcode: textOf(node, 'Штрихкод'),
    name: textOf(node, 'Наименование'),
    description,
    groupIds: children(child(node, 'Группы'), 'Ид')
      .map((item) => item.text)
      .filter((id) => id !== ''),
    images: children(node, 'Картинка')
      .map((item) => item.text)
      .filter((path) => path !== ''),
    properties: children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства').flatMap(
      (item): Array<[string, string | null]> => {
        const id = textOf(item, 'Ид');
        return id === null ? [] : [[id, textOf(item, 'Значение')]];
      },
    ),
    deleted:
      normalName(node.attrs['Статус'] ?? '') === 'удален' ||
      booleanOf(textOf(node, 'ПометкаУдаления')) === true,
    service: kind === 'услуга',
  };
}

function stocksOf(node: XmlNode): StockRecord[] {
  const out: StockRecord[] = [];
  // 2.05–2.10: <Склад ИдСклада="…" КоличествоНаСкладе="…"/>; 2.10 changes: <Склады ИдСклада КоличествоНаСкладе/>.
  for (const item of [...children(node, 'Склад'), ...children(node, 'Склады')]) {
    const id = item.attrs['ИдСклада'];
    if (id !== undefined)
      out.push({ warehouseId: id.trim(), quantity: item.attrs['КоличествоНаСкладе'] ?? null });
    for (const inner of children(item, 'Склад')) {
      const innerId = inner.attrs['ИдСклада'] ?? textOf(inner, 'Ид');
      if (innerId !== null && innerId !== undefined) {
        out.push({
          warehouseId: innerId.trim(),
          quantity: inner.attrs['КоличествоНаСкладе'] ?? textOf(inner, 'Количество'),
        });
      }
    }
  }
  // 3.x: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>, or <Остаток><Количество/>.
  for (const rest of children(child(node, 'Остатки'), 'Остаток')) {
    const warehouses = children(rest, 'Склад');
    for (const warehouse of warehouses) {
      const id = textOf(warehouse, 'Ид');
      if (id !== null) out.push({ warehouseId: id, quantity: textOf(warehouse, 'Количество') });
    }
    if (warehouses.length === 0 && child(rest, 'Количество') !== undefined) {
      out.push({ warehouseId: null, quantity: textOf(rest, 'Количество') });
    }
  }
  if (out.length === 0 && child(node, 'Количество') !== undefined) {
    out.push({ warehouseId: null, quantity: textOf(node, 'Количество') });
  }
  return out;
}

function offerOf(node: XmlNode): OfferRecord {
  return {
    t: 'offer',
    id: textOf(node, 'Ид'),
    sku: textOf(node, 'Артикул'),
    name: textOf(node, 'Наименование'),
    prices: children(child(node, 'Цены'), 'Цена').map((price) => ({
      typeId: textOf(price, 'ИдТипаЦены'),
      value: textOf(price, 'ЦенаЗаЕдиницу'),
      currency: textOf(price, 'Валюта'),
      ratio: textOf(price, 'Коэффициент'),
    })),
    stocks: stocksOf(node),
    deleted:
      normalName(node.attrs['Статус'] ?? '') === 'удален' ||
      booleanOf(textOf(node, 'ПометкаУдаления')) === true,
  };
}

/** The records one element read at `path` stands for. */
export function recordsOf(path: readonly string[], node: XmlNode): CatalogueRecord[] {
  switch (node.name) {
    case 'Группа': {
      const out: GroupRecord[] = [];
      groupsOf(node, null, out);
      return out;
    }
    case 'Свойство':
    case 'СвойствоНоменклатуры': {
      const id = textOf(node, 'Ид');
      const name = textOf(node, 'Наименование');
      return id === null || name === null ? [] : [{ t: 'property', id, name }];
    }
    case 'ТипЦены': {
      const id = textOf(node, 'Ид');
      const name = textOf(node, 'Наименование');
      return id === null || name === null
        ? []
        : [{ t: 'priceType', id, name, currency: textOf(node, 'Валюта') }];
    }
    case 'Склад': {
      const id = textOf(node, 'Ид');
      return id === null ? [] : [{ t: 'warehouse', id, name: textOf(node, 'Наименование') ?? id }];
    }
    case 'Товар':
      return [productOf(node)];
    case 'Предложение':
      return [offerOf(node)];
    case 'СодержитТолькоИзменения':
      return path.length === 3 ? [{ t: 'changesOnly', value: booleanOf(node.text) }] : [];
    default:
      return [];
  }
}

/**
 * Reads a catalogue file's records in batches (`onRecords`), skipping the first `skip` records (a read that stopped
 * short resumes there), and answers what the file is. Throws `XmlReadError` for a file that cannot be read.
 */
export async function readCatalogueFile(
  bytes: Uint8Array,
  options: {
    skip: number;
    onRecords: (records: CatalogueRecord[], header: FileHeader) => Promise<void | 'stop'>;
  },
): Promise<{ header: FileHeader; stopped: boolean }> {
  const header = emptyHeader();
  let seen = 0;
  const outcome = await readXmlRecords(bytes, {
    isRecord: isCatalogueRecord,
    onOpen: (path, attrs) => noteOpen(header, path, attrs),
    onRecords: async (read) => {
      const records: CatalogueRecord[] = [];
      for (const { path, node } of read) {
        for (const record of recordsOf(path, node)) {
          if (record.t === 'changesOnly') header.changesOnly ??= record.value;
          seen += 1;
          if (seen > options.skip) records.push(record);
        }
      }
      return options.onRecords(records, header);
    },
  });
  return { header, stopped: outcome.stopped };
}

export { ROOT_ELEMENT };
