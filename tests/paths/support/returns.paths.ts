import { returnMachine } from '#machines/returns/returns.machine.ts';
import { sampleReturnEvent } from '#machines/returns/returns.transitions.ts';
import {
  RETURN_EVENT_TYPES,
  RETURN_ROLES,
  type ReturnEvent,
  type ReturnInput,
} from '#machines/returns/returns.types.ts';
import { type PathSet, type Snap, generatePaths } from './model-paths';

/**
 * The return machine's path sets every runner shares (machine, API): the same starting returns and the same
 * candidate events. A runner makes a real return matching `path.input` (an order paid so, with lines of these
 * quantities, received and completed) and maps the model's product ids onto the order's in order.
 */

export type ReturnMachine = typeof returnMachine;

/** Returns the paths start from: a card order's refund goes to the acquirer, a cash order's is credited. */
export const STARTING_RETURNS: Record<string, ReturnInput> = {
  'card order, two lines': {
    paymentMethod: 'card',
    ratePercent: 100,
    lines: [
      { productId: 1, requested: 2, received: null, damaged: null, unitPrice: 12_500, points: 7.5 },
      { productId: 2, requested: 1, received: null, damaged: null, unitPrice: 4_990, points: 2.25 },
    ],
  },
  'cash order, one line': {
    paymentMethod: 'cash',
    ratePercent: 100,
    lines: [{ productId: 1, requested: 1, received: null, damaged: null, unitPrice: 30_000, points: 15 }],
  },
};

/** Every event type sent by every role with a valid payload. */
export function candidateReturnEvents(snapshot: Snap<ReturnMachine>): ReturnEvent[] {
  return RETURN_EVENT_TYPES.flatMap((type) =>
    RETURN_ROLES.map((role) => sampleReturnEvent(type, role, snapshot.context)),
  );
}

export function returnPathSets(
  events: (snapshot: Snap<ReturnMachine>) => ReturnEvent[] = candidateReturnEvents,
): Array<PathSet<ReturnMachine>> {
  return Object.entries(STARTING_RETURNS).map(([label, input]) =>
    generatePaths(returnMachine, { label, input, events }),
  );
}
