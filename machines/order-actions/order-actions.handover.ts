import { assign } from 'xstate';
import { orderActionsSetup } from './order-actions.setup.ts';
import { LOCAL_ERROR_CODES, type ActionRequest } from './order-actions.types.ts';

/**
 * The hand-over dialog of the order-actions machine: staff type the 6-digit code the distributor shows (or the
 * camera reads it from the QR code); only digits are kept, at most six. Submitting needs all six; the server checks
 * the code (a wrong one comes back here with `HANDOVER_CODE_WRONG`, too many with `RATE_LIMITED`).
 */
export const handingOverState = orderActionsSetup.createStateConfig({
  on: {
    'handover.change': {
      actions: assign({
        handover: ({ event }) => event.code.replace(/[^0-9]/g, '').slice(0, 6),
        errorCode: null,
      }),
    },
    'handover.submit': [
      {
        guard: 'handoverCodeComplete',
        target: 'submitting',
        actions: assign({
          reason: null,
          pending: ({ context }): ActionRequest => ({ kind: 'handOver', code: context.handover ?? '' }),
        }),
      },
      { actions: { type: 'setError', params: { code: LOCAL_ERROR_CODES.handoverCodeIncomplete } } },
    ],
    'handover.close': { target: 'ready', actions: assign({ handover: null }) },
    'order.refreshed': { guard: 'isFresher', actions: 'takeRefreshed' },
  },
});
