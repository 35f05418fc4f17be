/**
 * Kysely types of the tables the server keeps for itself: counters kept exact by triggers, the live-event log and
 * its tickets, presence, shared rate-limit windows and the 1C exchange sessions. `schema.ts` lists them in `DB`.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Category, DeliveryType, OrderStatus, PaymentMethod, PaymentState } from './reference.ts';
import type { Timestamp, GeneratedTimestamp, Json, NullableJson } from './schema-columns.ts';

/** Distributors below each user (migration 0005), kept exact by triggers on `users`. */
export interface DownlineCountsTable {
  user_id: number;
  n: number;
}

/** Orders per warehouse and status, kept exact by triggers on `orders` (migration 0002); the code only reads it. */
export interface OrderCountsTable {
  warehouse_id: number;
  status: OrderStatus;
  n: number;
}

/** Orders per warehouse, status and the queue's filter values (migration 0006, kept by triggers). */
export interface OrderFacetCountsTable {
  warehouse_id: number;
  status: OrderStatus;
  delivery_type: DeliveryType;
  payment_method: PaymentMethod;
  payment_state: PaymentState;
  n: number;
}

/** What a live event is about (migration 0004): see `server/events/`. */
export type EventKind =
  | 'order'
  | 'bag'
  | 'presence'
  | 'session'
  | 'volumes'
  | 'return'
  | 'network'
  | 'client_order'
  | 'shop_client';

/** The bounded live-event log, appended by triggers (`events_append`) in the changing transaction. */
export interface EventsTable {
  id: Generated<number>;
  at: GeneratedTimestamp;
  kind: EventKind;
  /** the user the event is addressed to (the order's customer, the bag's owner, the session's user) */
  user_id: number | null;
  /** the warehouse whose staff see it (orders and presence) */
  warehouse_id: number | null;
  order_id: number | null;
  payload: Json<Record<string, unknown>>;
}

/** Single-use tickets that open an event stream; only a SHA-256 of the ticket is stored. */
export interface EventTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  session_version: number;
  token_expires_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** the id of the access token the ticket was asked with (migration 0014): its logout closes the stream */
  jti: string | null;
}

/** Staff who have an order open, until `expires_at`. */
export interface OrderPresenceTable {
  order_id: number;
  user_id: number;
  warehouse_id: number;
  expires_at: Timestamp;
}

/** Fixed-window request counters shared by every process (login, forgot-password). */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
  /** times the key went over its limit lately: each doubles the next block (migration 0014) */
  strikes: Generated<number>;
  blocked_until: Timestamp | null;
  /** when the burst of attempts that led to the first strike began, and how many it has had */
  burst_started_at: Timestamp | null;
  burst_hits: Generated<number>;
}

/** Access tokens ended before their expiry (`POST /users/logout`, migration 0014), kept until they expire. */
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: Timestamp;
}

/** Event streams open now in any process (migration 0014); `alive_until` is renewed while the stream is open. */
export interface EventStreamsTable {
  id: Generated<string>;
  user_id: number;
  opened_at: GeneratedTimestamp;
  alive_until: Timestamp;
}

/** A 1C exchange session (migration 0003): `id` is the SHA-256 (hex) of the cookie value. */
export interface ExchangeSessionsTable {
  id: string;
  created_at: GeneratedTimestamp;
  last_seen: Timestamp;
  /** order ids of the last `mode=query` not yet confirmed by `mode=success`; null when none is pending */
  last_query: NullableJson<number[]>;
}

/** A part of a file 1C sends in pieces; `id` orders the parts of one `filename`. */
export interface ExchangeFilePartsTable {
  id: Generated<number>;
  session_id: string;
  filename: string;
  /** Buffer (pg) or Uint8Array (PGlite) when read */
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
}

/** A periodic job that runs once across processes (migration 0009, server/jobs/scheduler.ts). */
export interface JobsTable {
  name: string;
  due_at: GeneratedTimestamp;
  /** the process holding the job while it runs; null when nobody does */
  locked_by: string | null;
  /** when the holder's lease runs out: past it, another process may take the job over */
  locked_until: Timestamp | null;
  runs: Generated<number>;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  /** the last run's failure, null after a success */
  last_error: string | null;
}

/** A message to a person (migration 0009, server/messages/outbox.ts): written with the change that causes it. */
export interface MessagesTable {
  id: Generated<number>;
  /** names the cause, so the same cause writes one message however often it is replayed */
  key: string;
  event: string;
  user_id: number;
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  /** what must not outlive delivery (a one-time link's token); cleared once the message is delivered or failed */
  secret: string | null;
  created_at: GeneratedTimestamp;
  /** when a worker turned the message into deliveries (migration 0012); null until then */
  planned_at: Timestamp | null;
}

export type DeliveryChannel = 'email' | 'push';
export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'dropped';

/** One message on one target (migration 0012, server/messages/worker.ts). */
export interface MessageDeliveriesTable {
  id: Generated<number>;
  message_id: number;
  channel: DeliveryChannel;
  /** `email`, or `push:<subscription id>`: one delivery per message and target */
  target: string;
  /** the recipient's queue (`email:<user>`, `push:<subscription>`): only its oldest unfinished delivery is sent */
  queue_key: string;
  subscription_id: number | null;
  state: Generated<DeliveryState>;
  attempts: Generated<number>;
  /** queued: when the next try is due; sending: when the sender's lease runs out (then another process may take it) */
  next_attempt_at: GeneratedTimestamp;
  /** the process sending it */
  locked_by: string | null;
  last_error: string | null;
  /** the last attempt could not reach the server at all (retried without limit, see ADR 0100) */
  connection_failed: Generated<boolean>;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}

/** A person's choice for one topic and channel (migration 0012, server/messages/choices.ts). */
export interface MessageChoicesTable {
  user_id: number;
  topic: string;
  channel: DeliveryChannel;
  enabled: boolean;
  updated_at: GeneratedTimestamp;
}

/** A browser that turned web push on (migration 0012): the push service's endpoint and the keys of RFC 8291. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** the browser's P-256 public key, base64url */
  p256dh: string;
  /** the 16-byte authentication secret, base64url */
  auth: string;
  /** what the person sees in Personal data ("Chrome on Android") */
  label: Generated<string>;
  created_at: GeneratedTimestamp;
  last_sent_at: Timestamp | null;
}

/** An e-mail delivered to the built-in mailbox (no SMTP_URL): the raw message as an SMTP server would get it. */
export interface MailboxTable {
  id: Generated<number>;
  message_id: number | null;
  message_id_header: string;
  to_address: string;
  subject: string;
  raw: string;
  created_at: GeneratedTimestamp;
}

/** The web-push key pair made on first use when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not given. */
export interface VapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: GeneratedTimestamp;
}

/** A 1C group seen by the catalogue import (migration 0011): its parent and the category it maps to, if any. */
export interface OnecGroupsTable {
  onec_id: string;
  name: string;
  parent_id: string | null;
  /** null: no category's name matches and no configured map names it (products filed there are skipped) */
  category: Category | null;
  updated_at: GeneratedTimestamp;
}

/** A picture 1C sent, stored once by the SHA-256 of its bytes (served at `/media/product-images/<hash>.<ext>`). */
export interface ProductImagesTable {
  hash: string;
  content_type: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: GeneratedTimestamp;
}

/** One catalogue import (an exchange session's `type=catalog` work, or the demo seed's), with its counts. */
export interface ExchangeImportRunsTable {
  id: Generated<number>;
  /** the exchange session (the SHA-256 key of its cookie); null for the seed */
  session_id: string | null;
  source: Generated<'exchange' | 'seed'>;
  status: Generated<'running' | 'success' | 'failure'>;
  started_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
  /** why the run failed (a file that could not be read), as the exchange answered 1C */
  failure: string | null;
  created: Generated<number>;
  updated: Generated<number>;
  deactivated: Generated<number>;
  skipped: Generated<number>;
  /** the 1C groups, properties, price types and warehouses this run's files described (server/domain/exchange/catalog/dictionary.ts) */
  dictionary: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** a full upload in the 3.x form waits for `mode=deactivate` / `complete`: the groups it covers */
  deferred_scope: NullableJson<{ all: boolean; groups: string[] }>;
}

/** A file of an import run, and where its step machine stands. */
export interface ExchangeImportFilesTable {
  id: Generated<number>;
  run_id: number;
  name: string;
  kind: 'catalogue' | 'offers' | 'classifier' | null;
  stage: Generated<'reading' | 'applying' | 'deactivating' | 'done' | 'failed'>;
  /** `СодержитТолькоИзменения="false"` (null before the file is read) */
  full_upload: boolean | null;
  schema_version: string | null;
  /** records read into chunks so far (a read cut short resumes after them) */
  records_read: Generated<number>;
  chunks: Generated<number>;
  chunks_applied: Generated<number>;
  failure: string | null;
  /** the call working on the file holds it until then */
  locked_until: Timestamp | null;
  started_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
}

/** Records read from a file, waiting to be applied in order (deleted once the file is done). */
export interface ExchangeImportChunksTable {
  file_id: number;
  seq: number;
  records: ColumnType<unknown[], string, string>;
}

/** An item an import run skipped (or could only partly apply), with the reason's code. */
export interface ExchangeImportIssuesTable {
  id: Generated<number>;
  run_id: number;
  file: string;
  code: string;
  onec_id: string | null;
  sku: string | null;
  name: string | null;
  detail: string | null;
  at: GeneratedTimestamp;
}

/** An operator's change to an account (migration 0015, `npm run users`); never updated or deleted. */
export interface AccountAuditTable {
  id: Generated<number>;
  at: GeneratedTimestamp;
  /** who ran the command: `--by`, else the system user and host (`ops@portal-1`) */
  actor: string;
  action: 'add' | 'disable' | 'enable' | 'set-role' | 'reset-password';
  /** null once the account is deleted; `email` keeps who it was */
  user_id: number | null;
  email: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}
