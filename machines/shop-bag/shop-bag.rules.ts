/**
 * The visitor's bag of a storefront (`/s/{alias}`): pure functions over its lines, the same in the machine, its
 * selectors and the page that reads local storage (docs/adr/0147-the-storefront-and-client-checkout.md).
 */
import type { ShopBagGood, ShopBagLine } from './shop-bag.types.ts';

/** The most units of one product a line holds; the server's cart refuses more than its stock anyway. */
export const MAX_LINE_QUANTITY = 99;

/** The most lines a bag holds: a bag is a few products, and local storage is small. */
export const MAX_LINES = 50;

/** The local-storage key of a shop's bag: one bag per shop, whatever case its address was typed in. */
export function shopBagStorageKey(alias: string): string {
  return `shop-bag:${alias.trim().toLowerCase()}`;
}

const clampQuantity = (quantity: number): number =>
  Number.isFinite(quantity) ? Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.trunc(quantity))) : 0;

/** `quantity` more units of a product: its line grows (to the most a line holds), or a new line is added. */
export function addLine(lines: readonly ShopBagLine[], good: ShopBagGood, quantity: number): ShopBagLine[] {
  const more = clampQuantity(quantity);
  if (more === 0) return [...lines];
  const at = lines.findIndex((line) => line.productId === good.id);
  if (at === -1) {
    if (lines.length >= MAX_LINES) return [...lines];
    return [
      ...lines,
      {
        productId: good.id,
        name: good.name,
        imageUrl: good.imageUrl,
        price: good.price,
        currency: good.currency,
        quantity: more,
      },
    ];
  }
  return lines.map((line, index) =>
    index === at
      ? // The latest name and price the storefront showed.
        {
          ...line,
          name: good.name,
          price: good.price,
          currency: good.currency,
          quantity: clampQuantity(line.quantity + more),
        }
      : line,
  );
}

/** A line's quantity set exactly; 0 (or less) removes it. */
export function setLineQuantity(
  lines: readonly ShopBagLine[],
  productId: number,
  quantity: number,
): ShopBagLine[] {
  const next = clampQuantity(quantity);
  if (next === 0) return removeLine(lines, productId);
  return lines.map((line) => (line.productId === productId ? { ...line, quantity: next } : line));
}

export function removeLine(lines: readonly ShopBagLine[], productId: number): ShopBagLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** Units in the bag (the header's badge). */
export const bagCount = (lines: readonly ShopBagLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** The bag's total at the prices shown, minor units (a shop has one currency). */
export const bagTotal = (lines: readonly ShopBagLine[]): number =>
  lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LANGS = ['ru', 'en', 'ro', 'uk', 'it'] as const;

function isLocalizedText(value: unknown): value is ShopBagLine['name'] {
  return isRecord(value) && LANGS.every((lang) => typeof value[lang] === 'string');
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The lines local storage kept (`null` when nothing was kept): anything that is not a valid line is dropped, a
 * product kept twice is one line, quantities are clamped. The storage is the visitor's to edit, and an older app
 * may have written it, so nothing read here is trusted.
 */
export function parseStoredBag(stored: string | null): ShopBagLine[] {
  if (stored === null || stored === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  const items = isRecord(value) && Array.isArray(value.lines) ? value.lines : [];
  let lines: ShopBagLine[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const { productId, name, imageUrl, price, currency, quantity } = item;
    if (!isCount(productId) || !isCount(quantity) || !isLocalizedText(name)) continue;
    if (typeof imageUrl !== 'string' || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      continue;
    if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) continue;
    lines = addLine(lines, { id: productId, name, imageUrl, price, currency }, quantity);
  }
  return lines;
}

/** What local storage keeps of a bag (read back by `parseStoredBag`). */
export function serializeBag(lines: readonly ShopBagLine[]): string {
  return JSON.stringify({ version: 1, lines });
}
