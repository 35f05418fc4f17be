import type { SnapshotFrom } from 'xstate';
import type { ReturnActionsMachine, ReturnActionKind } from './return-actions.machine.ts';
import type { ReturnRequestMachine } from './return-request.machine.ts';
import {
  receiptValid,
  requestLines,
  requestPreview,
  returnActionsFor,
  type ReceiptDraft,
  type RequestDraft,
  type RequestPreview,
  type ReturnActionsAllowed,
} from './return-actions.rules.ts';
import type { ApiReturn, ApiReturnList, ReturnFailure } from './return-actions.types.ts';

/** Everything the return request form renders. */
export interface ReturnRequestView {
  open: boolean;
  submitting: boolean;
  list: ApiReturnList;
  draft: RequestDraft;
  preview: RequestPreview;
  errorCode: string | null;
  problems: ReturnFailure['problems'];
  created: ApiReturn | null;
  changes: number;
}

export function selectReturnRequestView(snapshot: SnapshotFrom<ReturnRequestMachine>): ReturnRequestView {
  const { context } = snapshot;
  const lines = requestLines(context.order, context.list);
  return {
    open: !snapshot.matches('closed'),
    submitting: snapshot.matches('submitting'),
    list: context.list,
    draft: context.draft,
    preview: requestPreview(lines, context.list, context.draft),
    errorCode: context.errorCode,
    problems: context.problems,
    created: context.created,
    changes: context.changes,
  };
}

export type ReturnNotice = 'conflict' | 'refused' | 'failed' | null;

/** Everything a return's card and its staff forms render. */
export interface ReturnActionsView {
  ret: ApiReturn;
  actions: ReturnActionsAllowed;
  /** Which form is open. */
  form: 'receipt' | 'refusal' | 'cancel' | null;
  receipt: ReceiptDraft | null;
  receiptValid: boolean;
  refusal: string;
  /** The request under way, or null. */
  busy: ReturnActionKind | null;
  notice: ReturnNotice;
  errorCode: string | null;
  answer: { kind: ReturnActionKind; number: string } | null;
  changes: number;
}

export function selectReturnActionsView(snapshot: SnapshotFrom<ReturnActionsMachine>): ReturnActionsView {
  const { context } = snapshot;
  const submitting = snapshot.matches('submitting') || snapshot.matches('refreshing');
  return {
    ret: context.ret,
    actions: returnActionsFor(context.ret, context.viewer),
    form: snapshot.matches('receiving')
      ? 'receipt'
      : snapshot.matches('refusing')
        ? 'refusal'
        : snapshot.matches('cancelling')
          ? 'cancel'
          : submitting && context.pending?.kind === 'receive'
            ? 'receipt'
            : submitting && context.pending?.kind === 'refuse'
              ? 'refusal'
              : submitting && context.pending?.kind === 'cancel'
                ? 'cancel'
                : null,
    receipt: context.receipt,
    receiptValid: context.receipt !== null && receiptValid(context.ret, context.receipt),
    refusal: context.refusal ?? '',
    busy: submitting ? (context.pending?.kind ?? null) : null,
    notice: snapshot.matches({ ready: 'conflict' })
      ? 'conflict'
      : snapshot.matches({ ready: 'refused' })
        ? 'refused'
        : snapshot.matches({ ready: 'failed' })
          ? 'failed'
          : null,
    errorCode: context.errorCode,
    answer: context.answer,
    changes: context.changes,
  };
}
