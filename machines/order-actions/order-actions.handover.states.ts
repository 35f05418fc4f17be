import { assign } from 'xstate';
import { orderActionsSetup } from './order-actions.setup.ts';
import { LOCAL_ERROR_CODES, type ActionRequest } from './order-actions.types.ts';

/**
 * The hand-over dialog of the order-actions machine: staff type the 6-digit code the distributor shows (or the
 * camera reads it from the QR code); only digits are kept, at most six. Submitting needs all six; the server checks
 * the code (a wrong one comes back here with `HANDOVER_CODE_WRONG`, too many with `RATE_LIMITED`). The camera is
 * `scan`: `handover.scan.start` turns it on (the view runs it while on), a code it reads arrives as
 * `handover.change` and turns it off, as do `handover.scan.stop`, submitting and closing; `handover.scan.failed`
 * says it could not be opened (the dialog says so until staff type the code, which also clears it).
 */
export const handingOverState = orderActionsSetup.createStateConfig({
  on: {
    'handover.change': {
      actions: assign({
        handover: ({ event }) => event.code.replace(/[^0-9]/g, '').slice(0, 6),
        errorCode: null,
        scan: 'off',
      }),
    },
    'handover.scan.start': { actions: assign({ scan: 'on' }) },
    'handover.scan.stop': { actions: assign({ scan: 'off' }) },
    'handover.scan.failed': { actions: assign({ scan: 'failed' }) },
    'handover.submit': [
      {
        guard: 'handoverCodeComplete',
        target: 'submitting',
        actions: assign({
          reason: null,
          scan: 'off',
          pending: ({ context }): ActionRequest => ({ kind: 'handOver', code: context.handover ?? '' }),
        }),
      },
      { actions: { type: 'setError', params: { code: LOCAL_ERROR_CODES.handoverCodeIncomplete } } },
    ],
    'handover.close': { target: 'ready', actions: assign({ handover: null, scan: 'off' }) },
    'order.refreshed': { guard: 'isFresher', actions: 'takeRefreshed' },
  },
});
