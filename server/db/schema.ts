/**
 * Kysely types of the reference server's database (built by `server/db/migrations/`).
 *
 * Conventions:
 * - ids are integers (`Generated<number>`), except `payments.id` (a random text id that appears in links);
 * - money is an integer in minor units (bani), `currency` beside it where it matters;
 * - points are `numeric(10,2)` read back as numbers (type parsers in `database.ts`);
 * - `date` columns read back as `'YYYY-MM-DD'` strings, `timestamptz` as `Date`;
 * - JSON columns are read as objects and written as JSON text (`JSON.stringify(value)`), the same on PGlite and pg.
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActorRole,
  Category,
  DeliveryType,
  ExchangeState,
  Lang,
  Localized,
  OrderStatus,
  OutboxKind,
  PaymentAttemptState,
  PaymentMethod,
  PaymentState,
} from './reference.ts';
import type { DateString, GeneratedTimestamp, Json, NullableJson, Timestamp } from './schema-columns.ts';
import type { PowSpentTable, UserConsentsTable } from './schema-sign-up.ts';
import type { OrderReturnHistoryTable, OrderReturnLinesTable, OrderReturnsTable } from './schema-returns.ts';
import type {
  MaibSandboxCallbacksTable,
  MaibSandboxPaymentsTable,
  MaibSandboxTokensTable,
  PaymentRefundsTable,
} from './schema-payments.ts';
import type {
  AccountAuditTable,
  DownlineCountsTable,
  OrderCountsTable,
  OrderFacetCountsTable,
  EventsTable,
  EventTicketsTable,
  OrderPresenceTable,
  RateLimitsTable,
  ExchangeSessionsTable,
  ExchangeFilePartsTable,
  ExchangeImportChunksTable,
  ExchangeImportFilesTable,
  ExchangeImportIssuesTable,
  ExchangeImportRunsTable,
  JobsTable,
  OnecGroupsTable,
  ProductImagesTable,
  MessagesTable,
  RevokedTokensTable,
  EventStreamsTable,
  MessageDeliveriesTable,
  MessageChoicesTable,
  PushSubscriptionsTable,
  MailboxTable,
  VapidKeysTable,
} from './schema-internal.ts';
import type {
  BonusLinesTable,
  PeriodClosesTable,
  VolumeCreditsTable,
  VolumeSettingsTable,
} from './schema-volumes.ts';

export type * from './schema-internal.ts';
export type * from './schema-volumes.ts';
export type * from './schema-sign-up.ts';

export type AddressSnapshot = {
  postIndex: string;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
};

/** One line whose quantity a warehouse action changed (`order_history.changed_lines`). */
export type ChangedLine = {
  lineId: number;
  productId: number;
  from: number;
  to: number;
};

export interface WarehousesTable {
  id: Generated<number>;
  code: string;
  name: Json<Localized>;
  city: string;
  address: string;
  phone: string;
  email: string;
  created_at: GeneratedTimestamp;
  /** the 1C warehouse (`Склад/Ид`) matched to this one */
  onec_id: string | null;
}

export interface PickupPointsTable {
  id: Generated<number>;
  warehouse_id: number;
  name: Json<Localized>;
  address: string;
  working_hours: string;
  is_active: Generated<boolean>;
}

export interface UsersTable {
  id: Generated<number>;
  /** stored as given; unique on lower(email). Look users up with `lower(email) = lower($1)`. */
  email: string;
  /** argon2id PHC string (or the earlier `scrypt$N$r$p$…`, replaced at the next sign-in), `server/auth/password.ts` */
  password_hash: string;
  full_name: string;
  phone: string | null;
  city: string | null;
  lang: Generated<Lang>;
  is_warehouse: Generated<boolean>;
  is_partner: Generated<boolean>;
  /** a partner's home warehouse, or the warehouse staff work at */
  warehouse_id: number | null;
  email_confirmed: Generated<boolean>;
  /** partner registration number, unique; null for users and staff */
  prn: string | null;
  /** the genealogy: who signed this distributor */
  sponsor_id: number | null;
  /** materialised path of ids ending with this user's own: `'1.5.77.'`; subtree = `path LIKE '1.5.%'` */
  path: Generated<string>;
  /** 0 for a root of the genealogy */
  depth: Generated<number>;
  /** a code of `RANKS`; null for users and staff */
  rank: string | null;
  signing_date: DateString | null;
  /** bumped by a password change; tokens carry it as `sv` */
  session_version: Generated<number>;
  /** set by an operator (`npm run users -- disable`): no sign-in, no token works (migration 0015) */
  disabled_at: Timestamp | null;
  /** a distributor's public short name, chosen once (migration 0020; docs/adr/0140-sign-up-under-a-sponsor.md) */
  alias: string | null;
  /** `aliasSkeleton(alias)` of machines/sign-up/sign-up.rules.ts, unique: no alias reads as another's */
  alias_skeleton: string | null;
  /** given at sign-up (adulthood is checked on it); null for accounts made otherwise */
  birth_date: DateString | null;
  /** a shop client's distributor: whose shop they signed up in (migration 0021; docs/adr/0146-the-shop-link.md) */
  shop_owner_id: number | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** lower(full_name), generated (migration 0005; trigram-indexed for `like '%q%'`) */
  search_name: GeneratedAlways<string>;
  /** lower(email), generated */
  search_email: GeneratedAlways<string>;
  /** lower(coalesce(prn, '')), generated */
  search_prn: GeneratedAlways<string>;
  /** lower(coalesce(phone, '')), generated */
  search_phone: GeneratedAlways<string>;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  post_index: string;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
  /** at most one per user (partial unique index) */
  is_default: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  sku: string;
  name: Json<Localized>;
  description: Json<Localized>;
  /** regular price, minor units */
  price: number;
  /** promotional price, minor units; set together with is_promotion */
  promo_price: number | null;
  points: ColumnType<number, number | string, number | string>;
  category: Category;
  image_url: string | null;
  is_promotion: Generated<boolean>;
  /** generated: lower-cased sku, barcode + names in every language, for `search LIKE '%' || lower(term) || '%'` */
  search: GeneratedAlways<string>;
  created_at: GeneratedTimestamp;
  /** 1C's `Ид` of the product (migration 0011); null for a product 1C never named */
  onec_id: string | null;
  /** `Штрихкод` from 1C */
  barcode: string | null;
  /** the 1C group (`onec_groups.onec_id`) the product was last filed under */
  onec_group_id: string | null;
  /** the recommended retail price (1C's `Розничная цена`), minor units */
  recommended_price: number | null;
  /** false once 1C no longer lists the product: hidden from the catalogue, never deleted */
  is_active: Generated<boolean>;
  inactive_reason: InactiveReason | null;
  /** the last import run that named the product (a full upload deactivates the ones it did not name) */
  onec_seen_run: number | null;
  /** the import run that created the product (its prices and stock in that run are part of creating it) */
  onec_created_run: number | null;
  updated_at: GeneratedTimestamp;
  /** the family of variants a page's picker switches between (migration 0016; docs/adr/0137-product-pages.md) */
  family: string | null;
  /** this product's variant (a shade, a format) in every language */
  variant: Json<Localized> | null;
  /** the variant's colour, `#rrggbb` */
  swatch: string | null;
  volume_ml: number | null;
  /** the INCI list, one language as on the pack */
  ingredients: string | null;
  how_to_use: Json<Localized> | null;
}

/** Why a product is no longer sold. */
export type InactiveReason = 'absent_from_full_upload' | 'deleted_in_1c';

/** Stock of one product at one warehouse (migration 0011; docs/adr/0091-stock-per-warehouse.md). */
export interface WarehouseStockTable {
  warehouse_id: number;
  product_id: number;
  /** the quantity 1C last reported */
  quantity: Generated<number>;
  /** units this warehouse's portal orders not yet in 1C hold; available = max(quantity − held, 0) */
  held: Generated<number>;
  /** the last import run whose offers gave this figure (a full offers package zeroes the ones it did not give) */
  seen_run: number | null;
  updated_at: GeneratedTimestamp;
}

export interface CartsTable {
  user_id: number;
  product_id: number;
  quantity: number;
  added_at: GeneratedTimestamp;
}

export interface WishlistTable {
  user_id: number;
  product_id: number;
  added_at: GeneratedTimestamp;
}

export interface ClientsTable {
  id: Generated<number>;
  /** the distributor whose client base holds this client */
  owner_id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  note: string | null;
  /** the account of a client who signed up in the owner's shop, unique (migration 0021) */
  user_id: number | null;
  created_at: GeneratedTimestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  /** human number, '000123'-style; defaults from the `order_number_seq` sequence */
  number: Generated<string>;
  /** who placed it (the customer): a distributor, or a shop client's account */
  user_id: number;
  /** set when the distributor ordered for a client of their client base, or a shop client ordered (their row) */
  client_id: number | null;
  warehouse_id: number;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_state: Generated<PaymentState>;
  delivery_type: DeliveryType;
  /** snapshot of the delivery address at ordering time (delivery only) */
  delivery_address: NullableJson<AddressSnapshot>;
  /** pickup only */
  pickup_point_id: number | null;
  courier_comment: string | null;
  comment: string | null;
  cancel_reason: string | null;
  /** the warehouse's note on a partial confirmation */
  partial_note: string | null;
  /** Σ list price × quantity, minor units */
  amount: number;
  /** Σ (list price − paid price) × quantity: promotions */
  discount: Generated<number>;
  /** amount − discount */
  final_cost: number;
  points: ColumnType<number, number | string, number | string>;
  currency: Generated<string>;
  /** the warehouse's own document number, set at confirmation */
  warehouse_number: string | null;
  /** the total the warehouse confirmed, minor units */
  warehouse_total: number | null;
  /** starts at 1, +1 on every change */
  version: Generated<number>;
  exchange_state: ExchangeState | null;
  exchange_error: string | null;
  onec_document_number: string | null;
  exchanged_at: Timestamp | null;
  /** when 1C first took the order; from then on it holds no stock (1C's quantities count it) */
  in_1c_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** when the order entered its current status (migration 0006, kept by a trigger) */
  status_changed_at: GeneratedTimestamp;
  /** when the customer agreed to the terms at checkout (card orders need it; migration 0013) */
  terms_accepted_at: Timestamp | null;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  sku: string;
  /** snapshot of the product name at ordering time */
  name: Json<Localized>;
  /** regular unit price at ordering time, minor units */
  list_price: number;
  /** unit price paid (promo price when the product was on promotion), minor units */
  price: number;
  /** points per unit */
  points: ColumnType<number, number | string, number | string>;
  requested_quantity: number;
  /** set by the warehouse when it confirms (fully or partly) */
  confirmed_quantity: number | null;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  at: GeneratedTimestamp;
  /** null for the system */
  actor_id: number | null;
  actor_role: ActorRole;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  /** machine event (`START_CHECK`, `CONFIRM_PARTIAL`, ...), `CREATE`, `COMMENT`, `PAYMENT` or `EXCHANGE` */
  event: string;
  comment: string | null;
  changed_lines: NullableJson<ChangedLine[]>;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  order_id: number | null;
  response_status: number | null;
  response_body: NullableJson<object>;
  created_at: GeneratedTimestamp;
}

/** One card payment attempt (docs/adr/0110-maib-provider.md); the acquirer's fields from migration 0013. */
export interface PaymentsTable {
  /** our random id of the attempt (`PaymentSession.paymentId`) */
  id: string;
  order_id: number;
  state: Generated<PaymentAttemptState>;
  /** minor units */
  amount: number;
  currency: Generated<string>;
  created_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
  /** maib's `payId`, once the acquirer answered `POST /v1/pay`; a callback names its payment by it */
  provider_pay_id: string | null;
  /** the acquirer's checkout page (`payUrl`) */
  pay_url: string | null;
  /** the checkout page's language as asked of the acquirer */
  language: string | null;
  meta: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** the acquirer's last word on the transaction: status, code, message, 3-D Secure, card, RRN, approval */
  status: string | null;
  status_code: string | null;
  status_message: string | null;
  three_ds: string | null;
  card_number: string | null;
  rrn: string | null;
  approval: string | null;
  /** what settled it: the signed callback, or reconciliation's `pay-info` */
  settled_by: 'callback' | 'reconciliation' | null;
  /** when reconciliation asks `pay-info` about this open attempt next */
  next_check_at: Timestamp | null;
  checks: Generated<number>;
  last_check_error: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: OutboxKind;
  user_id: number;
  /** SHA-256 (hex) of the link's token; the token itself travels only in the message (migration 0014) */
  token_hash: string;
  payload: Json<Record<string, string>>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MonthlyVolumesTable {
  user_id: number;
  /** first day of the month */
  month: DateString;
  /** personal volume: points of the distributor's own orders */
  pv: ColumnType<number, number | string, number | string>;
  /** group volume: PV of the distributor and the whole downline */
  gv: ColumnType<number, number | string, number | string>;
  /** cumulative group volume: GV summed over every month since signing, up to this one */
  cgv: ColumnType<number, number | string, number | string>;
  /** personal group volume: GV without the legs headed by breakaway ranks (director and up) */
  pgv: ColumnType<number, number | string, number | string>;
  /** bonus earned for the month, minor units (final once the month is closed) */
  bonus: Generated<number>;
  /** paid-as rank of the month */
  rank: string | null;
  closed: Generated<boolean>;
  /** first-line children by paid-as rank of the month (index = position in `RANKS`), kept by the volume engine */
  legs: ColumnType<number[], string | undefined, string>;
  /** consecutive closed months, up to this one, meeting a programme's condition (written by the close) */
  active_streak: Generated<number>;
  start_streak: Generated<number>;
  leader_streak: Generated<number>;
  star_streak: Generated<number>;
}

export interface QualificationsTable {
  id: Generated<number>;
  user_id: number;
  /** a code of `QUALIFICATIONS` */
  code: string;
  achieved_at: DateString;
}

/** "Who needs attention" per period (migration 0008): kept by triggers once the period is filled. */
export interface NetworkAttentionTable {
  /** first day of the month */
  period: DateString;
  user_id: number;
  /** the member's materialised path (collation "C": a downline is a prefix range of the index) */
  path: string;
  /** PV of the period */
  pv: ColumnType<number, number | string | undefined, number | string>;
  last_order_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** a leader whose rank in the month before the period is below the month before that */
  rank_dropped: Generated<boolean>;
  /** whole periods since the last order: 0 ordered this period, 12 twelve or more (or never) */
  idle: Generated<number>;
}

/** How many members below `user_id` match each filter `kind` in a period (`idle_k`: no order for k periods). */
export interface NetworkAttentionCountsTable {
  period: DateString;
  user_id: number;
  kind: string;
  n: number;
}

/** The periods `network_attention` holds (filled once, on first use). */
export interface NetworkAttentionPeriodsTable {
  period: DateString;
}

export interface DB {
  warehouses: WarehousesTable;
  pickup_points: PickupPointsTable;
  users: UsersTable;
  addresses: AddressesTable;
  products: ProductsTable;
  carts: CartsTable;
  wishlist: WishlistTable;
  clients: ClientsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_history: OrderHistoryTable;
  order_counts: OrderCountsTable;
  order_facet_counts: OrderFacetCountsTable;
  exchange_sessions: ExchangeSessionsTable;
  exchange_file_parts: ExchangeFilePartsTable;
  downline_counts: DownlineCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  payments: PaymentsTable;
  outbox: OutboxTable;
  monthly_volumes: MonthlyVolumesTable;
  qualifications: QualificationsTable;
  events: EventsTable;
  event_tickets: EventTicketsTable;
  order_presence: OrderPresenceTable;
  rate_limits: RateLimitsTable;
  network_attention: NetworkAttentionTable;
  network_attention_periods: NetworkAttentionPeriodsTable;
  network_attention_counts: NetworkAttentionCountsTable;
  jobs: JobsTable;
  messages: MessagesTable;
  volume_settings: VolumeSettingsTable;
  volume_credits: VolumeCreditsTable;
  bonus_lines: BonusLinesTable;
  period_closes: PeriodClosesTable;
  revoked_tokens: RevokedTokensTable;
  event_streams: EventStreamsTable;
  payment_refunds: PaymentRefundsTable;
  order_returns: OrderReturnsTable;
  order_return_lines: OrderReturnLinesTable;
  order_return_history: OrderReturnHistoryTable;
  maib_sandbox_tokens: MaibSandboxTokensTable;
  maib_sandbox_payments: MaibSandboxPaymentsTable;
  maib_sandbox_callbacks: MaibSandboxCallbacksTable;
  message_deliveries: MessageDeliveriesTable;
  message_choices: MessageChoicesTable;
  push_subscriptions: PushSubscriptionsTable;
  mailbox: MailboxTable;
  vapid_keys: VapidKeysTable;
  warehouse_stock: WarehouseStockTable;
  onec_groups: OnecGroupsTable;
  product_images: ProductImagesTable;
  exchange_import_runs: ExchangeImportRunsTable;
  exchange_import_files: ExchangeImportFilesTable;
  exchange_import_chunks: ExchangeImportChunksTable;
  exchange_import_issues: ExchangeImportIssuesTable;
  account_audit: AccountAuditTable;
  user_consents: UserConsentsTable;
  pow_spent: PowSpentTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderHistoryRow = Selectable<OrderHistoryTable>;
export type AddressRow = Selectable<AddressesTable>;
export type WarehouseRow = Selectable<WarehousesTable>;
export type PickupPointRow = Selectable<PickupPointsTable>;
export type MonthlyVolumeRow = Selectable<MonthlyVolumesTable>;
export type ClientRow = Selectable<ClientsTable>;
