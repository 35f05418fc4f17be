import { assign } from 'xstate';
import {
  LOCAL_ERROR_CODES,
  type ActionRequest,
  type AnswerKind,
  type PerformActionInput,
} from './order-actions.types.ts';
import { failureOf, orderActionsSetup } from './order-actions.setup.ts';

/**
 * The order-actions states that wait for the server: a lifecycle action (or comment, or 1C re-queue) with the
 * order's version, the fresh order after a conflict without one, and starting a payment. A 409 is someone else's
 * change: the fresh order replaces ours and the machine rests in `ready.conflict` / `ready.refused`.
 */

/** What an accepted request is called in the answer (the decline request is the `order.decline` event). */
export function answerKindOf(request: ActionRequest | null): AnswerKind {
  if (request === null) return 'comment';
  switch (request.kind) {
    case 'status':
      return request.event;
    case 'decline':
      return 'order.decline';
    case 'confirmPartial':
      return 'order.confirmPartial';
    case 'handOver':
      return 'order.handOver';
    case 'comment':
    case 'requeue':
      return request.kind;
  }
}

export const submittingState = orderActionsSetup.createStateConfig({
  invoke: {
    id: 'performAction',
    src: 'performAction',
    input: ({ context }): PerformActionInput => ({
      orderId: context.order.id,
      version: context.order.version,
      request: context.pending ?? { kind: 'comment', comment: '' },
    }),
    onDone: {
      target: 'ready.idle',
      actions: [
        assign(({ context }) => ({
          answer: {
            kind: answerKindOf(context.pending),
            number: context.order.number,
            fromStatus: context.order.status,
          },
        })),
        { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
        { type: 'orderChanged', params: ({ event }) => ({ order: event.output }) },
        assign(({ context }) => ({
          reason: null,
          partial: context.pending?.kind === 'confirmPartial' ? null : context.partial,
          comment: context.pending?.kind === 'comment' ? '' : context.comment,
          handover: context.pending?.kind === 'handOver' ? null : context.handover,
          changes: context.changes + 1,
        })),
      ],
    },
    onError: [
      {
        guard: { type: 'freshOrderCame', params: failureOf },
        target: 'ready.conflict',
        actions: [
          { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          {
            type: 'takeOrder',
            params: ({ context, event }) => ({ order: failureOf({ event }).order ?? context.order }),
          },
          {
            type: 'orderChanged',
            params: ({ context, event }) => ({ order: failureOf({ event }).order ?? context.order }),
          },
        ],
      },
      {
        guard: { type: 'freshOrderRefused', params: failureOf },
        target: 'ready.refused',
        actions: [
          { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
          {
            type: 'takeOrder',
            params: ({ context, event }) => ({ order: failureOf({ event }).order ?? context.order }),
          },
          {
            type: 'orderChanged',
            params: ({ context, event }) => ({ order: failureOf({ event }).order ?? context.order }),
          },
        ],
      },
      {
        guard: { type: 'isConflict', params: failureOf },
        target: 'refreshing',
        actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
      },
      {
        guard: 'pendingIsPartial',
        target: 'editingPartial',
        actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
      },
      {
        guard: 'pendingIsHandOver',
        target: 'handingOver',
        actions: {
          type: 'setError',
          params: ({ event }) => {
            const { code } = failureOf({ event });
            return { code: code === 'VALIDATION_FAILED' ? LOCAL_ERROR_CODES.handoverCodeWrong : code };
          },
        },
      },
      {
        guard: 'pendingIsReason',
        target: 'reasoning',
        actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
      },
      {
        target: 'ready.failed',
        actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
      },
    ],
  },
});

/** A conflict whose error body had no order: fetch the fresh one, then say what happened. */
export const refreshingState = orderActionsSetup.createStateConfig({
  invoke: {
    id: 'loadOrder',
    src: 'loadOrder',
    input: ({ context }) => ({ orderId: context.order.id }),
    onDone: [
      {
        guard: 'versionWasStale',
        target: 'ready.conflict',
        actions: [
          { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
          { type: 'orderChanged', params: ({ event }) => ({ order: event.output }) },
        ],
      },
      {
        target: 'ready.refused',
        actions: [
          { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
          { type: 'orderChanged', params: ({ event }) => ({ order: event.output }) },
        ],
      },
    ],
    onError: [{ guard: 'versionWasStale', target: 'ready.conflict' }, { target: 'ready.refused' }],
  },
});

export const payingState = orderActionsSetup.createStateConfig({
  invoke: {
    id: 'startPayment',
    src: 'startPayment',
    input: ({ context }) => ({ orderId: context.order.id }),
    onDone: {
      target: 'redirecting',
      actions: {
        type: 'openPaymentPage',
        params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }),
      },
    },
    onError: {
      target: 'ready.failed',
      actions: { type: 'setError', params: ({ event }) => ({ code: failureOf({ event }).code }) },
    },
  },
});
