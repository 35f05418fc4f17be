import { assign } from 'xstate';
import { authSetup } from './auth.setup.ts';

/**
 * How long a renewal may take before the session stops waiting for it: a call's own time-out (30 s, spec section
 * 9) and a margin, since a form closed in the meantime never reports.
 */
export const RENEWAL_WAIT_MS = 35_000;

/**
 * A fresh token on its way (docs/adr/0153-a-401-during-a-token-renewal.md). A password change makes the server
 * refuse every earlier token of the user, this session's too, before its answer brings this session the fresh one.
 * A call the app sends meanwhile (a list refreshed by a live event, a read of a screen opened) is refused with the
 * old token; that 401 is held here instead of ending the session, and those reads are made again once the fresh
 * token is in. If the renewal fails, or does not come within `RENEWAL_WAIT_MS`, a 401 held ends the session as it
 * would have.
 *
 *   settled --auth.token.renewing--> pending
 *   pending --auth.token.renewed--> settled (reads refused meanwhile made again; the expiry region takes the token)
 *           --auth.token.renewal.failed | RENEWAL_WAIT_MS--> settled, or endingSession if a 401 was held
 */
/** No fresh token comes (the call failed, or never answered): a 401 held ends the session as it would have. */
const noTokenComes = [
  {
    guard: 'refusedWhileRenewing',
    target: '#auth.endingSession',
    actions: { type: 'setLogoutReason', params: { reason: 'UNAUTHORIZED' } },
  },
  { target: 'settled' },
] as const;

export const renewalState = authSetup.createStateConfig({
  initial: 'settled',
  states: {
    settled: {
      on: { 'auth.token.renewing': 'pending' },
    },
    pending: {
      entry: assign({ refusedWhileRenewing: false }),
      on: {
        // The expiry region checks the token and ends the session if it is unusable.
        'auth.token.renewed': [
          { guard: 'refusedWhileRenewing', target: 'settled', actions: 'retryRefusedReads' },
          { target: 'settled' },
        ],
        'auth.token.renewal.failed': noTokenComes,
      },
      after: {
        [RENEWAL_WAIT_MS]: noTokenComes,
      },
    },
  },
});
