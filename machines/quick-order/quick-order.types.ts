import type { components } from '../../openapi/schema.d.ts';

/** One entry of an order by code, resolved by the server (`POST /goods/by-codes`). */
export type QuickOrderLine = components['schemas']['QuickOrderLine'];
export type QuickOrderStatus = QuickOrderLine['status'];
/** The answer of `POST /goods/by-codes`: every entry, in order. */
export type QuickOrderResolution = components['schemas']['QuickOrderResolution'];
/** The answer of `POST /orders/cart/add-by-codes`: what each entry put into the bag, and the bag. */
export type QuickOrderAdded = components['schemas']['QuickOrderAdded'];
export type QuickOrderAddedLine = QuickOrderAdded['lines'][number];
export type Cart = components['schemas']['Cart'];

/** Typing settles this long before the text is resolved. */
export const QUICK_ORDER_DEBOUNCE_MS = 300;
/** The contract's `QuickOrderRequest.text` limit. */
export const QUICK_ORDER_TEXT_MAX = 20_000;

/**
 * An add that may have reached the server: its `Idempotency-Key` and the exact text sent with it. Kept after a
 * failure without an answer, so "Try again" repeats both and the server adds nothing twice.
 */
export interface QuickOrderAttempt {
  key: string;
  text: string;
}

export interface QuickOrderFailure {
  /** Which call failed: reading the codes, or adding them. */
  kind: 'resolve' | 'add';
  /** The server's code (`VALIDATION_FAILED`, ...), `HTTP_<status>`, `NETWORK_ERROR`, `TIMEOUT` or `UNKNOWN`. */
  code: string;
  /** The failure as the API client threw it (the view shows its message in the active language). */
  error: unknown;
}

export interface QuickOrderContext {
  /** The text as typed or pasted. */
  text: string;
  /** The text `lines` were resolved from (null: nothing resolved yet). */
  resolvedText: string | null;
  /** The entries of `resolvedText`, as the server read them. */
  lines: QuickOrderLine[];
  /** "Add" was asked before the text was resolved: it runs once it is (if anything can be added). */
  addRequested: boolean;
  /** The add on its way, or the one whose answer was lost (kept for its retry); null otherwise. */
  attempt: QuickOrderAttempt | null;
  failure: QuickOrderFailure | null;
}

export type QuickOrderEvent =
  | { type: 'text.changed'; text: string }
  /** The button or Ctrl/Cmd+Enter: every entry that can be added goes into the bag. */
  | { type: 'add' }
  /** "Try again" after a failed resolution or add. */
  | { type: 'retry' };

/** What the machine tells its view once an add landed (the view thanks the user). */
export type QuickOrderEmitted = {
  type: 'quickOrder.added';
  /** Entries that put units into the bag. */
  products: number;
  /** Units put into the bag. */
  units: number;
  /** Entries left in the text (not added). */
  left: number;
};
