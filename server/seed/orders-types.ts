/** The shapes of the demo orders: what a plan asks for, and the rows `buildOrders` writes. */
import type { AddressSnapshot } from '../db/schema.ts';
import type {
  ActorRole,
  DeliveryType,
  Lang,
  Localized,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '../db/reference.ts';

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
  provider_pay_id: string;
  status: 'OK' | 'FAILED';
  status_message: string;
  card_number: string;
  settled_by: 'callback';
};
