/** The words of the warehouse's print documents in the five languages of the portal. */
import type { Lang } from '../../db/reference.ts';

export interface OrderPrintLabels {
  pickList: string;
  packingSlips: string;
  packingSlip: string;
  toPick: string;
  order: string;
  orders: string;
  product: string;
  sku: string;
  quantity: string;
  price: string;
  pv: string;
  customer: string;
  placed: string;
  printed: string;
  delivery: string;
  pickup: string;
  goods: string;
  discount: string;
  deliveryCharge: string;
  total: string;
  comment: string;
  courierComment: string;
  page: string;
  of: string;
}

export const ORDER_PRINT_LABELS: Record<Lang, OrderPrintLabels> = {
  ru: {
    pickList: 'Лист сборки',
    packingSlips: 'Упаковочные листы',
    packingSlip: 'Упаковочный лист',
    toPick: 'Собрать',
    order: 'Заказ',
    orders: 'Заказы',
    product: 'Товар',
    sku: 'Артикул',
    quantity: 'Кол-во',
    price: 'Цена',
    pv: 'PV',
    customer: 'Покупатель',
    placed: 'Оформлен',
    printed: 'Напечатано',
    delivery: 'Доставка',
    pickup: 'Самовывоз',
    goods: 'Товары',
    discount: 'Скидка',
    deliveryCharge: 'Доставка',
    total: 'Итого',
    comment: 'Комментарий',
    courierComment: 'Для курьера',
    page: 'Страница',
    of: 'из',
  },
  en: {
    pickList: 'Pick list',
    packingSlips: 'Packing slips',
    packingSlip: 'Packing slip',
    toPick: 'To pick',
    order: 'Order',
    orders: 'Orders',
    product: 'Product',
    sku: 'SKU',
    quantity: 'Qty',
    price: 'Price',
    pv: 'PV',
    customer: 'Customer',
    placed: 'Placed',
    printed: 'Printed',
    delivery: 'Delivery',
    pickup: 'Pickup',
    goods: 'Goods',
    discount: 'Discount',
    deliveryCharge: 'Delivery',
    total: 'Total',
    comment: 'Comment',
    courierComment: 'For the courier',
    page: 'Page',
    of: 'of',
  },
  ro: {
    pickList: 'Listă de colectare',
    packingSlips: 'Borderouri de ambalare',
    packingSlip: 'Borderou de ambalare',
    toPick: 'De colectat',
    order: 'Comanda',
    orders: 'Comenzi',
    product: 'Produs',
    sku: 'Cod articol',
    quantity: 'Cant.',
    price: 'Preț',
    pv: 'PV',
    customer: 'Client',
    placed: 'Plasată',
    printed: 'Tipărit',
    delivery: 'Livrare',
    pickup: 'Ridicare',
    goods: 'Produse',
    discount: 'Reducere',
    deliveryCharge: 'Livrare',
    total: 'Total',
    comment: 'Comentariu',
    courierComment: 'Pentru curier',
    page: 'Pagina',
    of: 'din',
  },
  uk: {
    pickList: 'Лист комплектації',
    packingSlips: 'Пакувальні листи',
    packingSlip: 'Пакувальний лист',
    toPick: 'Зібрати',
    order: 'Замовлення',
    orders: 'Замовлення',
    product: 'Товар',
    sku: 'Артикул',
    quantity: 'К-сть',
    price: 'Ціна',
    pv: 'PV',
    customer: 'Покупець',
    placed: 'Оформлено',
    printed: 'Надруковано',
    delivery: 'Доставка',
    pickup: 'Самовивіз',
    goods: 'Товари',
    discount: 'Знижка',
    deliveryCharge: 'Доставка',
    total: 'Разом',
    comment: 'Коментар',
    courierComment: 'Для кур’єра',
    page: 'Сторінка',
    of: 'з',
  },
  it: {
    pickList: 'Lista di prelievo',
    packingSlips: 'Documenti di imballaggio',
    packingSlip: 'Documento di imballaggio',
    toPick: 'Da prelevare',
    order: 'Ordine',
    orders: 'Ordini',
    product: 'Prodotto',
    sku: 'Codice',
    quantity: 'Q.tà',
    price: 'Prezzo',
    pv: 'PV',
    customer: 'Cliente',
    placed: 'Effettuato',
    printed: 'Stampato',
    delivery: 'Consegna',
    pickup: 'Ritiro',
    goods: 'Merce',
    discount: 'Sconto',
    deliveryCharge: 'Consegna',
    total: 'Totale',
    comment: 'Commento',
    courierComment: 'Per il corriere',
    page: 'Pagina',
    of: 'di',
  },
};
