/**
 * The order's receipt (invoice) as a PDF in one of the five languages: who bought, how it is delivered, the lines,
 * the discount and delivery as their own rows, the total, PV, and how it is paid. Built from the `Order` the API
 * shows (so it says exactly what the order page says) with the documents' layout (`renderPdf`).
 */
import type { components } from '#openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import { renderPdf, type Block } from '../render.ts';

type Order = components['schemas']['Order'];

interface ReceiptWords {
  title: string;
  order: (number: string, date: string) => string;
  customer: string;
  delivery: string;
  pickup: string;
  products: string;
  columns: [string, string, string, string];
  discount: string;
  deliveryCharge: string;
  total: string;
  points: string;
  payment: string;
  method: Record<Order['paymentMethod'], string>;
  state: Record<Order['paymentState'], string>;
  page: string;
  of: string;
  thanks: string;
}

const WORDS: Record<Lang, ReceiptWords> = {
  ru: {
    title: 'Квитанция',
    order: (n, d) => `Заказ № ${n} от ${d}`,
    customer: 'Покупатель',
    delivery: 'Доставка по адресу',
    pickup: 'Самовывоз',
    products: 'Товары',
    columns: ['Товар', 'Кол-во', 'Цена', 'Сумма'],
    discount: 'Скидка',
    deliveryCharge: 'Доставка',
    total: 'Итого',
    points: 'Баллы (PV)',
    payment: 'Оплата',
    method: { cash: 'наличными', card: 'картой' },
    state: {
      not_required: 'оплата не требуется',
      need_pay: 'ожидает оплаты',
      paid: 'оплачено',
      pay_failed: 'оплата не прошла',
    },
    page: 'Страница',
    of: 'из',
    thanks: 'Спасибо за заказ!',
  },
  en: {
    title: 'Receipt',
    order: (n, d) => `Order No. ${n} of ${d}`,
    customer: 'Customer',
    delivery: 'Delivery to',
    pickup: 'Pickup',
    products: 'Products',
    columns: ['Product', 'Qty', 'Price', 'Amount'],
    discount: 'Discount',
    deliveryCharge: 'Delivery',
    total: 'Total',
    points: 'Points (PV)',
    payment: 'Payment',
    method: { cash: 'cash', card: 'card' },
    state: {
      not_required: 'no payment due',
      need_pay: 'awaiting payment',
      paid: 'paid',
      pay_failed: 'payment failed',
    },
    page: 'Page',
    of: 'of',
    thanks: 'Thank you for your order!',
  },
  ro: {
    title: 'Chitanță',
    order: (n, d) => `Comanda nr. ${n} din ${d}`,
    customer: 'Client',
    delivery: 'Livrare la adresa',
    pickup: 'Ridicare',
    products: 'Produse',
    columns: ['Produs', 'Cant.', 'Preț', 'Sumă'],
    discount: 'Reducere',
    deliveryCharge: 'Livrare',
    total: 'Total',
    points: 'Puncte (PV)',
    payment: 'Plată',
    method: { cash: 'numerar', card: 'card' },
    state: {
      not_required: 'plata nu este necesară',
      need_pay: 'așteaptă plata',
      paid: 'achitat',
      pay_failed: 'plata a eșuat',
    },
    page: 'Pagina',
    of: 'din',
    thanks: 'Vă mulțumim pentru comandă!',
  },
  uk: {
    title: 'Квитанція',
    order: (n, d) => `Замовлення № ${n} від ${d}`,
    customer: 'Покупець',
    delivery: 'Доставка за адресою',
    pickup: 'Самовивіз',
    products: 'Товари',
    columns: ['Товар', 'К-сть', 'Ціна', 'Сума'],
    discount: 'Знижка',
    deliveryCharge: 'Доставка',
    total: 'Разом',
    points: 'Бали (PV)',
    payment: 'Оплата',
    method: { cash: 'готівкою', card: 'карткою' },
    state: {
      not_required: 'оплата не потрібна',
      need_pay: 'очікує оплати',
      paid: 'оплачено',
      pay_failed: 'оплата не пройшла',
    },
    page: 'Сторінка',
    of: 'з',
    thanks: 'Дякуємо за замовлення!',
  },
  it: {
    title: 'Ricevuta',
    order: (n, d) => `Ordine n. ${n} del ${d}`,
    customer: 'Cliente',
    delivery: 'Consegna a',
    pickup: 'Ritiro',
    products: 'Prodotti',
    columns: ['Prodotto', 'Qtà', 'Prezzo', 'Importo'],
    discount: 'Sconto',
    deliveryCharge: 'Consegna',
    total: 'Totale',
    points: 'Punti (PV)',
    payment: 'Pagamento',
    method: { cash: 'contanti', card: 'carta' },
    state: {
      not_required: 'nessun pagamento dovuto',
      need_pay: 'in attesa di pagamento',
      paid: 'pagato',
      pay_failed: 'pagamento non riuscito',
    },
    page: 'Pagina',
    of: 'di',
    thanks: 'Grazie per il tuo ordine!',
  },
};

/** The receipt of `order` in `lang`, as PDF bytes. */
export function renderReceipt(order: Order, lang: Lang): Promise<Buffer> {
  const w = WORDS[lang];
  const money = (minor: number) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency: order.currency }).format(minor / 100);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Europe/Chisinau' }).format(
    new Date(order.createdAt),
  );
  const address = order.deliveryAddress;
  const point = order.pickupPoint;
  const where =
    address !== null
      ? `${w.delivery}: ${[address.postIndex, address.city, address.street, address.house, address.apartment]
          .filter((part) => part !== null && part !== '')
          .join(', ')}`
      : point !== null
        ? `${w.pickup}: ${point.name[lang]}, ${point.address}`
        : w.pickup;
  const rows: string[][] = order.lines
    .filter((line) => (line.confirmedQuantity ?? line.requestedQuantity) > 0)
    .map((line) => [
      line.name[lang],
      String(line.confirmedQuantity ?? line.requestedQuantity),
      money(line.promoPrice ?? line.price),
      money(line.amount),
    ]);
  if (order.discount > 0) rows.push([w.discount, '', '', money(-order.discount)]);
  if (order.deliveryType === 'delivery' || order.deliveryPrice > 0)
    rows.push([w.deliveryCharge, '', '', money(order.deliveryPrice)]);
  rows.push([w.total, String(order.itemCount), '', money(order.finalCost)]);
  const blocks: Block[] = [
    { kind: 'heading', text: w.customer },
    { kind: 'paragraph', text: `${order.customer.fullName}, ${order.customer.email}` },
    { kind: 'paragraph', text: where },
    { kind: 'heading', text: w.products },
    { kind: 'table', columns: w.columns, rows, widths: [0.52, 0.12, 0.18, 0.18] },
    {
      kind: 'paragraph',
      text: `${w.points}: ${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(order.points)}`,
    },
    {
      kind: 'paragraph',
      text: `${w.payment}: ${w.method[order.paymentMethod]}, ${w.state[order.paymentState]}`,
    },
    { kind: 'note', text: w.thanks },
  ];
  return renderPdf(
    {
      title: w.title,
      subtitle: w.order(order.number, date),
      edition: order.warehouse.name,
      blocks,
      pageLabel: w.page,
      ofLabel: w.of,
    },
    lang,
  );
}
