/**
 * The two return machines with the app's calls, provided in one place (`provideReturnRequest`,
 * `provideReturnActions`, tested with fakes), and the hooks the order page and the warehouse's return page use.
 * Every new copy of a return goes into the query cache (`storeReturn`); a refetched copy flows back into the
 * machine.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { assign, fromPromise } from 'xstate';
import type { ApiOrder } from '../../machines/order-actions/order-actions.types.ts';
import {
  type PerformReturnActionInput,
  type ReturnActionsEvent,
  returnActionsMachine,
} from '../../machines/return-actions/return-actions.machine.ts';
import {
  type ReturnActionsView,
  type ReturnRequestView,
  selectReturnActionsView,
  selectReturnRequestView,
} from '../../machines/return-actions/return-actions.selectors.ts';
import type {
  ApiReturn,
  ApiReturnList,
  ReturnViewer,
} from '../../machines/return-actions/return-actions.types.ts';
import {
  attemptFor,
  type ReturnAttempt,
  type ReturnRequestEvent,
  returnRequestMachine,
} from '../../machines/return-actions/return-request.machine.ts';
import { type ReturnsApi, returnsApi, storeReturn } from './returns.ts';

export interface ReturnRequestDeps {
  api: Pick<ReturnsApi, 'request'>;
  queryClient: QueryClient;
  /** A new unique `Idempotency-Key` (the app uses `crypto.randomUUID()`). */
  newIdempotencyKey: () => string;
}

export function provideReturnRequest({ api, queryClient, newIdempotencyKey }: ReturnRequestDeps) {
  return returnRequestMachine.provide({
    actors: {
      requestReturn: fromPromise<ApiReturn, ReturnAttempt>(({ input }) => api.request(input)),
    },
    actions: {
      prepareAttempt: assign({ attempt: ({ context }) => attemptFor(context, newIdempotencyKey) }),
      returnsChanged: (_, { ret }) => storeReturn(queryClient, ret),
    },
  });
}

export interface ReturnActionsDeps {
  api: Pick<ReturnsApi, 'perform' | 'get'>;
  queryClient: QueryClient;
}

export function provideReturnActions({ api, queryClient }: ReturnActionsDeps) {
  return returnActionsMachine.provide({
    actors: {
      performReturnAction: fromPromise<ApiReturn, PerformReturnActionInput>(({ input }) =>
        api.perform(input),
      ),
      loadReturn: fromPromise<ApiReturn, { returnId: number }>(({ input }) => api.get(input.returnId)),
    },
    actions: {
      returnChanged: (_, { ret }) => storeReturn(queryClient, ret),
    },
  });
}

const newKey = () => crypto.randomUUID();

/** Runs the request form's machine for one order; a refetched list of its returns flows in. */
export function useReturnRequest(
  order: ApiOrder,
  list: ApiReturnList,
): [ReturnRequestView, (event: ReturnRequestEvent) => void] {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideReturnRequest({ api: returnsApi, queryClient, newIdempotencyKey: newKey }),
    [queryClient],
  );
  const actorRef = useActorRef(logic, { input: { order, list } });
  const view = useSelector(actorRef, selectReturnRequestView);
  useEffect(() => {
    actorRef.send({ type: 'list.refreshed', list });
  }, [actorRef, list]);
  const send = useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
  return [view, send];
}

/** Runs the actions machine for one return as `viewer`; a refetched copy of the return flows in. */
export function useReturnActions(
  ret: ApiReturn,
  viewer: ReturnViewer,
): [ReturnActionsView, (event: ReturnActionsEvent) => void] {
  const queryClient = useQueryClient();
  const logic = useMemo(() => provideReturnActions({ api: returnsApi, queryClient }), [queryClient]);
  const actorRef = useActorRef(logic, { input: { ret, viewer } });
  const view = useSelector(actorRef, selectReturnActionsView);
  useEffect(() => {
    actorRef.send({ type: 'return.refreshed', ret });
  }, [actorRef, ret]);
  const send = useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
  return [view, send];
}
