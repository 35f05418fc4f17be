/**
 * The warehouse's print documents, laid out by `renderPdf` in the brand fonts:
 *
 * - the pick list: the products of the orders merged (name, SKU, quantity to pick, the orders that need it), then
 *   each order's own lines, so one sheet serves a picking round and each order's check;
 * - the packing slips: per order the customer, the delivery address or pickup point, the lines, totals, PV and the
 *   comments.
 *
 * In the staff member's language (the request's `Accept-Language`), money and numbers through `Intl`.
 */
import type { Lang } from '../../db/reference.ts';
import { renderPdf, type Block, type DocumentContent } from '../render.ts';
import { ORDER_PRINT_LABELS, type OrderPrintLabels } from './labels.ts';
import type { PrintOrder } from './print-data.ts';

const LOCALE: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', ro: 'ro-MD', uk: 'uk-UA', it: 'it-IT' };

function formatters(lang: Lang) {
  const locale = LOCALE[lang];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(locale);
  const points = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    money: (minor: number, currency: string) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100),
    date: (at: Date) => `${date.format(at)} UTC`,
    count: (n: number) => count.format(n),
    points: (n: number) => points.format(n),
  };
}

const frame = (
  labels: OrderPrintLabels,
  title: string,
  subtitle: string,
  blocks: Block[],
): DocumentContent => ({
  title,
  subtitle,
  edition: '',
  blocks,
  pageLabel: labels.page,
  ofLabel: labels.of,
});

/** Products merged over the orders (by SKU, in the order first met), then each order's lines. */
export function pickListContent(orders: readonly PrintOrder[], lang: Lang, printedAt: Date): DocumentContent {
  const labels = ORDER_PRINT_LABELS[lang];
  const f = formatters(lang);
  const merged = new Map<string, { name: string; quantity: number; numbers: string[] }>();
  for (const order of orders)
    for (const line of order.lines) {
      if (line.quantity === 0) continue;
      const entry = merged.get(line.sku) ?? { name: line.name, quantity: 0, numbers: [] };
      entry.quantity += line.quantity;
      if (!entry.numbers.includes(order.number)) entry.numbers.push(order.number);
      merged.set(line.sku, entry);
    }
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: `${labels.orders}: ${orders.map((order) => order.number).join(', ')}. ${labels.printed}: ${f.date(printedAt)}`,
    },
    { kind: 'heading', text: labels.toPick },
    {
      kind: 'table',
      columns: [labels.product, labels.sku, labels.quantity, labels.orders],
      widths: [0.4, 0.18, 0.12, 0.3],
      rows: [...merged.entries()].map(([sku, entry]) => [
        entry.name,
        sku,
        f.count(entry.quantity),
        entry.numbers.join(', '),
      ]),
    },
  ];
  if (orders.length > 1)
    for (const order of orders) {
      blocks.push({ kind: 'heading', text: `${labels.order} ${order.number} · ${order.customer.fullName}` });
      blocks.push({
        kind: 'table',
        columns: [labels.product, labels.sku, labels.quantity],
        widths: [0.6, 0.25, 0.15],
        rows: order.lines
          .filter((line) => line.quantity > 0)
          .map((line) => [line.name, line.sku, f.count(line.quantity)]),
      });
    }
  const subtitle =
    orders.length === 1
      ? `${labels.order} ${orders[0]?.number ?? ''}`
      : `${labels.orders}: ${f.count(orders.length)}`;
  return frame(labels, labels.pickList, subtitle, blocks);
}

/** One section per order: customer, where it goes, lines, totals, PV, comments. */
export function packingSlipContent(
  orders: readonly PrintOrder[],
  lang: Lang,
  printedAt: Date,
): DocumentContent {
  const labels = ORDER_PRINT_LABELS[lang];
  const f = formatters(lang);
  const blocks: Block[] = [];
  for (const order of orders) {
    const money = (minor: number) => f.money(minor, order.currency);
    const destination =
      order.deliveryType === 'delivery' && order.address !== null
        ? `${labels.delivery}: ${order.address.postIndex}, ${order.address.city}, ${order.address.street} ${order.address.house}${order.address.apartment === null ? '' : `, ${order.address.apartment}`}`
        : `${labels.pickup}: ${order.pickupPoint === null ? '' : `${order.pickupPoint.name}, ${order.pickupPoint.address}`}`;
    const contact = [order.customer.prn, order.customer.phone, order.customer.email].filter(
      (part): part is string => part !== null && part !== '',
    );
    blocks.push({ kind: 'heading', text: `${labels.packingSlip} · ${labels.order} ${order.number}` });
    blocks.push({
      kind: 'list',
      items: [
        `${labels.placed}: ${f.date(order.createdAt)}`,
        `${labels.customer}: ${order.customer.fullName}${contact.length === 0 ? '' : ` (${contact.join(', ')})`}`,
        destination,
      ],
    });
    blocks.push({
      kind: 'table',
      columns: [labels.product, labels.sku, labels.quantity, labels.price, labels.pv],
      widths: [0.42, 0.18, 0.1, 0.18, 0.12],
      rows: order.lines.map((line) => [
        line.name,
        line.sku,
        f.count(line.quantity),
        money(line.price),
        f.points(line.points * line.quantity),
      ]),
    });
    blocks.push({
      kind: 'list',
      items: [
        `${labels.goods}: ${money(order.amount)}`,
        ...(order.discount > 0 ? [`${labels.discount}: −${money(order.discount)}`] : []),
        `${labels.deliveryCharge}: ${money(order.deliveryPrice)}`,
        `${labels.total}: ${money(order.finalCost)}`,
        `${labels.pv}: ${f.points(order.points)}`,
      ],
    });
    if (order.comment !== null) blocks.push({ kind: 'note', text: `${labels.comment}: ${order.comment}` });
    if (order.courierComment !== null)
      blocks.push({ kind: 'note', text: `${labels.courierComment}: ${order.courierComment}` });
  }
  blocks.push({ kind: 'paragraph', text: `${labels.printed}: ${f.date(printedAt)}` });
  const subtitle =
    orders.length === 1
      ? `${labels.order} ${orders[0]?.number ?? ''}`
      : `${labels.orders}: ${f.count(orders.length)}`;
  return frame(labels, labels.packingSlips, subtitle, blocks);
}

export const renderPickList = (orders: readonly PrintOrder[], lang: Lang, printedAt = new Date()) =>
  renderPdf(pickListContent(orders, lang, printedAt), lang);

export const renderPackingSlips = (orders: readonly PrintOrder[], lang: Lang, printedAt = new Date()) =>
  renderPdf(packingSlipContent(orders, lang, printedAt), lang);
