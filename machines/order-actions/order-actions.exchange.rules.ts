/**
 * What the 1C exchange block shows and allows, from an order's `exchange` field (the contract's `OrderExchange`).
 * Views render this model; they never compare exchange states themselves.
 */
import type { components } from '../../openapi/schema.d.ts';
import type { ViewerRole } from './order-actions.types.ts';

export type OrderExchange = components['schemas']['OrderExchange'];
export type ExchangeState = components['schemas']['ExchangeState'];

/** The part of an order the exchange block needs (an `Order` or `OrderSummary` fits). */
export interface ExchangeOrderRef {
  id: number;
  version: number;
  exchange?: OrderExchange | null;
}

export type ExchangeTone = 'pending' | 'done' | 'error';

export interface ExchangeViewModel {
  state: ExchangeState;
  tone: ExchangeTone;
  /** 1C's document number, once 1C sent it. */
  documentNumber: string | null;
  /** Why the exchange failed (state `error` only). */
  error: string | null;
  /** Moments to list, oldest first: only the ones that happened. */
  moments: Array<{ kind: 'queued' | 'sent' | 'confirmed'; at: string }>;
  /** The warehouse may queue the order for 1C again (a failed exchange, and the viewer acts for the warehouse). */
  canRequeue: boolean;
}

const TONES: Record<ExchangeState, ExchangeTone> = {
  queued: 'pending',
  sent: 'pending',
  confirmed: 'done',
  error: 'error',
};

/**
 * The block's model, or null when the order never took part in the exchange (nothing to show).
 * `actsAsWarehouse`: the viewer is staff of the order's warehouse (the server refuses everyone else anyway).
 */
export function selectExchangeView(
  exchange: OrderExchange | null | undefined,
  actsAsWarehouse: boolean,
): ExchangeViewModel | null {
  if (exchange === null || exchange === undefined) return null;
  const moments: ExchangeViewModel['moments'] = [];
  if (exchange.queuedAt !== null) moments.push({ kind: 'queued', at: exchange.queuedAt });
  if (exchange.sentAt !== null) moments.push({ kind: 'sent', at: exchange.sentAt });
  if (exchange.confirmedAt !== null) moments.push({ kind: 'confirmed', at: exchange.confirmedAt });
  moments.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    state: exchange.state,
    tone: TONES[exchange.state],
    documentNumber: exchange.documentNumber,
    error: exchange.state === 'error' ? exchange.error : null,
    moments,
    canRequeue: actsAsWarehouse && exchange.state === 'error',
  };
}

/**
 * The 1C re-queue rule (the `exchange.requeue` event's guard): the warehouse may queue an order for 1C again when
 * its exchange failed. The server checks the same and the order's version.
 */
export function canRequeueExchange(order: ExchangeOrderRef, role: ViewerRole): boolean {
  return selectExchangeView(order.exchange, role === 'warehouse')?.canRequeue ?? false;
}
