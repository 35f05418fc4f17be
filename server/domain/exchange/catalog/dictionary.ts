/**
 * How 1C's names and ids map onto the portal (docs/adr/0090-catalogue-from-1c.md; the administrator's settings are
 * in docs/1c-exchange.md):
 *
 * - **Groups → categories**: `EXCHANGE_GROUP_MAP` by 1C `Ид` first; else a group whose name is a category's Russian
 *   name (`Макияж`, `Парфюмерия`, `Уход за лицом`, case-insensitive); else its parent's category. A group none of
 *   these place is reported, never guessed: its new products are skipped.
 * - **Price types**: `EXCHANGE_PRICE_TYPE` (default `Цена дистрибьютора`) is the price, `EXCHANGE_RETAIL_PRICE_TYPE`
 *   (default `Розничная цена`) the recommended retail price, each an `Ид` or a name. Other price types are not used.
 * - **PV**: the numeric property `EXCHANGE_PV_PROPERTY` (default `Баллы (PV)`), an `Ид` or a name.
 * - **Currency**: a price in another currency than the portal's is skipped.
 *
 * A run keeps what its files described (`Dictionary`, in `exchange_import_runs.dictionary`), so the offers file of
 * a session can use the price types and warehouses, and a full upload knows the groups it covers.
 */
import type { CatalogueExchangeConfig } from '#server/config.ts';
import type { Category } from '#server/db/reference.ts';
import { normalName } from '../xml-stream.ts';

export interface Dictionary {
  properties: Record<string, string>;
  priceTypes: Record<string, { name: string; currency: string | null }>;
  /** 1C warehouse `Ид` → its name and the portal warehouse it is (null: unknown, reported once) */
  warehouses: Record<string, { name: string; warehouseId: number | null }>;
  /** groups the run's classifiers described */
  classifierGroups: string[];
  /** groups of the products full catalogue files named */
  catalogueGroups: string[];
  /** groups of the products full offers packages named, and the warehouses they gave figures for */
  offerGroups: string[];
  offerWarehouses: number[];
}

export const emptyDictionary = (): Dictionary => ({
  properties: {},
  priceTypes: {},
  warehouses: {},
  classifierGroups: [],
  catalogueGroups: [],
  offerGroups: [],
  offerWarehouses: [],
});

/** A run's stored dictionary (older or partial rows filled with defaults). */
export function dictionaryOf(stored: Record<string, unknown>): Dictionary {
  return { ...emptyDictionary(), ...(stored as Partial<Dictionary>) };
}

/** The categories' Russian names, as a 1C group may be called. */
export const CATEGORY_NAMES_RU: Readonly<Record<Category, string>> = {
  makeup: 'Макияж',
  perfumery: 'Парфюмерия',
  facial_care: 'Уход за лицом',
};

const CATEGORY_BY_NAME = new Map(
  Object.entries(CATEGORY_NAMES_RU).map(([category, name]) => [normalName(name), category as Category]),
);

/** The category of a 1C group (see the module comment); null when none applies. */
export function categoryOfGroup(
  group: { id: string; name: string },
  parentCategory: Category | null,
  config: Pick<CatalogueExchangeConfig, 'groupMap'>,
): Category | null {
  return config.groupMap[group.id] ?? CATEGORY_BY_NAME.get(normalName(group.name)) ?? parentCategory;
}

/** Whether a setting (an `Ид` or a name) names this 1C object. */
const names = (setting: string, object: { id: string; name: string }): boolean =>
  setting === object.id || normalName(setting) === normalName(object.name);

/** What a 1C price type is to the portal. */
export function priceRoleOf(
  typeId: string,
  dictionary: Dictionary,
  config: Pick<CatalogueExchangeConfig, 'priceType' | 'retailPriceType'>,
): 'price' | 'retail' | null {
  const type = dictionary.priceTypes[typeId];
  const object = { id: typeId, name: type?.name ?? '' };
  if (names(config.priceType, object)) return 'price';
  if (names(config.retailPriceType, object)) return 'retail';
  return null;
}

/** The 1C property ids that hold the PV. */
export function pvPropertyIds(
  dictionary: Dictionary,
  config: Pick<CatalogueExchangeConfig, 'pvProperty'>,
): Set<string> {
  const ids = new Set<string>([config.pvProperty]);
  for (const [id, name] of Object.entries(dictionary.properties)) {
    if (names(config.pvProperty, { id, name })) ids.add(id);
  }
  return ids;
}

/** Ways 1C writes the Moldovan leu (and any currency by its ISO code). */
const CURRENCY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  MDL: ['mdl', '498', 'лей', 'леев', 'lei', 'leu'],
};

/** Whether a currency 1C wrote is the portal's (an absent one is). */
export function isPortalCurrency(written: string | null, portal: string): boolean {
  if (written === null || written.trim() === '') return true;
  const value = normalName(written).replace(/\.$/, '');
  return value === portal.toLowerCase() || (CURRENCY_ALIASES[portal] ?? []).includes(value);
}

/** The part of 1C's `Ид` that names the product (`guid#characteristic` → `guid`), and its characteristic. */
export function splitOnecId(id: string): { productId: string; characteristic: string | null } {
  const hash = id.indexOf('#');
  if (hash < 0) return { productId: id, characteristic: null };
  const characteristic = id.slice(hash + 1).trim();
  return {
    productId: id.slice(0, hash).trim(),
    characteristic: characteristic === '' ? null : characteristic,
  };
}

/** Adds values to a list kept as a set. */
export function addAll<T>(list: T[], values: Iterable<T>): void {
  const seen = new Set(list);
  for (const value of values) {
    if (!seen.has(value)) {
      seen.add(value);
      list.push(value);
    }
  }
}
