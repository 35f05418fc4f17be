import type { components } from '../../openapi/schema.d.ts';

/** Types of the live-events machine (`events.machine.ts`): the frames of `GET /api/v3/events` as the app sees them. */

/** One frame of the stream the app acts on (`ready` and comments are handled by the stream itself). */
export type LiveFrame =
  | { kind: 'order'; data: LiveOrderChange }
  | { kind: 'bag' }
  | { kind: 'presence'; data: LivePresence }
  | { kind: 'volumes'; data: LiveVolumesChange }
  | { kind: 'return'; data: LiveReturnChange }
  | { kind: 'network'; data: LiveNetworkChange }
  | { kind: 'client_order'; data: LiveClientOrderChange }
  | { kind: 'shop_client'; data: LiveShopClientChange }
  | { kind: 'reset' };

/** Who made an order change (`actor` of the contract's `LiveOrderEvent`). */
export type LiveActor = NonNullable<LiveOrderChange['actor']>;

/** `data` of an `order` frame: the contract's `LiveOrderEvent`. */
export type LiveOrderChange = components['schemas']['LiveOrderEvent'];

/** `data` of a `return` frame: the contract's `LiveReturnEvent` (a return was requested or moved on). */
export type LiveReturnChange = components['schemas']['LiveReturnEvent'];

/** `data` of a `network` frame: the contract's `LiveNetworkEvent` (a distributor joined the user's downline). */
export type LiveNetworkChange = components['schemas']['LiveNetworkEvent'];

/** `data` of a `client_order` frame: the contract's `LiveClientOrderEvent` (a client of the user's shop ordered). */
export type LiveClientOrderChange = components['schemas']['LiveClientOrderEvent'];

/** `data` of a `shop_client` frame: the contract's `LiveShopClientEvent` (someone signed up in the user's shop). */
export type LiveShopClientChange = components['schemas']['LiveShopClientEvent'];

/** Someone who has the order open: the contract's `PresenceViewer`. */
export type LiveViewer = components['schemas']['PresenceViewer'];

/** `data` of a `presence` frame (the contract's `LivePresenceEvent`) as far as the app reads it. */
export type LivePresence = Pick<components['schemas']['LivePresenceEvent'], 'orderId' | 'viewers'>;

/** `data` of a `volumes` frame (`LiveVolumesEvent`): the user's figures of a period changed. */
export interface LiveVolumesChange {
  /** `YYYY-MM` */
  period: string;
  at: string;
}

/** Why the server closed the stream (`end` frame). */
export type StreamEndReason = 'token_expired' | 'session_ended' | 'too_many_streams' | 'shutdown';

/** What the injected stream actor sends to the machine. */
export type StreamEvent =
  | { type: 'stream.ready'; position: string }
  | { type: 'stream.frame'; id: string | null; frame: LiveFrame }
  | { type: 'stream.ended'; reason: StreamEndReason }
  | { type: 'stream.failed' };

export type EventsEvent = StreamEvent | { type: 'events.stop' } | { type: 'events.start' };

export interface StreamInput {
  ticket: string;
  /** Resume after this event id (null: from now). */
  lastEventId: string | null;
}

/**
 * Where the session's first stream resumes: the lowest event-log position the page's data was read at (its screens
 * show everything up to it: a server-rendered page's, every answer's since), or none (`null`): the first `ready`
 * then has the screens reload.
 */
export interface EventsInput {
  lastEventId: string | null;
}

export interface EventsContext {
  lastEventId: string | null;
  /** The ticket of the current connection (spent by the stream). */
  ticket?: string;
  /** Failed connection attempts in a row (the backoff grows with it). */
  attempt: number;
}
