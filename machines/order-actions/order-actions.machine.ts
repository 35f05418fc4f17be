import { assign, fromPromise, setup } from 'xstate';
import { allowedEvents } from '../order-lifecycle/order-lifecycle.rules.ts';
import { selectOrderActions } from '../order-lifecycle/order-lifecycle.selectors.ts';
import type { LifecycleEventType } from '../order-lifecycle/order-lifecycle.types.ts';
import {
  draftChanges,
  draftFits,
  initialPartialDraft,
  orderFacts,
  partialPreview,
  readFailure,
  targetStatus,
} from './order-actions.facts.ts';
import {
  LOCAL_ERROR_CODES,
  type ActionFailure,
  type ActionRequest,
  type ApiOrder,
  type OrderActionsContext,
  type OrderActionsEvent,
  type OrderActionsInput,
  type PerformActionInput,
} from './order-actions.types.ts';

/**
 * Acting on one order (the warehouse's order page and the distributor's). Which actions exist is the lifecycle's
 * answer for the viewer's role (`allowedEvents` over the order's facts); this machine only runs them.
 *
 * ready (idle | conflict | refused | failed)  --action.run-->  submitting --done--> ready.idle
 *       --reason.open--> reasoning --reason.submit--> submitting    (decline needs the text; reject, cancel and
 *                                                                    rejecting a partial order take it optionally)
 *       --partial.open--> editingPartial --partial.submit--> submitting   (valid by `validatePartial`, note required)
 *       --comment.submit--> submitting                             (the order comment, any state)
 *       --payment.start--> paying --done--> redirecting            (`openPaymentPage` sends the browser away)
 *
 * Every request carries the order's `version` (`performAction` input). A 409 `VERSION_CONFLICT` or
 * `TRANSITION_NOT_ALLOWED` means someone else changed the order: the fresh order of the error body replaces ours
 * (or, without one, `loadOrder` fetches it) and the machine rests in `ready.conflict` / `ready.refused`, where the
 * view says so and shows the fresh order with its own actions. Drafts (reason text, partial quantities, comment)
 * survive a refusal, so nothing typed is lost. Other failures keep the editor open with the error code.
 * `orderChanged` is called with every new copy of the order (the app writes it into its query cache).
 */

const injected = (name: string) => () => {
  throw new Error(`${name} is injected with orderActionsMachine.provide({ actors })`);
};

const isAllowed = (context: OrderActionsContext, action: LifecycleEventType): boolean =>
  allowedEvents(orderFacts(context.order), context.role).includes(action);

const failureOf = ({ event }: { event: { error?: unknown } }) => readFailure(event.error);

export const orderActionsMachine = setup({
  types: {
    context: {} as OrderActionsContext,
    events: {} as OrderActionsEvent,
    input: {} as OrderActionsInput,
  },
  actors: {
    performAction: fromPromise<ApiOrder, PerformActionInput>(injected('performAction')),
    loadOrder: fromPromise<ApiOrder, { orderId: number }>(injected('loadOrder')),
    startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(injected('startPayment')),
  },
  actions: {
    orderChanged: (_, _params: { order: ApiOrder }) => undefined,
    openPaymentPage: (_, _params: { paymentUrl: string }) => undefined,
    takeOrder: assign((_, params: { order: ApiOrder }) => ({ order: params.order })),
    setError: assign((_, params: { code: string | null }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    actionAllowed: ({ context, event }) => event.type === 'action.run' && isAllowed(context, event.action),
    reasonAllowed: ({ context, event }) => event.type === 'reason.open' && isAllowed(context, event.action),
    reasonComplete: ({ context }) =>
      context.reason !== null &&
      (context.reason.action !== 'order.decline' || context.reason.text.trim() !== ''),
    partialAllowed: ({ context }) => isAllowed(context, 'order.confirmPartial'),
    partialValid: ({ context }) =>
      context.partial !== null && partialPreview(context.order, context.partial).valid,
    commentPresent: ({ context }) => context.comment.trim() !== '',
    paymentAllowed: ({ context }) => {
      const actions = selectOrderActions(orderFacts(context.order), context.role);
      return actions.canPay || actions.canRetryPayment;
    },
    /** Someone else changed the order: the server refused our version or our transition. */
    isConflict: (_, failure: ActionFailure) =>
      failure.code === 'VERSION_CONFLICT' || failure.code === 'TRANSITION_NOT_ALLOWED',
    /** 409 `VERSION_CONFLICT` with the current order in the body. */
    freshOrderCame: (_, failure: ActionFailure) =>
      failure.code === 'VERSION_CONFLICT' && failure.order !== null,
    /** 409 `TRANSITION_NOT_ALLOWED` with the current order in the body. */
    freshOrderRefused: (_, failure: ActionFailure) =>
      failure.code === 'TRANSITION_NOT_ALLOWED' && failure.order !== null,
    versionWasStale: ({ context }) => context.errorCode === 'VERSION_CONFLICT',
    pendingIsReason: ({ context }) =>
      context.pending?.kind === 'decline' || (context.pending?.kind === 'status' && context.reason !== null),
    pendingIsPartial: ({ context }) => context.pending?.kind === 'confirmPartial',
  },
}).createMachine({
  id: 'orderActions',
  context: ({ input }) => ({
    order: input.order,
    role: input.role,
    reason: null,
    partial: null,
    comment: '',
    pending: null,
    errorCode: null,
    changes: 0,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'order.refreshed': {
          guard: ({ context, event }) => event.order.version >= context.order.version,
          actions: assign({ order: ({ event }) => event.order }),
        },
        'action.run': {
          guard: 'actionAllowed',
          target: 'submitting',
          actions: assign({
            reason: null,
            pending: ({ context, event }): ActionRequest => ({
              kind: 'status',
              event: event.action,
              status: targetStatus(context.order, context.role, event.action) ?? context.order.status,
            }),
          }),
        },
        'reason.open': {
          guard: 'reasonAllowed',
          target: 'reasoning',
          actions: assign({
            reason: ({ context, event }) => ({
              action: event.action,
              text: context.reason?.action === event.action ? context.reason.text : '',
            }),
            errorCode: null,
          }),
        },
        'partial.open': {
          guard: 'partialAllowed',
          target: 'editingPartial',
          actions: assign({
            partial: ({ context }) =>
              context.partial !== null && draftFits(context.order, context.partial)
                ? context.partial
                : initialPartialDraft(context.order),
            errorCode: null,
          }),
        },
        'comment.change': { actions: assign({ comment: ({ event }) => event.text }) },
        'comment.submit': [
          {
            guard: 'commentPresent',
            target: 'submitting',
            actions: assign({
              reason: null,
              pending: ({ context }): ActionRequest => ({ kind: 'comment', comment: context.comment.trim() }),
            }),
          },
          { actions: { type: 'setError', params: { code: LOCAL_ERROR_CODES.commentRequired } } },
        ],
        'payment.start': { guard: 'paymentAllowed', target: 'paying' },
      },
      states: {
        idle: { entry: 'clearError' },
        /** Our version was stale: the fresh order is shown with its own actions. */
        conflict: { on: { 'notice.dismiss': 'idle' } },
        /** The transition is no longer possible from the fresh order's state. */
        refused: { on: { 'notice.dismiss': 'idle' } },
        failed: { on: { 'notice.dismiss': 'idle' } },
      },
    },
    reasoning: {
      on: {
        'reason.change': {
          actions: assign({
            reason: ({ context, event }) => (context.reason ? { ...context.reason, text: event.text } : null),
            errorCode: null,
          }),
        },
        'reason.submit': [
          {
            guard: 'reasonComplete',
            target: 'submitting',
            actions: assign({
              pending: ({ context }): ActionRequest | null => {
                const reason = context.reason;
                if (reason === null) return null;
                const text = reason.text.trim();
                if (reason.action === 'order.decline') return { kind: 'decline', comment: text };
                const status =
                  targetStatus(context.order, context.role, reason.action) ?? context.order.status;
                return text === ''
                  ? { kind: 'status', event: reason.action, status }
                  : { kind: 'status', event: reason.action, status, comment: text };
              },
            }),
          },
          { actions: { type: 'setError', params: { code: LOCAL_ERROR_CODES.reasonRequired } } },
        ],
        'reason.close': { target: 'ready', actions: assign({ reason: null }) },
        'order.refreshed': {
          guard: ({ context, event }) => event.order.version >= context.order.version,
          actions: assign({ order: ({ event }) => event.order }),
        },
      },
    },
    editingPartial: {
      on: {
        'partial.quantity': {
          actions: assign({
            partial: ({ context, event }) =>
              context.partial
                ? {
                    ...context.partial,
                    quantities: { ...context.partial.quantities, [event.lineId]: event.quantity },
                  }
                : null,
            errorCode: null,
          }),
        },
        'partial.note': {
          actions: assign({
            partial: ({ context, event }) =>
              context.partial ? { ...context.partial, note: event.note } : null,
            errorCode: null,
          }),
        },
        'partial.submit': [
          {
            guard: 'partialValid',
            target: 'submitting',
            actions: assign({
              reason: null,
              pending: ({ context }): ActionRequest | null =>
                context.partial === null
                  ? null
                  : {
                      kind: 'confirmPartial',
                      note: context.partial.note.trim(),
                      lines: draftChanges(context.order, context.partial).map((change) => ({
                        lineId: Number(change.lineId),
                        quantity: change.quantity,
                      })),
                    },
            }),
          },
          { actions: { type: 'setError', params: { code: LOCAL_ERROR_CODES.partialInvalid } } },
        ],
        'partial.close': { target: 'ready', actions: assign({ partial: null }) },
        'order.refreshed': {
          guard: ({ context, event }) => event.order.version >= context.order.version,
          actions: assign({ order: ({ event }) => event.order }),
        },
      },
    },
    submitting: {
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
            { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'orderChanged', params: ({ event }) => ({ order: event.output }) },
            assign(({ context }) => ({
              reason: null,
              partial: context.pending?.kind === 'confirmPartial' ? null : context.partial,
              comment: context.pending?.kind === 'comment' ? '' : context.comment,
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
    },
    /** A conflict whose error body had no order: fetch the fresh one, then say what happened. */
    refreshing: {
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
    },
    paying: {
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
    },
    /** The browser is leaving for the provider's page. */
    redirecting: {},
  },
});

export type OrderActionsMachine = typeof orderActionsMachine;
