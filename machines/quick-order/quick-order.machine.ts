import { assign, emit, fromPromise, setup } from 'xstate';
import {
  addOutcome,
  addWasRefused,
  canAddLines,
  failureOf,
  isBlankText,
  resolvedIsCurrent,
  textLeft,
} from './quick-order.rules.ts';
import {
  QUICK_ORDER_DEBOUNCE_MS,
  type Cart,
  type QuickOrderAdded,
  type QuickOrderAttempt,
  type QuickOrderContext,
  type QuickOrderEmitted,
  type QuickOrderEvent,
  type QuickOrderResolution,
} from './quick-order.types.ts';

const injected = (name: string) => () => {
  throw new Error(`${name} is provided by the app (provideQuickOrder)`);
};

/**
 * Order by code: the distributor types or pastes product codes with quantities, the server reads them entry by entry
 * (`resolveCodes`, `POST /goods/by-codes`), and "Add" puts every entry that can be added into the bag in one call
 * (`addByCodes`, `POST /orders/cart/add-by-codes` with an `Idempotency-Key`). The client never parses the text.
 *
 *   idle ──text.changed──▶ debouncing ──after 300 ms──▶ resolving ──done──▶ ready ──add (an entry can be added)──▶ adding
 *   (blank text)            ▲  │ add (resolve now, then add)  │ error ▶ resolveFailed ──retry | add──▶ resolving
 *                           └──┴── text.changed (restarts the wait; a newer text cancels the resolution in flight)
 *   adding ─done─▶ resolving (the entries not added stay in the text and are read again) │ idle (all added)
 *          ─error─▶ addFailed ──retry | add──▶ adding
 *
 * Any state but `adding` takes `text.changed`: a blank text goes to `idle`, the text just resolved back to `ready`
 * (no call), any other text to `debouncing`. While `adding` the text is read-only and a second "Add" is ignored, so
 * a double click never sends twice. The `Idempotency-Key` is made on entering `adding` (`prepareAttempt`, provided
 * by the app: `attemptFor` in the rules) and kept, with the text sent, after a failure without an answer: "Try
 * again" repeats both and the server replays the first answer instead of adding again. A refusal (4xx) drops it.
 * After an add the bag the server answered goes to the app (`bagChanged`) and the view hears `quickOrder.added`.
 */
export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    emitted: {} as QuickOrderEmitted,
  },
  actors: {
    /** `POST /goods/by-codes` with the text; resolves with every entry read. */
    resolveCodes: fromPromise<QuickOrderResolution, { text: string }>(injected('resolveCodes')),
    /** `POST /orders/cart/add-by-codes` with the attempt's key (header) and text; resolves with the lines and bag. */
    addByCodes: fromPromise<QuickOrderAdded, QuickOrderAttempt>(injected('addByCodes')),
  },
  actions: {
    /** Makes `attempt` for the text (a new `Idempotency-Key` unless the kept one is for this text). */
    prepareAttempt: injected('prepareAttempt'),
    /** The bag the add answered: the app stores it as its cached bag. */
    bagChanged: (_, _params: { cart: Cart }) => undefined,
    /** An add whose answer was lost may have filled the bag: the app reads the bag again. */
    bagMayHaveChanged: () => undefined,
    storeText: assign(({ context, event }) =>
      event.type === 'text.changed'
        ? {
            text: event.text,
            failure: null,
            addRequested: false,
            attempt: context.attempt !== null && context.attempt.text === event.text ? context.attempt : null,
          }
        : {},
    ),
  },
  guards: {
    blankText: ({ event }) => event.type === 'text.changed' && isBlankText(event.text),
    /** The text is back to the one the shown entries were read from: nothing to ask. */
    backToResolved: ({ context, event }) =>
      event.type === 'text.changed' && context.resolvedText !== null && event.text === context.resolvedText,
    canAdd: ({ context }) => resolvedIsCurrent(context) && canAddLines(context.lines),
  },
  delays: {
    resolveDelay: QUICK_ORDER_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'quickOrder',
  context: {
    text: '',
    resolvedText: null,
    lines: [],
    addRequested: false,
    attempt: null,
    failure: null,
  },
  initial: 'idle',
  states: {
    /** No entry: nothing to show but how to write one. */
    idle: {
      entry: assign({ lines: [], resolvedText: null, addRequested: false, attempt: null, failure: null }),
      on: {
        'text.changed': [
          { guard: 'blankText', actions: 'storeText' },
          { target: 'debouncing', actions: 'storeText' },
        ],
      },
    },

    /** The user is typing: the text is read once they pause (the entries of an older text stay, marked stale). */
    debouncing: {
      after: { resolveDelay: { target: 'resolving' } },
      on: {
        'text.changed': [
          { guard: 'blankText', target: 'idle', actions: 'storeText' },
          { guard: 'backToResolved', target: 'ready', actions: 'storeText' },
          { target: 'debouncing', reenter: true, actions: 'storeText' },
        ],
        add: { target: 'resolving', actions: assign({ addRequested: true }) },
      },
    },

    /** The server reads the text; a newer text leaves this state, which cancels the call. */
    resolving: {
      invoke: {
        id: 'resolveCodes',
        src: 'resolveCodes',
        input: ({ context }) => ({ text: context.text }),
        onDone: [
          {
            guard: ({ context, event }) => context.addRequested && canAddLines(event.output.lines),
            target: 'adding',
            actions: assign({
              lines: ({ event }) => event.output.lines,
              resolvedText: ({ context }) => context.text,
              addRequested: false,
            }),
          },
          {
            target: 'ready',
            actions: assign({
              lines: ({ event }) => event.output.lines,
              resolvedText: ({ context }) => context.text,
              addRequested: false,
            }),
          },
        ],
        onError: {
          target: 'resolveFailed',
          actions: assign({
            failure: ({ event }) => failureOf('resolve', event.error),
            addRequested: false,
          }),
        },
      },
      on: {
        'text.changed': [
          { guard: 'blankText', target: 'idle', actions: 'storeText' },
          { guard: 'backToResolved', target: 'ready', actions: 'storeText' },
          { target: 'debouncing', actions: 'storeText' },
        ],
        add: { actions: assign({ addRequested: true }) },
      },
    },

    /** Every entry of the text is read: "Add" runs when at least one can be added. */
    ready: {
      on: {
        'text.changed': [
          { guard: 'blankText', target: 'idle', actions: 'storeText' },
          { guard: 'backToResolved', actions: 'storeText' },
          { target: 'debouncing', actions: 'storeText' },
        ],
        add: { guard: 'canAdd', target: 'adding' },
      },
    },

    /** The text could not be read (kept as it is): "Try again" reads it again. */
    resolveFailed: {
      on: {
        'text.changed': [
          { guard: 'blankText', target: 'idle', actions: 'storeText' },
          { guard: 'backToResolved', target: 'ready', actions: 'storeText' },
          { target: 'debouncing', actions: 'storeText' },
        ],
        retry: { target: 'resolving', actions: assign({ failure: null }) },
        add: { target: 'resolving', actions: assign({ failure: null, addRequested: true }) },
      },
    },

    /** The entries go into the bag; the text is read-only and a second "Add" is ignored. */
    adding: {
      entry: [assign({ failure: null }), 'prepareAttempt'],
      invoke: {
        id: 'addByCodes',
        src: 'addByCodes',
        input: ({ context }) => {
          if (context.attempt === null) throw new Error('adding needs an attempt (prepareAttempt)');
          return context.attempt;
        },
        onDone: [
          {
            guard: ({ event }) => isBlankText(textLeft(event.output.lines)),
            target: 'idle',
            actions: [
              { type: 'bagChanged', params: ({ event }) => ({ cart: event.output.cart }) },
              emit(({ event }) => ({ type: 'quickOrder.added' as const, ...addOutcome(event.output.lines) })),
              assign({ text: '', attempt: null }),
            ],
          },
          {
            target: 'resolving',
            actions: [
              { type: 'bagChanged', params: ({ event }) => ({ cart: event.output.cart }) },
              emit(({ event }) => ({ type: 'quickOrder.added' as const, ...addOutcome(event.output.lines) })),
              assign({
                text: ({ event }) => textLeft(event.output.lines),
                lines: [],
                resolvedText: null,
                attempt: null,
              }),
            ],
          },
        ],
        onError: [
          {
            guard: ({ event }) => addWasRefused(event.error),
            target: 'addFailed',
            actions: assign({ failure: ({ event }) => failureOf('add', event.error), attempt: null }),
          },
          {
            target: 'addFailed',
            actions: [assign({ failure: ({ event }) => failureOf('add', event.error) }), 'bagMayHaveChanged'],
          },
        ],
      },
    },

    /**
     * The add failed. Refused (4xx): nothing was added. No answer: maybe it was, so the attempt is kept and "Try
     * again" repeats its key and text (the server adds nothing twice); a new text drops it.
     */
    addFailed: {
      on: {
        'text.changed': [
          { guard: 'blankText', target: 'idle', actions: 'storeText' },
          { target: 'debouncing', actions: 'storeText' },
        ],
        retry: { guard: 'canAdd', target: 'adding' },
        add: { guard: 'canAdd', target: 'adding' },
      },
    },
  },
});

export type QuickOrderMachine = typeof quickOrderMachine;
