/**
 * Writes CommerceML catalogue packages the way 1C:Enterprise does (UTF-8 with a byte-order mark, the default
 * namespace, tab-indented): `import.xml` (classifier + catalogue) and `offers.xml` (price types, warehouses, offers
 * with prices and stock per warehouse). Used to make the demo seed's package once (`scripts/seed-package.ts`), by
 * the exchange-client tests (acting as a 1C node) and by `bench:api`.
 *
 * Stock is written in the form of the schema version asked for: `Склад ИдСклада КоличествоНаСкладе` (2.05–2.10)
 * or `Остатки/Остаток/Склад` (3.x).
 */
import { el, leaf, xmlDocumentBytes, type XmlElement } from '../../server/domain/exchange/xml-writer.ts';

export interface GroupModel {
  id: string;
  name: string;
  children?: GroupModel[];
}

export interface ProductModel {
  id: string;
  sku?: string | null;
  barcode?: string | null;
  name: string;
  description?: string | null;
  groupId?: string | null;
  image?: string | null;
  /** property Ид → value as 1C writes it (`8,5`) */
  properties?: Record<string, string>;
  /** `Статус="Удален"` (2.x) or `ПометкаУдаления` (3.x) */
  deleted?: boolean;
  /** `ЗначенияРеквизитов`: name → value */
  requisites?: Record<string, string>;
}

export interface CatalogueModel {
  schemaVersion?: string;
  classifierId?: string;
  changesOnly: boolean;
  groups?: GroupModel[];
  properties?: Array<{ id: string; name: string }>;
  products: ProductModel[];
}

export interface OfferModel {
  id: string;
  sku?: string | null;
  name?: string | null;
  prices?: Array<{ typeId: string; value: string; currency?: string | null; ratio?: string }>;
  stocks?: Array<{ warehouseId: string; quantity: string }>;
  /** a quantity without a warehouse */
  total?: string;
  deleted?: boolean;
}

export interface OffersModel {
  schemaVersion?: string;
  classifierId?: string;
  changesOnly: boolean;
  priceTypes?: Array<{ id: string; name: string; currency: string }>;
  warehouses?: Array<{ id: string; name: string }>;
  offers: OfferModel[];
}

const NS = 'urn:1C.ru:commerceml_2';
const DEFAULT_CLASSIFIER = 'b7a5a5c0-0000-4000-8000-000000000001';

const root = (version: string, ...children: XmlElement[]): XmlElement =>
  el(
    'КоммерческаяИнформация',
    {
      xmlns: NS,
      ВерсияСхемы: version,
      ДатаФормирования: '2025-06-01T09:00:00',
    },
    ...children,
  );

const group = (model: GroupModel): XmlElement =>
  el(
    'Группа',
    {},
    leaf('Ид', model.id),
    leaf('Наименование', model.name),
    model.children !== undefined && model.children.length > 0
      ? el('Группы', {}, ...model.children.map(group))
      : null,
  );

const isThreeX = (version: string): boolean => version.startsWith('3');

function product(model: ProductModel, version: string): XmlElement {
  const properties = Object.entries(model.properties ?? {});
  const requisites = Object.entries({
    ВидНоменклатуры: 'Товар',
    ТипНоменклатуры: 'Товар',
    ...model.requisites,
  });
  return el(
    'Товар',
    model.deleted === true && !isThreeX(version) ? { Статус: 'Удален' } : {},
    leaf('Ид', model.id),
    model.barcode ? leaf('Штрихкод', model.barcode) : null,
    model.sku ? leaf('Артикул', model.sku) : null,
    leaf('Наименование', model.name),
    el('БазоваяЕдиница', { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' }, 'шт'),
    model.groupId ? el('Группы', {}, leaf('Ид', model.groupId)) : null,
    model.description ? leaf('Описание', model.description) : null,
    model.image ? leaf('Картинка', model.image) : null,
    properties.length > 0
      ? el(
          'ЗначенияСвойств',
          {},
          ...properties.map(([id, value]) =>
            el('ЗначенияСвойства', {}, leaf('Ид', id), leaf('Значение', value)),
          ),
        )
      : null,
    el(
      'ЗначенияРеквизитов',
      {},
      ...requisites.map(([name, value]) =>
        el('ЗначениеРеквизита', {}, leaf('Наименование', name), leaf('Значение', value)),
      ),
    ),
    isThreeX(version) ? leaf('ПометкаУдаления', model.deleted === true ? 'true' : 'false') : null,
  );
}

/** `import.xml`: the classifier (groups, properties) and the catalogue. */
export function importXml(model: CatalogueModel): Buffer {
  const version = model.schemaVersion ?? '2.08';
  const classifierId = model.classifierId ?? DEFAULT_CLASSIFIER;
  return xmlDocumentBytes(
    root(
      version,
      el(
        'Классификатор',
        {},
        leaf('Ид', classifierId),
        leaf('Наименование', 'Классификатор (Основной каталог товаров)'),
        (model.groups ?? []).length > 0 ? el('Группы', {}, ...(model.groups ?? []).map(group)) : null,
        (model.properties ?? []).length > 0
          ? el(
              'Свойства',
              {},
              ...(model.properties ?? []).map((property) =>
                el(
                  'Свойство',
                  {},
                  leaf('Ид', property.id),
                  leaf('Наименование', property.name),
                  leaf('ТипЗначений', 'Число'),
                ),
              ),
            )
          : null,
      ),
      el(
        'Каталог',
        { СодержитТолькоИзменения: model.changesOnly ? 'true' : 'false' },
        leaf('Ид', classifierId),
        leaf('ИдКлассификатора', classifierId),
        leaf('Наименование', 'Основной каталог товаров'),
        el('Товары', {}, ...model.products.map((item) => product(item, version))),
      ),
    ),
  );
}

function offer(model: OfferModel, version: string): XmlElement {
  const stocks = model.stocks ?? [];
  const total =
    model.total ??
    (stocks.length > 0
      ? String(stocks.reduce((sum, stock) => sum + Number(stock.quantity.replace(',', '.')), 0))
      : null);
  return el(
    'Предложение',
    model.deleted === true && !isThreeX(version) ? { Статус: 'Удален' } : {},
    leaf('Ид', model.id),
    model.sku ? leaf('Артикул', model.sku) : null,
    model.name ? leaf('Наименование', model.name) : null,
    el('БазоваяЕдиница', { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' }, 'шт'),
    (model.prices ?? []).length > 0
      ? el(
          'Цены',
          {},
          ...(model.prices ?? []).map((price) =>
            el(
              'Цена',
              {},
              leaf('Представление', `${price.value} ${price.currency ?? 'MDL'} за шт`),
              leaf('ИдТипаЦены', price.typeId),
              leaf('ЦенаЗаЕдиницу', price.value),
              price.currency === null ? null : leaf('Валюта', price.currency ?? 'MDL'),
              leaf('Единица', 'шт'),
              leaf('Коэффициент', price.ratio ?? '1'),
            ),
          ),
        )
      : null,
    isThreeX(version)
      ? el(
          'Остатки',
          {},
          ...(stocks.length > 0
            ? [
                el(
                  'Остаток',
                  {},
                  ...stocks.map((stock) =>
                    el('Склад', {}, leaf('Ид', stock.warehouseId), leaf('Количество', stock.quantity)),
                  ),
                ),
              ]
            : model.total !== undefined
              ? [el('Остаток', {}, leaf('Количество', model.total))]
              : []),
        )
      : null,
    !isThreeX(version) && total !== null ? leaf('Количество', total) : null,
    ...(isThreeX(version)
      ? []
      : stocks.map((stock) =>
          el('Склад', { ИдСклада: stock.warehouseId, КоличествоНаСкладе: stock.quantity }),
        )),
    isThreeX(version) ? leaf('ПометкаУдаления', model.deleted === true ? 'true' : 'false') : null,
  );
}

/** `offers.xml`: price types, warehouses and the offers (prices, stock per warehouse). */
export function offersXml(model: OffersModel): Buffer {
  const version = model.schemaVersion ?? '2.08';
  const classifierId = model.classifierId ?? DEFAULT_CLASSIFIER;
  return xmlDocumentBytes(
    root(
      version,
      el(
        'ПакетПредложений',
        { СодержитТолькоИзменения: model.changesOnly ? 'true' : 'false' },
        leaf('Ид', `${classifierId}#`),
        leaf('Наименование', 'Пакет предложений (Основной каталог товаров)'),
        leaf('ИдКаталога', classifierId),
        leaf('ИдКлассификатора', classifierId),
        (model.priceTypes ?? []).length > 0
          ? el(
              'ТипыЦен',
              {},
              ...(model.priceTypes ?? []).map((type) =>
                el(
                  'ТипЦены',
                  {},
                  leaf('Ид', type.id),
                  leaf('Наименование', type.name),
                  leaf('Валюта', type.currency),
                ),
              ),
            )
          : null,
        (model.warehouses ?? []).length > 0
          ? el(
              'Склады',
              {},
              ...(model.warehouses ?? []).map((warehouse) =>
                el('Склад', {}, leaf('Ид', warehouse.id), leaf('Наименование', warehouse.name)),
              ),
            )
          : null,
        el('Предложения', {}, ...model.offers.map((item) => offer(item, version))),
      ),
    ),
  );
}

/** A GUID-shaped 1C `Ид` made from a name (stable across runs). */
export function guidOf(name: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0;
    h1 = Math.imul(h1 ^ code, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) >>> 0;
  }
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  const a = hex(h1);
  const b = hex(h2);
  const c = hex(Math.imul(h1 ^ h2, 0x9e3779b1) >>> 0);
  const d = hex(Math.imul(h2 + 0x7f4a7c15, 0x85ebca6b) >>> 0);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-8${c.slice(1, 4)}-${c.slice(4)}${d}`;
}
