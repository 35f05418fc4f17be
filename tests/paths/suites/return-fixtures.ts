import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import type { ApiReturn, ApiReturnList } from '#machines/return-actions/return-actions.types.ts';

/** The fixtures of the SPA's return machines' paths: a received order of two lines, its returns, one return. */
const text = (en: string) => ({ ru: en, en, ro: en, uk: en, it: en });

export const PATH_ORDER = {
  id: 42,
  number: '000042',
  status: 'completed',
  currency: 'MDL',
  paymentMethod: 'cash',
  lines: [
    {
      id: 11,
      productId: 111,
      name: text('Lipstick'),
      price: 10_000,
      promoPrice: null,
      points: 5,
      requestedQuantity: 2,
      confirmedQuantity: 2,
    },
    {
      id: 12,
      productId: 112,
      name: text('Mascara'),
      price: 5_000,
      promoPrice: 4_000,
      points: 2.5,
      requestedQuantity: 1,
      confirmedQuantity: 1,
    },
  ],
} as unknown as ApiOrder;

export const PATH_LIST: ApiReturnList = {
  orderId: 42,
  returnable: true,
  receivedAt: '2026-11-20T10:00:00.000Z',
  windows: [
    { reason: 'faulty', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: true },
    { reason: 'wrong_item', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: true },
    { reason: 'unopened', until: '2027-11-20T10:00:00.000Z', ratePercent: 100, open: true },
  ],
  lines: [
    { productId: 111, received: 2, held: 0, returnable: 2 },
    { productId: 112, received: 1, held: 0, returnable: 1 },
  ],
  items: [],
};

export const PATH_RETURN: ApiReturn = {
  id: 5,
  number: '000042-R1',
  orderId: 42,
  orderNumber: '000042',
  status: 'requested',
  reason: 'faulty',
  requestedAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  itemCount: 2,
  refundAmount: 20_000,
  currency: 'MDL',
  refundState: 'none',
  version: 1,
  customer: { id: 7, fullName: 'Ana Popescu', email: 'ana@demo.test', phone: null, prn: 'MD1000007' },
  comment: null,
  refuseComment: null,
  paymentMethod: 'cash',
  lines: [
    {
      productId: 111,
      article: 'PF-111',
      name: text('Lipstick'),
      imageUrl: 'http://localhost/media/products/P-111.svg',
      unitPrice: 10_000,
      points: 5,
      requested: 2,
      received: null,
      damaged: null,
    },
  ],
  refund: { method: 'cash', ratePercent: 100, amount: 20_000, currency: 'MDL', state: 'none' },
  history: [],
};
