import { assign, fromPromise, setup } from 'xstate';
import { allowedEvents } from '../order-lifecycle/order-lifecycle.transitions.ts';
import { selectOrderActions } from '../order-lifecycle/order-lifecycle.selectors.ts';
import type { LifecycleEventType } from '../order-lifecycle/order-lifecycle.types.ts';
import { canRequeueExchange } from './order-actions.exchange.rules.ts';
import { lastChange, orderFacts, partialPreview, readFailure } from './order-actions.facts.rules.ts';
import type {
  ActionFailure,
  ApiOrder,
  OrderActionsContext,
  OrderActionsEvent,
  OrderActionsInput,
  PerformActionInput,
} from './order-actions.types.ts';

/** The order-actions machine's types, actors, actions and guards (the machine is in `order-actions.machine.ts`). */

const injected = (name: string) => () => {
  throw new Error(`${name} is injected with orderActionsMachine.provide({ actors })`);
};

const isAllowed = (context: OrderActionsContext, action: LifecycleEventType): boolean =>
  allowedEvents(orderFacts(context.order), context.role).includes(action);

export const failureOf = ({ event }: { event: { error?: unknown } }) => readFailure(event.error);

export const orderActionsSetup = setup({
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
    takeOrder: assign((_, params: { order: ApiOrder }) => ({ order: params.order, changedElsewhere: null })),
    /** A newer version than ours that we did not make (our answers come through `takeOrder`) is someone else's. */
    takeRefreshed: assign(({ context, event }) =>
      event.type !== 'order.refreshed'
        ? {}
        : {
            order: event.order,
            changedElsewhere:
              event.order.version > context.order.version
                ? lastChange(event.order)
                : context.changedElsewhere,
          },
    ),
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
    handoverAllowed: ({ context }) => isAllowed(context, 'order.handOver'),
    handoverCodeComplete: ({ context }) => /^[0-9]{6}$/.test(context.handover ?? ''),
    partialValid: ({ context }) =>
      context.partial !== null && partialPreview(context.order, context.partial).valid,
    commentPresent: ({ context }) => context.comment.trim() !== '',
    requeueAllowed: ({ context }) => canRequeueExchange(context.order, context.role),
    /** A copy of the order at least as new as ours (an older one, from a slow refetch, is ignored). */
    isFresher: ({ context, event }) =>
      event.type === 'order.refreshed' && event.order.version >= context.order.version,
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
    pendingIsHandOver: ({ context }) => context.pending?.kind === 'handOver',
  },
});
