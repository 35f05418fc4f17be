import { assign, fromPromise, setup } from 'xstate';
import type { ApiOrder } from '../order-actions/order-actions.types.ts';
import {
  EMPTY_DRAFT,
  readReturnFailure,
  requestBody,
  requestLines,
  requestPreview,
  type RequestDraft,
} from './return-actions.rules.ts';
import {
  RETURN_LOCAL_CODES,
  type ApiReturn,
  type ApiReturnList,
  type ReturnFailure,
  type ReturnReason,
  type ReturnRequestBody,
} from './return-actions.types.ts';

/** One try at sending a return request: its `Idempotency-Key` and the body it was made for. */
export interface ReturnAttempt {
  key: string;
  orderId: number;
  body: ReturnRequestBody;
}

export interface ReturnRequestInput {
  order: ApiOrder;
  list: ApiReturnList;
}

export interface ReturnRequestContext {
  order: ApiOrder;
  /** The order's returns and what the policy allows now (refreshed by the page's query). */
  list: ApiReturnList;
  draft: RequestDraft;
  attempt: ReturnAttempt | null;
  errorCode: string | null;
  /** The lines the server refused, by index of the sent body (`-1`: the request as a whole). */
  problems: ReturnFailure['problems'];
  /** The return the last request made (what the toast names). */
  created: ApiReturn | null;
  /** Bumped by every return made, so the view can announce it. */
  changes: number;
}

export type ReturnRequestEvent =
  | { type: 'request.open' }
  | { type: 'request.close' }
  | { type: 'line.quantity'; productId: number; quantity: number }
  | { type: 'reason.choose'; reason: ReturnReason }
  | { type: 'comment.change'; text: string }
  | { type: 'request.submit' }
  /** A fresher copy of the order's returns (the page's query refetched them). */
  | { type: 'list.refreshed'; list: ApiReturnList };

/** The attempt for the draft now: the kept one when its body is the same (a retry replays), else a new key. */
export function attemptFor(context: ReturnRequestContext, newKey: () => string): ReturnAttempt {
  const body = requestBody(context.draft, requestLines(context.order, context.list));
  const same =
    context.attempt !== null &&
    context.attempt.orderId === context.order.id &&
    JSON.stringify(context.attempt.body) === JSON.stringify(body);
  return same && context.attempt !== null
    ? context.attempt
    : { key: newKey(), orderId: context.order.id, body };
}

const previewOf = (context: ReturnRequestContext) =>
  requestPreview(requestLines(context.order, context.list), context.list, context.draft);

const edited = { errorCode: null, problems: [] };

/**
 * The distributor's return request for one order.
 *
 * closed --request.open (the order is returnable)--> editing --request.submit (valid)--> submitting
 *   editing: line.quantity | reason.choose | comment.change; request.close --> closed (the draft is kept)
 *   submitting --done--> closed (`created`, `changes`+1, `returnsChanged`; the draft is emptied)
 *              --error--> editing (the code and the refused lines shown; the draft and the key kept)
 *
 * The `Idempotency-Key` is made when a request leaves (`prepareAttempt`, provided by the app: `attemptFor`) and
 * kept while the body is the same, so "Send" again after a lost answer replays the first return instead of making a
 * second. A second "Send" while one runs is ignored (no transition in `submitting`). What may be sent is
 * `requestPreview`'s `valid`: a reason whose period is open, at least one unit, none over what may be returned.
 */
export const returnRequestMachine = setup({
  types: {
    context: {} as ReturnRequestContext,
    events: {} as ReturnRequestEvent,
    input: {} as ReturnRequestInput,
  },
  actors: {
    requestReturn: fromPromise<ApiReturn, ReturnAttempt>(async () => {
      throw new Error('requestReturn is provided by the app (provideReturnRequest)');
    }),
  },
  actions: {
    prepareAttempt: () => {
      throw new Error('prepareAttempt is provided by the app (provideReturnRequest)');
    },
    /** A return was made: the app refreshes the order's returns (and the figures the refund will change). */
    returnsChanged: (_, _params: { ret: ApiReturn }) => undefined,
  },
  guards: {
    returnable: ({ context }) => context.list.returnable,
    valid: ({ context }) => previewOf(context).valid,
  },
}).createMachine({
  id: 'returnRequest',
  context: ({ input }) => ({
    order: input.order,
    list: input.list,
    draft: EMPTY_DRAFT,
    attempt: null,
    errorCode: null,
    problems: [],
    created: null,
    changes: 0,
  }),
  initial: 'closed',
  on: {
    'list.refreshed': { actions: assign({ list: ({ event }) => event.list }) },
  },
  states: {
    closed: {
      on: { 'request.open': { guard: 'returnable', target: 'editing', actions: assign(edited) } },
    },
    editing: {
      on: {
        'line.quantity': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              quantities: { ...context.draft.quantities, [String(event.productId)]: event.quantity },
            }),
            ...edited,
          }),
        },
        'reason.choose': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, reason: event.reason }),
            ...edited,
          }),
        },
        'comment.change': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, comment: event.text }) }),
        },
        'request.submit': [
          { guard: 'valid', target: 'submitting' },
          {
            actions: assign({
              errorCode: ({ context }) => {
                const preview = previewOf(context);
                if (context.draft.reason === null) return RETURN_LOCAL_CODES.reasonMissing;
                if (preview.units === 0) return RETURN_LOCAL_CODES.noLines;
                return RETURN_LOCAL_CODES.notAllowed;
              },
            }),
          },
        ],
        'request.close': 'closed',
      },
    },
    submitting: {
      entry: [assign(edited), 'prepareAttempt'],
      invoke: {
        id: 'requestReturn',
        src: 'requestReturn',
        input: ({ context }) => {
          if (context.attempt === null) throw new Error('submitting needs an attempt (prepareAttempt)');
          return context.attempt;
        },
        onDone: {
          target: 'closed',
          actions: [
            assign(({ context, event }) => ({
              created: event.output,
              changes: context.changes + 1,
              draft: EMPTY_DRAFT,
              attempt: null,
            })),
            { type: 'returnsChanged', params: ({ event }) => ({ ret: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const failure = readReturnFailure(event.error);
            // A refusal (4xx) will not change on a replay: the next try gets a new key; a lost answer keeps it.
            const refused = failure.status !== null && failure.status >= 400 && failure.status < 500;
            return {
              errorCode: failure.code,
              problems: failure.problems,
              attempt: refused ? null : context.attempt,
            };
          }),
        },
      },
    },
  },
});

export type ReturnRequestMachine = typeof returnRequestMachine;
