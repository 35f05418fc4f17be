/** Types of the live-events machine (`events.machine.ts`): the frames of `GET /api/v3/events` as the app sees them. */

/** One frame of the stream the app acts on (`ready` and comments are handled by the stream itself). */
export type LiveFrame =
  | { kind: 'order'; data: LiveOrderChange }
  | { kind: 'bag' }
  | { kind: 'presence'; data: LivePresence }
  | { kind: 'volumes'; data: LiveVolumesChange }
  | { kind: 'reset' };

export interface LiveActor {
  id: number;
  name: string;
  role: string;
}

/** `data` of an `order` frame (`LiveOrderEvent` of the contract). */
export interface LiveOrderChange {
  change: 'created' | 'changed';
  orderId: number;
  number: string;
  version: number;
  status: string;
  paymentState: string;
  event: string;
  actor: LiveActor | null;
  at: string;
}

export interface LiveViewer {
  userId: number;
  name: string;
}

/** `data` of a `presence` frame. */
export interface LivePresence {
  orderId: number;
  viewers: LiveViewer[];
}

/** `data` of a `volumes` frame (`LiveVolumesEvent`): the user's figures of a period changed. */
export interface LiveVolumesChange {
  /** `YYYY-MM` */
  period: string;
  at: string;
}

/** Why the server closed the stream (`end` frame). */
export type StreamEndReason = 'token_expired' | 'session_ended' | 'shutdown';

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

export interface EventsContext {
  lastEventId: string | null;
  /** The ticket of the current connection (spent by the stream). */
  ticket?: string;
  /** Failed connection attempts in a row (the backoff grows with it). */
  attempt: number;
}
