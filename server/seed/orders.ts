/**
 * Demo orders: each is walked from creation to its target status along the order lifecycle
 * (`shared/design/order-lifecycle.md`), writing a history entry per step, so status, history, lines, quantities,
 * totals, payment state and version always agree (version = number of history entries).
 */
import type { AddressSnapshot, ChangedLine } from '../db/schema.ts';
import type {
  ActorRole,
  DeliveryType,
  Lang,
  Localized,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '../db/reference.ts';
import type { Prng } from './prng.ts';

const MINUTE = 60_000;

export type SeedProduct = {
  id: number;
  sku: string;
  name: Localized;
  price: number;
  promoPrice: number | null;
  points: number;
  stock: number;
};

export type SeedWarehouse = {
  id: number;
  code: string;
  pickupPointIds: readonly number[];
  staff: readonly { id: number; role: ActorRole }[];
};

export type OrderPlan = {
  userId: number;
  userRole: ActorRole;
  lang: Lang;
  warehouse: SeedWarehouse;
  status: OrderStatus;
  deliveryType: DeliveryType;
  paymentMethod: PaymentMethod;
  /** for card orders that reached `confirmed` or later: how the payment went */
  payment?: 'need_pay' | 'pay_failed' | 'paid' | 'failed_then_paid';
  /** which road to the status: partial confirmation, or where a cancellation happened */
  variant: number;
  createdAt: Date;
  address: AddressSnapshot | null;
  clientId: number | null;
};

export type SeedOrder = {
  id: number;
  number: string;
  user_id: number;
  client_id: number | null;
  warehouse_id: number;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_state: PaymentState;
  delivery_type: DeliveryType;
  delivery_address: string | null;
  pickup_point_id: number | null;
  courier_comment: string | null;
  comment: string | null;
  cancel_reason: string | null;
  partial_note: string | null;
  amount: number;
  discount: number;
  final_cost: number;
  points: number;
  currency: string;
  warehouse_number: string | null;
  warehouse_total: number | null;
  version: number;
  exchange_state: 'queued' | 'sent' | 'confirmed' | 'error' | null;
  exchange_error: string | null;
  onec_document_number: string | null;
  exchanged_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type SeedLine = {
  id: number;
  order_id: number;
  product_id: number;
  sku: string;
  name: string;
  list_price: number;
  price: number;
  points: number;
  requested_quantity: number;
  confirmed_quantity: number | null;
};

export type SeedHistory = {
  id: number;
  order_id: number;
  at: Date;
  actor_id: number | null;
  actor_role: ActorRole;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  event: string;
  comment: string | null;
  changed_lines: string | null;
};

export type SeedPayment = {
  id: string;
  order_id: number;
  state: 'pending' | 'paid' | 'failed' | 'cancelled';
  amount: number;
  currency: string;
  created_at: Date;
  completed_at: Date | null;
};

type Actor = 'customer' | 'warehouse' | 'system' | 'payment' | 'exchange';
type Step = { event: string; actor: Actor; to: OrderStatus | null; outcome?: 'paid' | 'failed' };

const PICKUP_CHAIN: readonly [string, OrderStatus][] = [
  ['PREPARE', 'prepared'],
  ['MARK_READY', 'ready'],
  ['REQUEST_PICKUP', 'pickup_requested'],
  ['HAND_OVER', 'received'],
  ['COMPLETE', 'completed'],
  ['SEND_TO_1C', 'sent_to_1c'],
];
const DELIVERY_CHAIN: readonly [string, OrderStatus][] = [
  ['PREPARE', 'prepared'],
  ['MARK_READY', 'ready'],
  ['REQUEST_DELIVERY', 'delivery_requested'],
  ['PROCESS_DELIVERY', 'delivery_processing'],
  ['SEND', 'sent'],
  ['OUT_FOR_DELIVERY', 'in_delivery'],
  ['CONFIRM_RECEIPT', 'received'],
  ['COMPLETE', 'completed'],
  ['SEND_TO_1C', 'sent_to_1c'],
];
const ACTOR_OF: Record<string, Actor> = {
  REQUEST_PICKUP: 'customer',
  REQUEST_DELIVERY: 'customer',
  CONFIRM_RECEIPT: 'customer',
};

/** The events that take a new order to `plan.status`. */
export function stepsTo(
  plan: Pick<OrderPlan, 'status' | 'deliveryType' | 'paymentMethod' | 'payment' | 'variant'>,
): Step[] {
  const steps: Step[] = [
    { event: 'CREATE', actor: 'customer', to: 'placed' },
    { event: 'SUBMIT', actor: 'system', to: 'awaiting_warehouse' },
  ];
  const push = (...more: Step[]) => steps.push(...more);
  const check = () => push({ event: 'START_CHECK', actor: 'warehouse', to: 'checking' });
  const partial = plan.variant % 2 === 1;
  const toConfirmed = () => {
    check();
    if (partial) {
      push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
      push({ event: 'ACCEPT', actor: 'customer', to: 'confirmed' });
    } else {
      push({ event: 'CONFIRM', actor: 'warehouse', to: 'confirmed' });
    }
  };
  const pay = (must: boolean) => {
    if (plan.paymentMethod !== 'card') return;
    const outcome = must ? (plan.payment === 'failed_then_paid' ? 'failed_then_paid' : 'paid') : plan.payment;
    if (outcome === 'failed_then_paid' || outcome === 'pay_failed') {
      push({ event: 'PAYMENT_FAILED', actor: 'payment', to: null, outcome: 'failed' });
    }
    if (outcome === 'failed_then_paid' || outcome === 'paid') {
      push({ event: 'PAYMENT_PAID', actor: 'payment', to: null, outcome: 'paid' });
    }
  };

  switch (plan.status) {
    // `placed` is transient: the lifecycle moves a new order on by itself (SUBMIT), so a plan for it ends where
    // the machine settles, waiting for the warehouse; no seeded order rests where nobody can act on it.
    case 'placed':
    case 'awaiting_warehouse':
      return steps;
    case 'checking':
      check();
      return steps;
    case 'awaiting_distributor':
      check();
      push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
      return steps;
    case 'confirmed':
      toConfirmed();
      pay(false);
      return steps;
    case 'rejected':
      check();
      push({ event: 'REJECT', actor: 'warehouse', to: 'rejected' });
      return steps;
    case 'cancelled_by_distributor':
      if (plan.variant % 3 === 1) {
        check();
        push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
        push({ event: 'REJECT_PARTIAL', actor: 'customer', to: 'cancelled_by_distributor' });
      } else {
        if (plan.variant % 3 === 2) {
          toConfirmed();
          pay(false);
        }
        push({ event: 'CANCEL', actor: 'customer', to: 'cancelled_by_distributor' });
      }
      return steps;
    case 'cancelled_by_warehouse': {
      const where = plan.variant % 4;
      if (where >= 1) check();
      if (where >= 2) {
        if (partial) {
          push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
          push({ event: 'ACCEPT', actor: 'customer', to: 'confirmed' });
        } else {
          push({ event: 'CONFIRM', actor: 'warehouse', to: 'confirmed' });
        }
        pay(where === 3);
      }
      if (where === 3) {
        push({ event: 'PREPARE', actor: 'warehouse', to: 'prepared' });
        push({ event: 'MARK_READY', actor: 'warehouse', to: 'ready' });
      }
      push({ event: 'DECLINE', actor: 'warehouse', to: 'cancelled_by_warehouse' });
      return steps;
    }
    default: {
      const chain = plan.deliveryType === 'pickup' ? PICKUP_CHAIN : DELIVERY_CHAIN;
      const end = chain.findIndex(([, to]) => to === plan.status);
      if (end < 0) throw new Error(`status ${plan.status} is not on the ${plan.deliveryType} road`);
      toConfirmed();
      pay(true);
      for (const [event, to] of chain.slice(0, end + 1))
        push({ event, actor: ACTOR_OF[event] ?? 'warehouse', to });
      return steps;
    }
  }
}

const WAREHOUSE_NOTES = {
  partial: [
    'Часть товара закончилась на складе, подтверждено меньшее количество.',
    'Один из оттенков временно отсутствует, количество уменьшено.',
    'Остаток на складе меньше заказанного: подтверждаем то, что есть.',
  ],
  reject: [
    'Товара нет в наличии, поставка ожидается в следующем месяце.',
    'Вся позиция распродана, заказ не может быть собран.',
  ],
  decline: [
    'Не удалось связаться с покупателем в течение трёх дней.',
    'Заказ дублирует ранее оформленный.',
    'Пункт выдачи временно закрыт на инвентаризацию, оформите заказ заново.',
    'Адрес доставки вне зоны обслуживания курьера.',
  ],
};

const CUSTOMER_TEXT: Record<'comment' | 'cancel' | 'courier', Record<Lang, string[]>> = {
  comment: {
    ru: [
      'Пожалуйста, упакуйте подарочно.',
      'Заберу после 18:00.',
      'Часть заказа — для клиентки, положите чек отдельно.',
    ],
    en: [
      'Please gift-wrap the perfume.',
      'I will collect after 6 pm.',
      'Part of the order is for a client: separate receipt, please.',
    ],
    ro: [
      'Vă rog ambalați cadou.',
      'Ridic comanda după ora 18:00.',
      'O parte din comandă este pentru o clientă, bonul separat vă rog.',
    ],
    uk: [
      'Будь ласка, запакуйте як подарунок.',
      'Заберу після 18:00.',
      'Частина замовлення — для клієнтки, чек окремо.',
    ],
    it: [
      'Per favore, confezione regalo.',
      'Ritiro dopo le 18:00.',
      'Parte dell’ordine è per una cliente: scontrino separato, grazie.',
    ],
  },
  cancel: {
    ru: [
      'Клиентка отказалась от заказа.',
      'Оформлю новый заказ с другими оттенками.',
      'Без недостающих позиций заказ не нужен.',
    ],
    en: [
      'My client cancelled.',
      'I will place a new order with other shades.',
      'I do not need the order without the missing items.',
    ],
    ro: [
      'Clienta a renunțat la comandă.',
      'Voi plasa o comandă nouă cu alte nuanțe.',
      'Fără produsele lipsă comanda nu-mi mai trebuie.',
    ],
    uk: [
      'Клієнтка відмовилася від замовлення.',
      'Оформлю нове замовлення з іншими відтінками.',
      'Без відсутніх позицій замовлення не потрібне.',
    ],
    it: [
      'La mia cliente ha annullato.',
      'Farò un nuovo ordine con altre tonalità.',
      'Senza gli articoli mancanti l’ordine non mi serve.',
    ],
  },
  courier: {
    ru: [
      'Позвоните за час до доставки.',
      'Домофон не работает, наберите по телефону.',
      'Оставьте у консьержа.',
    ],
    en: [
      'Please call an hour before delivery.',
      'The intercom is broken, call me instead.',
      'Leave it with the concierge.',
    ],
    ro: [
      'Sunați cu o oră înainte de livrare.',
      'Interfonul nu funcționează, sunați-mă.',
      'Lăsați coletul la administrator.',
    ],
    uk: ['Зателефонуйте за годину до доставки.', 'Домофон не працює, телефонуйте.', 'Залиште у консьєржа.'],
    it: [
      'Chiamate un’ora prima della consegna.',
      'Il citofono non funziona, chiamatemi.',
      'Lasciate il pacco al portiere.',
    ],
  },
};

export type BuiltOrders = {
  orders: SeedOrder[];
  lines: SeedLine[];
  history: SeedHistory[];
  payments: SeedPayment[];
};

/**
 * Builds orders for the plans (sorted by creation time so numbers grow with time), with ids from `firstIds` on.
 * `now` bounds every timestamp: in-progress orders end shortly before it.
 */
export function buildOrders(
  prng: Prng,
  plans: readonly OrderPlan[],
  products: readonly SeedProduct[],
  now: Date,
  firstIds: { order: number; line: number; history: number } = { order: 1, line: 1, history: 1 },
): BuiltOrders {
  const out: BuiltOrders = { orders: [], lines: [], history: [], payments: [] };
  const sorted = [...plans].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let orderId = firstIds.order;
  let lineId = firstIds.line;
  let historyId = firstIds.history;
  const buyable = products.filter((product) => product.stock > 0);

  for (const plan of sorted) {
    const id = orderId++;
    const number = String(id).padStart(6, '0');
    const steps = stepsTo(plan);
    const needsPartial = steps.some((step) => step.event === 'CONFIRM_PARTIAL');
    const chosen = prng.sample(buyable, prng.int(needsPartial ? 2 : 1, 5));
    const lines: SeedLine[] = chosen.map((product) => ({
      id: lineId++,
      order_id: id,
      product_id: product.id,
      sku: product.sku,
      name: JSON.stringify(product.name),
      list_price: product.price,
      price: product.promoPrice ?? product.price,
      points: product.points,
      requested_quantity: prng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
        [4, 1],
      ] as const),
      confirmed_quantity: null,
    }));

    const comment = prng.chance(0.25) ? prng.pick(CUSTOMER_TEXT.comment[plan.lang]) : null;
    const order: SeedOrder = {
      id,
      number,
      user_id: plan.userId,
      client_id: plan.clientId,
      warehouse_id: plan.warehouse.id,
      status: 'placed',
      payment_method: plan.paymentMethod,
      payment_state: 'not_required',
      delivery_type: plan.deliveryType,
      delivery_address: plan.deliveryType === 'delivery' ? JSON.stringify(plan.address) : null,
      pickup_point_id: plan.deliveryType === 'pickup' ? prng.pick(plan.warehouse.pickupPointIds) : null,
      courier_comment:
        plan.deliveryType === 'delivery' && prng.chance(0.5)
          ? prng.pick(CUSTOMER_TEXT.courier[plan.lang])
          : null,
      comment,
      cancel_reason: null,
      partial_note: null,
      amount: 0,
      discount: 0,
      final_cost: 0,
      points: 0,
      currency: 'MDL',
      warehouse_number: null,
      warehouse_total: null,
      version: 0,
      exchange_state: null,
      exchange_error: null,
      onec_document_number: null,
      exchanged_at: null,
      created_at: plan.createdAt,
      updated_at: plan.createdAt,
    };
    const totals = () => {
      let amount = 0;
      let finalCost = 0;
      let points = 0;
      for (const line of lines) {
        const quantity = line.confirmed_quantity ?? line.requested_quantity;
        amount += line.list_price * quantity;
        finalCost += line.price * quantity;
        points += line.points * quantity;
      }
      order.amount = amount;
      order.final_cost = finalCost;
      order.discount = amount - finalCost;
      order.points = Math.round(points * 100) / 100;
    };
    totals();

    // Timestamps: gaps of minutes to a day; squeezed so an order never ends in the future.
    const gaps = steps.map((_, index) => (index === 0 ? 0 : prng.int(5, 26 * 60) * MINUTE));
    const span = gaps.reduce((sum, gap) => sum + gap, 0);
    const room = now.getTime() - 2 * MINUTE - plan.createdAt.getTime();
    const scale = span > room && span > 0 ? Math.max(room, 0) / span : 1;
    let at = plan.createdAt.getTime();
    const staff = prng.pick(plan.warehouse.staff);

    for (const [index, step] of steps.entries()) {
      at += Math.floor((gaps[index] ?? 0) * scale);
      const when = new Date(at);
      const from: OrderStatus | null = step.event === 'CREATE' ? null : order.status;
      let note: string | null = null;
      let changed: ChangedLine[] | null = null;
      switch (step.event) {
        case 'CREATE':
          note = comment;
          break;
        case 'CONFIRM':
          for (const line of lines) line.confirmed_quantity = line.requested_quantity;
          break;
        case 'CONFIRM_PARTIAL': {
          for (const line of lines) line.confirmed_quantity = line.requested_quantity;
          const reducible = lines.filter((line) => line.requested_quantity > 1);
          const target =
            reducible.length > 0 && prng.chance(0.6) ? prng.pick(reducible) : prng.pick(lines.slice(1));
          const to =
            target.requested_quantity > 1 && prng.chance(0.7)
              ? prng.int(1, target.requested_quantity - 1)
              : 0;
          target.confirmed_quantity = to;
          changed = [
            { lineId: target.id, productId: target.product_id, from: target.requested_quantity, to },
          ];
          note = prng.pick(WAREHOUSE_NOTES.partial);
          order.partial_note = note;
          break;
        }
        case 'REJECT':
          for (const line of lines) line.confirmed_quantity = 0;
          changed = lines.map((line) => ({
            lineId: line.id,
            productId: line.product_id,
            from: line.requested_quantity,
            to: 0,
          }));
          note = prng.pick(WAREHOUSE_NOTES.reject);
          order.cancel_reason = note;
          break;
        case 'DECLINE':
          note = prng.pick(WAREHOUSE_NOTES.decline);
          order.cancel_reason = note;
          break;
        case 'CANCEL':
        case 'REJECT_PARTIAL':
          note = prng.pick(CUSTOMER_TEXT.cancel[plan.lang]);
          order.cancel_reason = note;
          break;
        case 'PAYMENT_PAID':
        case 'PAYMENT_FAILED': {
          const paid = step.outcome === 'paid';
          order.payment_state = paid ? 'paid' : 'pay_failed';
          out.payments.push({
            id: `pay_${prng.hex(12)}`,
            order_id: id,
            state: paid ? 'paid' : 'failed',
            amount: order.final_cost,
            currency: 'MDL',
            created_at: new Date(at - prng.int(1, 4) * MINUTE),
            completed_at: when,
          });
          // The event says what happened (the SPA labels it in every language): no English note.
          note = null;
          break;
        }
        case 'SEND_TO_1C': {
          const age = now.getTime() - at;
          order.exchange_state =
            age > 2 * 86_400_000
              ? prng.chance(0.05)
                ? 'error'
                : 'confirmed'
              : prng.pick(['queued', 'sent'] as const);
          if (order.exchange_state === 'confirmed') {
            order.onec_document_number = `РН-${String(id).padStart(8, '0')}`;
            order.exchanged_at = new Date(at + prng.int(2, 90) * MINUTE);
          }
          if (order.exchange_state === 'error') {
            order.exchange_error = 'Контрагент не найден в справочнике 1С';
          }
          break;
        }
        default:
          break;
      }
      if (
        step.event === 'CONFIRM' ||
        step.event === 'ACCEPT' ||
        (step.event === 'CONFIRM_PARTIAL' && step.to)
      ) {
        totals();
        order.warehouse_number = `${plan.warehouse.code}-${number}`;
        order.warehouse_total = order.final_cost;
      }
      if ((step.event === 'CONFIRM' || step.event === 'ACCEPT') && plan.paymentMethod === 'card') {
        order.payment_state = 'need_pay';
      }
      if (step.event === 'REJECT') totals();
      if (step.to) order.status = step.to;
      const actor = actorOf(step.actor, plan, staff);
      out.history.push({
        id: historyId++,
        order_id: id,
        at: when,
        actor_id: actor.id,
        actor_role: actor.role,
        from_status: step.to ? from : order.status,
        to_status: step.to ?? order.status,
        event: step.event,
        comment: note,
        changed_lines: changed ? JSON.stringify(changed) : null,
      });
      order.version += 1;
      order.updated_at = when;
    }
    out.orders.push(order);
    out.lines.push(...lines);
  }
  return out;
}

function actorOf(
  actor: Actor,
  plan: OrderPlan,
  staff: { id: number; role: ActorRole },
): { id: number | null; role: ActorRole } {
  switch (actor) {
    case 'customer':
      return { id: plan.userId, role: plan.userRole };
    case 'warehouse':
      return staff;
    case 'payment':
      return { id: null, role: 'payment' };
    case 'exchange':
      return { id: null, role: 'exchange' };
    default:
      return { id: null, role: 'system' };
  }
}
