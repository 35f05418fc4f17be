import type { components } from '../../openapi/schema.d.ts';

/** A return as the API gives it (`GET /returns/{id}`, an action's answer, the `return` of a 409 body). */
export type ApiReturn = components['schemas']['Return'];
export type ApiReturnSummary = components['schemas']['ReturnSummary'];
/** An order's returns with the policy applied to it now (`GET /orders/{orderId}/returns`). */
export type ApiReturnList = components['schemas']['ReturnList'];
export type ReturnStatus = components['schemas']['ReturnStatus'];
export type ReturnReason = components['schemas']['ReturnReason'];
export type ReturnRefundState = components['schemas']['ReturnRefundState'];
export type ReturnLineProblem = components['schemas']['ReturnLineProblem'];
export type ReturnRequestBody = components['schemas']['ReturnRequest'];
export type ReturnCounts = components['schemas']['ReturnCounts'];

export { RETURN_REASONS, RETURN_STATUSES, RETURNS_WAITING } from '../returns/returns.types.ts';

/** Who acts on a return: the order's customer (cancel) or staff of its warehouse (receive, accept, refuse). */
export type ReturnViewer = 'distributor' | 'warehouse';

/** A failure as the machines read it: the API code, the return of a 409 body, the refused lines of a 422. */
export interface ReturnFailure {
  code: string | null;
  status: number | null;
  ret: ApiReturn | null;
  /** `details[].reason` by line index (`/lines/<i>…`); `-1` for the request as a whole. */
  problems: Array<{ index: number; reason: ReturnLineProblem }>;
}

/** Codes the machines give a refusal that never reached the server. */
export const RETURN_LOCAL_CODES = {
  /** No line has a unit to return. */
  noLines: 'RETURN_NO_LINES',
  reasonMissing: 'RETURN_REASON_MISSING',
  /** The reason's period is over (by the order's windows) or a quantity is over what may be returned. */
  notAllowed: 'RETURN_NOT_ALLOWED',
  /** Refusing needs a comment. */
  commentRequired: 'COMMENT_REQUIRED',
  /** A received or damaged figure is out of its bounds. */
  receiptInvalid: 'RECEIPT_INVALID',
} as const;
