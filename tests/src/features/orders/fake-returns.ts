import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import type {
  ApiReturn,
  ApiReturnList,
  ReturnReason,
  ReturnStatus,
} from '#machines/return-actions/return-actions.types.ts';
import { RETURN_STATUSES } from '#machines/return-actions/return-actions.types.ts';
import { orders, type SeenRequest } from './fake-orders.ts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function error(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json({ code, status, title: code, message: code, translations: { en: code }, ...extra }, status);
}

const IN_PLAY: readonly ReturnStatus[] = ['requested', 'received', 'accepted'];

/**
 * An in-memory stand-in for the return operations of the contract, over the fake orders: the policy windows are set
 * by the test (`windows`), quantities are checked against what other returns in play hold, every action needs the
 * current `version` (409 `VERSION_CONFLICT` with the return otherwise), the wrong state is 409
 * `TRANSITION_NOT_ALLOWED`. Everything else goes to the fake orders.
 */
export class FakeReturns {
  returns = new Map<number, ApiReturn>();
  windows: ApiReturnList['windows'] = [];
  requests: SeenRequest[] = [];
  keys = new Map<string, ApiReturn>();
  /** The next `POST /orders/{id}/returns` answers this instead (then it is cleared). */
  nextRequestAnswer: Response | null = null;
  private nextId = 1;

  reset(): void {
    this.returns.clear();
    this.keys.clear();
    this.requests = [];
    this.nextRequestAnswer = null;
    this.nextId = 1;
    this.windows = [
      { reason: 'faulty', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: true },
      { reason: 'wrong_item', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: true },
      { reason: 'unopened', until: '2027-11-20T10:00:00.000Z', ratePercent: 100, open: true },
    ];
    orders.reset();
  }

  received(order: ApiOrder, productId: number): number {
    const line = order.lines.find((entry) => entry.productId === productId);
    return line === undefined ? 0 : (line.confirmedQuantity ?? line.requestedQuantity);
  }

  held(orderId: number, productId: number, except?: number): number {
    return [...this.returns.values()]
      .filter((ret) => ret.orderId === orderId && ret.id !== except && IN_PLAY.includes(ret.status))
      .flatMap((ret) => ret.lines)
      .filter((line) => line.productId === productId)
      .reduce((sum, line) => sum + (line.received ?? line.requested), 0);
  }

  list(order: ApiOrder): ApiReturnList {
    const lines = order.lines.map((line) => {
      const received = this.received(order, line.productId);
      const held = this.held(order.id, line.productId);
      return { productId: line.productId, received, held, returnable: received - held };
    });
    return {
      orderId: order.id,
      returnable: this.windows.some((window) => window.open) && lines.some((line) => line.returnable > 0),
      receivedAt: '2026-11-20T10:00:00.000Z',
      windows: this.windows,
      lines,
      items: [...this.returns.values()].filter((ret) => ret.orderId === order.id).sort((a, b) => a.id - b.id),
    };
  }

  /** Someone else changes the return (a version bump), so the one a page holds goes stale. */
  touch(id: number): ApiReturn {
    const ret = this.returns.get(id);
    if (ret === undefined) throw new Error(`no return ${id}`);
    const next = { ...ret, version: ret.version + 1 };
    this.returns.set(id, next);
    return next;
  }

  put(ret: ApiReturn): void {
    this.returns.set(ret.id, structuredClone(ret));
    this.nextId = Math.max(this.nextId, ret.id + 1);
  }

  create(
    order: ApiOrder,
    reason: ReturnReason,
    lines: Array<{ productId: number; quantity: number }>,
    comment: string | null,
  ): ApiReturn {
    const id = this.nextId++;
    const rate = this.windows.find((window) => window.reason === reason)?.ratePercent ?? 100;
    const returnLines = lines.map((entry) => {
      const line = order.lines.find((candidate) => candidate.productId === entry.productId);
      if (line === undefined) throw new Error('line');
      return {
        productId: line.productId,
        article: `A-${line.productId}`,
        name: line.name,
        imageUrl: line.imageUrl,
        unitPrice: line.promoPrice ?? line.price,
        points: line.points,
        requested: entry.quantity,
        received: null,
        damaged: null,
      };
    });
    const gross = returnLines.reduce((sum, line) => sum + line.requested * line.unitPrice, 0);
    const ret: ApiReturn = {
      id,
      number: `${order.number}-R${[...this.returns.values()].filter((r) => r.orderId === order.id).length + 1}`,
      orderId: order.id,
      orderNumber: order.number,
      status: 'requested',
      reason,
      requestedAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
      itemCount: returnLines.reduce((sum, line) => sum + line.requested, 0),
      refundAmount: Math.floor((gross * rate + 50) / 100),
      currency: 'MDL',
      refundState: 'none',
      version: 1,
      customer: order.customer,
      comment,
      refuseComment: null,
      paymentMethod: order.paymentMethod,
      lines: returnLines,
      refund: {
        method: order.paymentMethod,
        ratePercent: rate === 90 ? 90 : 100,
        amount: Math.floor((gross * rate + 50) / 100),
        currency: 'MDL',
        state: 'none',
      },
      history: [
        {
          at: '2026-11-25T10:00:00.000Z',
          status: 'requested',
          event: 'REQUEST',
          by: { id: 7, fullName: order.customer.fullName, role: 'partner' },
          comment,
        },
      ],
    };
    this.returns.set(id, ret);
    return ret;
  }

  private step(
    ret: ApiReturn,
    status: ReturnStatus,
    event: ApiReturn['history'][number]['event'],
    changes: Partial<ApiReturn>,
    comment: string | null = null,
  ): Response {
    const next: ApiReturn = {
      ...ret,
      ...changes,
      status,
      version: ret.version + 1,
      history: [
        ...ret.history,
        {
          at: '2026-11-26T10:00:00.000Z',
          status,
          event,
          by: { id: 3, fullName: 'Ion Sklad', role: 'warehouse' },
          comment,
        },
      ],
    };
    this.returns.set(ret.id, next);
    return json(next);
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v3', '');
    if (!path.startsWith('/returns') && !/^\/orders\/\d+\/returns$/.test(path)) return orders.handle(request);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    this.requests.push({
      method: request.method,
      path,
      query: url.searchParams,
      body,
      key: request.headers.get('Idempotency-Key'),
    } as SeenRequest);

    const ofOrder = /^\/orders\/(\d+)\/returns$/.exec(path);
    if (ofOrder) {
      const order = orders.orders.get(Number(ofOrder[1]));
      if (order === undefined) return error(404, 'NOT_FOUND');
      if (request.method === 'GET') return json(this.list(order));
      if (this.nextRequestAnswer !== null) {
        const answer = this.nextRequestAnswer;
        this.nextRequestAnswer = null;
        return answer;
      }
      const key = request.headers.get('Idempotency-Key') ?? '';
      const replay = this.keys.get(key);
      if (replay !== undefined) return json(replay, 201);
      const lines = body.lines as Array<{ productId: number; quantity: number }>;
      const details = lines.flatMap((line, index) => {
        const left = this.received(order, line.productId) - this.held(order.id, line.productId);
        return line.quantity > left
          ? [{ location: 'body', path: `/lines/${index}/quantity`, message: 'too many', reason: 'too_many' }]
          : [];
      });
      if (details.length > 0) return error(422, 'VALIDATION_FAILED', { details });
      const ret = this.create(
        order,
        body.reason as ReturnReason,
        lines,
        (body.comment as string | undefined) ?? null,
      );
      this.keys.set(key, ret);
      return json(ret, 201);
    }
    if (path === '/returns') {
      const status = url.searchParams.get('status');
      const all = [...this.returns.values()];
      const items = all.filter((ret) => status === null || ret.status === status);
      const counts = Object.fromEntries(
        RETURN_STATUSES.map((name) => [name, all.filter((ret) => ret.status === name).length]),
      );
      const waiting = all.filter((ret) => ret.status === 'requested' || ret.status === 'received');
      return json({
        items,
        page: 1,
        pageSize: 20,
        total: items.length,
        counts,
        oldestWaitingAt: waiting.length === 0 ? null : waiting.map((ret) => ret.requestedAt).sort()[0],
      });
    }
    const one = /^\/returns\/(\d+)(?:\/(receive|accept|refuse|cancel))?$/.exec(path);
    const ret = one ? this.returns.get(Number(one[1])) : undefined;
    if (!one || ret === undefined) return error(404, 'NOT_FOUND');
    if (request.method === 'GET') return json(ret);
    if (body.version !== ret.version) return error(409, 'VERSION_CONFLICT', { return: ret });
    switch (one[2]) {
      case 'receive': {
        if (ret.status !== 'requested') return error(409, 'TRANSITION_NOT_ALLOWED', { return: ret });
        const lines = body.lines as Array<{ productId: number; received: number; damaged: number }>;
        return this.step(ret, 'received', 'RECEIVE', {
          lines: ret.lines.map((line) => {
            const entry = lines.find((candidate) => candidate.productId === line.productId);
            return { ...line, received: entry?.received ?? 0, damaged: entry?.damaged ?? 0 };
          }),
        });
      }
      case 'accept':
        if (ret.status !== 'received') return error(409, 'TRANSITION_NOT_ALLOWED', { return: ret });
        return this.step(ret, 'accepted', 'ACCEPT', {
          refundState: 'credited',
          refund: { ...ret.refund, state: 'credited' },
        });
      case 'refuse':
        if (ret.status !== 'requested' && ret.status !== 'received')
          return error(409, 'TRANSITION_NOT_ALLOWED', { return: ret });
        return this.step(
          ret,
          'refused',
          'REFUSE',
          { refuseComment: String(body.comment) },
          String(body.comment),
        );
      case 'cancel':
        if (ret.status !== 'requested') return error(409, 'TRANSITION_NOT_ALLOWED', { return: ret });
        return this.step(ret, 'cancelled', 'CANCEL', {});
      default:
        return error(404, 'NOT_FOUND');
    }
  }
}

export const returns = new FakeReturns();
