import { assign, fromPromise, setup } from 'xstate';
import {
  initialReceipt,
  readReturnFailure,
  receiptLines,
  receiptValid,
  returnActionsFor,
  type ReceiptDraft,
} from './return-actions.rules.ts';
import { RETURN_LOCAL_CODES, type ApiReturn, type ReturnViewer } from './return-actions.types.ts';

/** What the `performReturnAction` actor is asked to do: one API call, always with the return's version. */
export type ReturnActionRequest =
  | { kind: 'receive'; lines: Array<{ productId: number; received: number; damaged: number }> }
  | { kind: 'accept' }
  | { kind: 'refuse'; comment: string }
  | { kind: 'cancel' };

export type ReturnActionKind = ReturnActionRequest['kind'];

export interface PerformReturnActionInput {
  returnId: number;
  version: number;
  request: ReturnActionRequest;
}

export interface ReturnActionsInput {
  ret: ApiReturn;
  viewer: ReturnViewer;
}

export interface ReturnActionsContext {
  ret: ApiReturn;
  viewer: ReturnViewer;
  /** The receipt being entered (staff); null while the form is closed. */
  receipt: ReceiptDraft | null;
  /** The refusal's comment being written (staff); null while the dialog is closed. */
  refusal: string | null;
  /** The request in flight, or the last one. */
  pending: ReturnActionRequest | null;
  errorCode: string | null;
  /** The last accepted action (what the toast says); null before any. */
  answer: { kind: ReturnActionKind; number: string } | null;
  /** Bumped by every accepted action, so the view can announce it. */
  changes: number;
}

export type ReturnActionsEvent =
  /** A fresher copy of the return (the page's query refetched it); ignored while a request runs. */
  | { type: 'return.refreshed'; ret: ApiReturn }
  | { type: 'receipt.open' }
  | { type: 'receipt.change'; productId: number; received: number; damaged: number }
  | { type: 'receipt.submit' }
  | { type: 'receipt.close' }
  | { type: 'accept' }
  | { type: 'refuse.open' }
  | { type: 'refuse.change'; text: string }
  | { type: 'refuse.submit' }
  | { type: 'refuse.close' }
  | { type: 'cancel.open' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.close' }
  | { type: 'notice.dismiss' };

const allowed = (context: ReturnActionsContext) => returnActionsFor(context.ret, context.viewer);
const failureOf = ({ event }: { event: { error?: unknown } }) => readReturnFailure(event.error);

/**
 * Acting on one return: the distributor cancels a requested one; staff of its warehouse receive it (received and
 * damaged per line), then accept it, or refuse it with a comment (also before anything came).
 *
 * ready (idle | conflict | refused | failed)
 *   --receipt.open--> receiving --receipt.submit (damaged ≤ received ≤ requested)--> submitting
 *   --accept--> submitting
 *   --refuse.open--> refusing --refuse.submit (a comment)--> submitting
 *   --cancel.open--> cancelling --cancel.confirm--> submitting
 * submitting --done--> ready.idle (the answer replaces the return; `returnChanged`)
 *            --409 with the current return--> ready.conflict (`VERSION_CONFLICT`) | ready.refused (another state)
 *            --409 without one--> refreshing (`loadReturn`) --> ready.conflict | ready.refused
 *            --another failure--> the form it came from, or ready.failed, with the code
 *
 * Which actions exist is `returnActionsFor(return, viewer)`: the return machine's (`machines/returns`) allowed events
 * for the role, the same the server enforces. Every request carries the return's `version`: after someone else's change the fresh return is
 * shown with its own actions and nothing typed is lost.
 */
export const returnActionsMachine = setup({
  types: {
    context: {} as ReturnActionsContext,
    events: {} as ReturnActionsEvent,
    input: {} as ReturnActionsInput,
  },
  actors: {
    performReturnAction: fromPromise<ApiReturn, PerformReturnActionInput>(async () => {
      throw new Error('performReturnAction is provided by the app (provideReturnActions)');
    }),
    loadReturn: fromPromise<ApiReturn, { returnId: number }>(async () => {
      throw new Error('loadReturn is provided by the app (provideReturnActions)');
    }),
  },
  actions: {
    /** A new copy of the return: the app writes it into its cache (the order's returns, the queue). */
    returnChanged: (_, _params: { ret: ApiReturn }) => undefined,
    setError: assign((_, params: { code: string | null }) => ({ errorCode: params.code })),
  },
  guards: {
    canReceive: ({ context }) => allowed(context).canReceive,
    canAccept: ({ context }) => allowed(context).canAccept,
    canRefuse: ({ context }) => allowed(context).canRefuse,
    canCancel: ({ context }) => allowed(context).canCancel,
    receiptValid: ({ context }) => context.receipt !== null && receiptValid(context.ret, context.receipt),
    refusalWritten: ({ context }) => (context.refusal ?? '').trim() !== '',
    isFresher: ({ context, event }) =>
      event.type === 'return.refreshed' &&
      event.ret.id === context.ret.id &&
      event.ret.version >= context.ret.version,
    freshCame: (_, failure: ReturnType<typeof readReturnFailure>) =>
      failure.code === 'VERSION_CONFLICT' && failure.ret !== null,
    freshRefused: (_, failure: ReturnType<typeof readReturnFailure>) =>
      failure.code === 'TRANSITION_NOT_ALLOWED' && failure.ret !== null,
    isConflict: (_, failure: ReturnType<typeof readReturnFailure>) =>
      failure.code === 'VERSION_CONFLICT' || failure.code === 'TRANSITION_NOT_ALLOWED',
    versionWasStale: ({ context }) => context.errorCode === 'VERSION_CONFLICT',
    pendingIs: ({ context }, kind: ReturnActionKind) => context.pending?.kind === kind,
  },
}).createMachine({
  id: 'returnActions',
  context: ({ input }) => ({
    ret: input.ret,
    viewer: input.viewer,
    receipt: null,
    refusal: null,
    pending: null,
    errorCode: null,
    answer: null,
    changes: 0,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'return.refreshed': { guard: 'isFresher', actions: assign({ ret: ({ event }) => event.ret }) },
        'receipt.open': {
          guard: 'canReceive',
          target: 'receiving',
          actions: assign({
            receipt: ({ context }) => context.receipt ?? initialReceipt(context.ret),
            errorCode: null,
          }),
        },
        accept: {
          guard: 'canAccept',
          target: 'submitting',
          actions: assign({ pending: { kind: 'accept' } }),
        },
        'refuse.open': {
          guard: 'canRefuse',
          target: 'refusing',
          actions: assign({ refusal: ({ context }) => context.refusal ?? '', errorCode: null }),
        },
        'cancel.open': { guard: 'canCancel', target: 'cancelling', actions: assign({ errorCode: null }) },
      },
      states: {
        idle: { entry: assign({ errorCode: null }) },
        /** Our version was stale: the fresh return is shown with its own actions. */
        conflict: { on: { 'notice.dismiss': 'idle' } },
        /** The action is no longer possible from the fresh return's status. */
        refused: { on: { 'notice.dismiss': 'idle' } },
        failed: { on: { 'notice.dismiss': 'idle' } },
      },
    },
    receiving: {
      on: {
        'receipt.change': {
          actions: assign({
            receipt: ({ context, event }) => ({
              ...(context.receipt ?? initialReceipt(context.ret)),
              [String(event.productId)]: { received: event.received, damaged: event.damaged },
            }),
            errorCode: null,
          }),
        },
        'receipt.submit': [
          {
            guard: 'receiptValid',
            target: 'submitting',
            actions: assign({
              pending: ({ context }): ReturnActionRequest => ({
                kind: 'receive',
                lines: receiptLines(context.ret, context.receipt ?? initialReceipt(context.ret)),
              }),
            }),
          },
          { actions: { type: 'setError', params: { code: RETURN_LOCAL_CODES.receiptInvalid } } },
        ],
        'receipt.close': 'ready',
        'return.refreshed': { guard: 'isFresher', actions: assign({ ret: ({ event }) => event.ret }) },
      },
    },
    refusing: {
      on: {
        'refuse.change': { actions: assign({ refusal: ({ event }) => event.text, errorCode: null }) },
        'refuse.submit': [
          {
            guard: 'refusalWritten',
            target: 'submitting',
            actions: assign({
              pending: ({ context }): ReturnActionRequest => ({
                kind: 'refuse',
                comment: (context.refusal ?? '').trim(),
              }),
            }),
          },
          { actions: { type: 'setError', params: { code: RETURN_LOCAL_CODES.commentRequired } } },
        ],
        'refuse.close': 'ready',
      },
    },
    cancelling: {
      on: {
        'cancel.confirm': { target: 'submitting', actions: assign({ pending: { kind: 'cancel' } }) },
        'cancel.close': 'ready',
      },
    },
    submitting: {
      invoke: {
        id: 'performReturnAction',
        src: 'performReturnAction',
        input: ({ context }): PerformReturnActionInput => ({
          returnId: context.ret.id,
          version: context.ret.version,
          request: context.pending ?? { kind: 'accept' },
        }),
        onDone: {
          target: 'ready.idle',
          actions: [
            assign(({ context, event }) => ({
              ret: event.output,
              answer: { kind: context.pending?.kind ?? 'accept', number: context.ret.number },
              changes: context.changes + 1,
              receipt: context.pending?.kind === 'receive' ? null : context.receipt,
              refusal: context.pending?.kind === 'refuse' ? null : context.refusal,
            })),
            { type: 'returnChanged', params: ({ event }) => ({ ret: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'freshCame', params: failureOf },
            target: 'ready.conflict',
            actions: [
              assign(({ context, event }) => ({
                errorCode: failureOf({ event }).code,
                ret: failureOf({ event }).ret ?? context.ret,
              })),
              { type: 'returnChanged', params: ({ context }) => ({ ret: context.ret }) },
            ],
          },
          {
            guard: { type: 'freshRefused', params: failureOf },
            target: 'ready.refused',
            actions: [
              assign(({ context, event }) => ({
                errorCode: failureOf({ event }).code,
                ret: failureOf({ event }).ret ?? context.ret,
              })),
              { type: 'returnChanged', params: ({ context }) => ({ ret: context.ret }) },
            ],
          },
          {
            guard: { type: 'isConflict', params: failureOf },
            target: 'refreshing',
            actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          },
          {
            guard: { type: 'pendingIs', params: 'receive' },
            target: 'receiving',
            actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          },
          {
            guard: { type: 'pendingIs', params: 'refuse' },
            target: 'refusing',
            actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          },
          {
            target: 'ready.failed',
            actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          },
        ],
      },
    },
    /** A conflict whose body had no return: read the fresh one, then say what happened. */
    refreshing: {
      invoke: {
        id: 'loadReturn',
        src: 'loadReturn',
        input: ({ context }) => ({ returnId: context.ret.id }),
        onDone: [
          {
            guard: 'versionWasStale',
            target: 'ready.conflict',
            actions: [
              assign({ ret: ({ event }) => event.output }),
              { type: 'returnChanged', params: ({ event }) => ({ ret: event.output }) },
            ],
          },
          {
            target: 'ready.refused',
            actions: [
              assign({ ret: ({ event }) => event.output }),
              { type: 'returnChanged', params: ({ event }) => ({ ret: event.output }) },
            ],
          },
        ],
        onError: [{ guard: 'versionWasStale', target: 'ready.conflict' }, { target: 'ready.refused' }],
      },
    },
  },
});

export type ReturnActionsMachine = typeof returnActionsMachine;
