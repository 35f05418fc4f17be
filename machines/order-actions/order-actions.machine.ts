import { assign } from 'xstate';
import { draftChanges, draftFits, initialPartialDraft, targetStatus } from './order-actions.facts.rules.ts';
import { handingOverState } from './order-actions.handover.states.ts';
import { payingState, refreshingState, submittingState } from './order-actions.requests.states.ts';
import { orderActionsSetup } from './order-actions.setup.ts';
import { LOCAL_ERROR_CODES, type ActionRequest } from './order-actions.types.ts';

/**
 * Acting on one order (the warehouse's order page and the distributor's). Which actions exist is the lifecycle's
 * answer for the viewer's role (`allowedEvents` over the order's facts); this machine only runs them.
 *
 * ready (idle | conflict | refused | failed)  --action.run-->  submitting --done--> ready.idle
 *       --reason.open--> reasoning --reason.submit--> submitting    (decline needs the text; reject, cancel and
 *                                                                    rejecting a partial order take it optionally)
 *       --partial.open--> editingPartial --partial.submit--> submitting   (valid by `validatePartial`, note required)
 *       --handover.open--> handingOver --handover.submit--> submitting    (the pickup code, six digits)
 *       --comment.submit--> submitting                             (the order comment, any state)
 *       --payment.start--> paying --done--> redirecting            (`openPaymentPage` sends the browser away)
 *       --exchange.requeue--> submitting                           (a failed 1C exchange, warehouse only)
 *
 * Every request carries the order's `version` (`performAction` input). A 409 `VERSION_CONFLICT` or
 * `TRANSITION_NOT_ALLOWED` means someone else changed the order: the fresh order of the error body replaces ours
 * (or, without one, `loadOrder` fetches it) and the machine rests in `ready.conflict` / `ready.refused`, where the
 * view says so and shows the fresh order with its own actions. Drafts (reason text, partial quantities, comment)
 * survive a refusal, so nothing typed is lost. Other failures keep the editor open with the error code.
 * `orderChanged` is called with every new copy of the order (the app writes it into its query cache).
 */

/** A fresher copy of the order (the page's query refetched it), taken while no request runs. */
const refreshed = { guard: 'isFresher', actions: 'takeRefreshed' } as const;

export const orderActionsMachine = orderActionsSetup.createMachine({
  id: 'orderActions',
  context: ({ input }) => ({
    order: input.order,
    role: input.role,
    reason: null,
    partial: null,
    comment: '',
    handover: null,
    scan: 'off',
    pickupPointId: null,
    pending: null,
    errorCode: null,
    changes: 0,
    answer: null,
    changedElsewhere: null,
  }),
  initial: 'ready',
  on: {
    'change.seen': { actions: assign({ changedElsewhere: null }) },
  },
  states: {
    ready: {
      initial: 'idle',
      on: {
        'order.refreshed': refreshed,
        'action.run': {
          guard: 'actionAllowed',
          target: 'submitting',
          actions: assign({
            reason: null,
            pending: ({ context, event }): ActionRequest => ({
              kind: 'status',
              event: event.action,
              status: targetStatus(context.order, context.role, event.action) ?? context.order.status,
              ...(event.action === 'pickup.request' && context.pickupPointId !== null
                ? { pickupPointId: context.pickupPointId }
                : {}),
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
        'pickup.choose': { actions: assign({ pickupPointId: ({ event }) => event.pickupPointId }) },
        'handover.open': {
          guard: 'handoverAllowed',
          target: 'handingOver',
          actions: assign({
            handover: ({ context }) => context.handover ?? '',
            errorCode: null,
            scan: 'off',
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
        'exchange.requeue': {
          guard: 'requeueAllowed',
          target: 'submitting',
          actions: assign({ reason: null, pending: { kind: 'requeue' } }),
        },
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
        'order.refreshed': refreshed,
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
                    touched: true,
                  }
                : null,
            errorCode: null,
          }),
        },
        'partial.note': {
          actions: assign({
            partial: ({ context, event }) =>
              context.partial ? { ...context.partial, note: event.note, touched: true } : null,
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
          {
            actions: [
              assign({
                partial: ({ context }) => (context.partial ? { ...context.partial, touched: true } : null),
              }),
              { type: 'setError', params: { code: LOCAL_ERROR_CODES.partialInvalid } },
            ],
          },
        ],
        'partial.close': { target: 'ready', actions: assign({ partial: null }) },
        'order.refreshed': refreshed,
      },
    },
    handingOver: handingOverState,
    submitting: submittingState,
    refreshing: refreshingState,
    paying: payingState,
    /** The browser is leaving for the provider's page. */
    redirecting: {},
  },
});

export type OrderActionsMachine = typeof orderActionsMachine;
