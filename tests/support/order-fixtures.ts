import type { ApiOrder, ApiOrderLine } from '../../machines/order-actions/order-actions.types';

const text = (en: string) => ({ ru: en, en, ro: en, uk: en, it: en });

export function makeLine(id: number, requested: number, price: number, points: number): ApiOrderLine {
  return {
    id,
    productId: id + 100,
    name: text(`Product ${id}`),
    imageUrl: `http://localhost/media/products/P-${id}.svg`,
    price,
    promoPrice: null,
    points,
    requestedQuantity: requested,
    confirmedQuantity: null,
    amount: requested * price,
  };
}

/** A warehouse-1 order: three lines (2 × 100.00 / 5 PV, 1 × 50.00 / 2.5 PV, 3 × 20.00 / 6 PV), cash, pickup. */
export function makeOrder(overrides: Partial<ApiOrder> = {}): ApiOrder {
  const lines = overrides.lines ?? [
    makeLine(11, 2, 10_000, 5),
    makeLine(12, 1, 5_000, 2.5),
    makeLine(13, 3, 2_000, 6),
  ];
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: 42,
    number: '000042',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    itemCount: 6,
    amount,
    discount: 0,
    deliveryPrice: 0,
    finalCost: amount,
    currency: 'MDL',
    points: 30.5,
    status: 'awaiting_warehouse',
    displayStatus: 'new',
    customer: { id: 7, fullName: 'Ana Popescu', email: 'ana@demo.test', phone: null, prn: 'MD1000007' },
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    paymentState: 'not_required',
    warehouse: { id: 1, number: 'CHI', name: 'Chișinău warehouse' },
    version: 2,
    deliveryAddress: null,
    pickupPoint: {
      id: 1,
      name: text('City centre pickup point'),
      city: 'Chișinău',
      address: 'bd. Ștefan cel Mare 126',
      workingHours: 'Mo-Fr 09:00-19:00',
      warehouseId: 1,
    },
    courierComment: null,
    comment: null,
    cancelReason: null,
    paymentLink: null,
    warehouseNumber: null,
    warehouseTotal: null,
    partialNote: null,
    history: [],
    ...overrides,
    lines,
  };
}
