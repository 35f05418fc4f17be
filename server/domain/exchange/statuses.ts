/**
 * How order statuses travel in the 1C exchange. The portal writes `Статус заказа` as `[<status>] <Russian label>`;
 * 1C's status table (Обмен с сайтом → Статусы заказов) maps those strings to its own and sends one of them back.
 * Reading accepts `[<status>] anything`, the bare status code, or the Russian label.
 */
import { ORDER_STATUSES, type OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';

export const STATUS_LABELS_RU: Record<OrderStatus, string> = {
  placed: 'Новый заказ получен',
  awaiting_warehouse: 'Ожидает подтверждения склада',
  checking: 'Проверка наличия',
  awaiting_distributor: 'Ожидает подтверждения дистрибьютора',
  confirmed: 'Наличие подтверждено',
  prepared: 'Склад подготовил заказ',
  ready: 'Готов к выдаче или доставке',
  pickup_requested: 'Запрошен самовывоз',
  delivery_requested: 'Запрошена доставка',
  delivery_processing: 'Склад оформляет доставку',
  sent: 'Отправлен',
  in_delivery: 'Доставляется',
  received: 'Получение подтверждено',
  completed: 'Выполнен',
  sent_to_1c: 'Отправлен в 1С',
  rejected: 'Отклонён: нет в наличии',
  cancelled_by_distributor: 'Отменён дистрибьютором',
  cancelled_by_warehouse: 'Отменён складом',
};

/** The value of `Статус заказа` the portal writes. */
export function statusValue(status: OrderStatus): string {
  return `[${status}] ${STATUS_LABELS_RU[status]}`;
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

const normalise = (value: string): string =>
  value.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

const BY_LABEL = new Map(
  ORDER_STATUSES.map((status) => [normalise(STATUS_LABELS_RU[status]), status] as const),
);

/** The status a `Статус заказа` value names, or null when it names none of ours. */
export function parseStatusValue(raw: string): OrderStatus | null {
  const value = raw.trim();
  const bracketed = /^\[([a-z0-9_]+)\]/i.exec(value);
  const code = (bracketed?.[1] ?? value).toLowerCase();
  if (isOrderStatus(code)) return code;
  return BY_LABEL.get(normalise(value)) ?? null;
}

/** Statuses after which nothing changes (the order is closed for 1C: `Финальный статус`). */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  'sent_to_1c',
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
];

export const CANCELLED_STATUSES: readonly OrderStatus[] = [
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
];
