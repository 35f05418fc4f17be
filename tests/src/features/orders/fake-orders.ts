import { orderFacts } from '#machines/order-actions/order-actions.facts.rules.ts';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { computeTotals } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import { applyEvent, eventForTargetStatus } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import { displayStatus, warehouseTab } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import {
  WAREHOUSE_TABS,
  type LifecycleRole,
  type OrderLifecycleEvent,
  type OrderStatus,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';

export const FAKE_BASE = 'http://orders.test/api/v3';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function error(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json(
    { code, status, title: code, message: code, translations: { en: code, ru: code }, ...extra },
    status,
  );
}

/**
 * An in-memory stand-in for the order operations of the contract with the server's rules the views depend on:
 * the lifecycle machine decides every transition, every action needs the current `version` (409
 * `VERSION_CONFLICT` with the order otherwise) and bumps it, a refusal is 409 `TRANSITION_NOT_ALLOWED`.
 */
export class FakeOrders {
  orders = new Map<number, ApiOrder>();
  role: Exclude<LifecycleRole, 'payment_provider'> = 'warehouse';
  requests: SeenRequest[] = [];

  reset(): void {
    this.orders.clear();
    this.requests = [];
    this.role = 'warehouse';
  }

  put(order: ApiOrder): ApiOrder {
    this.orders.set(order.id, structuredClone(order));
    return order;
  }

  /** Someone else changes the order (a comment), so the version the page holds goes stale. */
  touch(id: number, comment = 'changed elsewhere'): ApiOrder {
    const order = this.get(id);
    const next = { ...order, comment, version: order.version + 1 };
    this.orders.set(id, next);
    return next;
  }

  get(id: number): ApiOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  }

  private apply(order: ApiOrder, event: OrderLifecycleEvent, comment: string | null): Response {
    const result = applyEvent(orderFacts(order), event);
    if (result.error !== undefined) {
      return result.error === 'GUARD_FAILED' &&
        result.guards.some((g) => g === 'hasComment' || g === 'partialIsValid')
        ? error(422, 'VALIDATION_FAILED')
        : error(409, 'TRANSITION_NOT_ALLOWED', { order });
    }
    const lines = order.lines.map((line) => {
      const machineLine = result.context.lines.find((candidate) => candidate.lineId === String(line.id));
      const confirmed = machineLine?.confirmed ?? line.confirmedQuantity;
      const quantity = confirmed ?? line.requestedQuantity;
      return { ...line, confirmedQuantity: confirmed, amount: quantity * (line.promoPrice ?? line.price) };
    });
    const totals = computeTotals(result.context.lines);
    const next: ApiOrder = {
      ...order,
      status: result.status,
      paymentState: result.paymentState,
      displayStatus: displayStatus(result.status, order.paymentMethod, result.paymentState),
      lines,
      itemCount: totals.itemCount,
      points: totals.points,
      finalCost: totals.amount + order.deliveryPrice,
      cancelReason: result.context.cancelReason,
      partialNote: event.type === 'order.confirmPartial' ? event.comment : order.partialNote,
      version: order.version + 1,
      history: [
        ...order.history,
        {
          id: order.history.length + 1,
          at: '2026-11-21T12:00:00.000Z',
          actor: { id: 9, fullName: 'Victor Munteanu', role: 'warehouse' },
          from: order.status,
          to: result.status,
          event: event.type.toUpperCase().replace('.', '_'),
          comment,
          changedLines: [],
        },
      ],
    };
    this.orders.set(order.id, next);
    return json(next);
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v3', '');
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
    this.requests.push({ method: request.method, path, query: url.searchParams, body });

    if (path === '/users/warehouses/get-order-params') {
      return json({
        currency: 'MDL',
        deliveryOptions: [],
        pickupPoints: [],
        paymentMethods: ['cash', 'card'],
        pickupThreshold: { minPv: 25 },
      });
    }
    if (path === '/orders/get/list/warehouse') {
      const tab = url.searchParams.get('tab') ?? 'new';
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const all = [...this.orders.values()].sort((a, b) => b.id - a.id);
      const counts = Object.fromEntries(WAREHOUSE_TABS.map((name) => [name, 0])) as Record<string, number>;
      for (const order of all)
        counts[warehouseTab(order.status)] = (counts[warehouseTab(order.status)] ?? 0) + 1;
      const matching = all.filter(
        (order) =>
          warehouseTab(order.status) === tab &&
          (q === '' || order.number.startsWith(q) || order.customer.fullName.toLowerCase().includes(q)),
      );
      const items = matching
        .slice((page - 1) * pageSize, page * pageSize)
        .map(({ lines: _l, history: _h, ...summary }) => {
          const {
            deliveryAddress: _a,
            pickupPoint: _p,
            courierComment: _c,
            comment: _m,
            cancelReason: _r,
            paymentLink: _k,
            warehouseNumber: _n,
            warehouseTotal: _t,
            partialNote: _o,
            ...rest
          } = summary;
          return rest;
        });
      return json({ items, page, pageSize, total: matching.length, counts });
    }
    const get = /^\/orders\/get\/(\d+)$/.exec(path);
    if (get) {
      const order = this.orders.get(Number(get[1]));
      return order ? json(order) : error(404, 'NOT_FOUND');
    }
    const set = /^\/orders\/set\/(\d+)\/(status|decline|comment|confirm-partial)$/.exec(path);
    if (set && request.method === 'POST') {
      const order = this.orders.get(Number(set[1]));
      if (!order) return error(404, 'NOT_FOUND');
      const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const version = Number(set[2] === 'confirm-partial' ? record.version : url.searchParams.get('version'));
      if (version !== order.version) return error(409, 'VERSION_CONFLICT', { order });
      const comment = url.searchParams.get('comment');
      const role = this.role;
      switch (set[2]) {
        case 'comment': {
          const next = { ...order, comment, version: order.version + 1 };
          this.orders.set(order.id, next);
          return json(next);
        }
        case 'decline':
          return this.apply(order, { type: 'order.decline', role, comment: comment ?? '' }, comment);
        case 'confirm-partial': {
          const lines = (record.lines as Array<{ lineId: number; quantity: number }>).map((line) => ({
            lineId: String(line.lineId),
            quantity: line.quantity,
          }));
          return this.apply(
            order,
            { type: 'order.confirmPartial', role, lines, comment: String(record.note) },
            null,
          );
        }
        default: {
          const target = url.searchParams.get('status') as OrderStatus;
          const type = eventForTargetStatus(orderFacts(order), role, target);
          if (type === null) return error(409, 'TRANSITION_NOT_ALLOWED', { order });
          const event = { type, role, comment: comment ?? undefined } as OrderLifecycleEvent;
          return this.apply(order, event, comment);
        }
      }
    }
    if (path === '/payment/pay')
      return json({
        paymentId: 'pay_en_abcdefghijklmnop',
        paymentUrl: 'http://pay.test/x',
        state: 'pending',
      });
    return error(404, 'NOT_FOUND');
  }
}

export const orders = new FakeOrders();
