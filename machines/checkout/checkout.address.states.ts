import { assign } from 'xstate';
import { errorCodeOf } from './checkout.rules.ts';
import { checkoutSetup } from './checkout.setup.ts';

/**
 * Address entry of the checkout (`steps.address`): choose one of the book (the default preselected) or add a new
 * one inline (`createAddress`), then go on. Its own file: the seam between the checkout and the address book.
 */
export const addressState = checkoutSetup.createStateConfig({
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'address.select': {
          guard: 'addressIsKnown',
          actions: assign({ addressId: ({ event }) => event.addressId }),
        },
        'address.add': { target: 'adding', actions: assign({ addressError: null }) },
        'step.next': [
          { guard: 'returnsToReview', target: '#checkout.steps.review' },
          { guard: 'hasAddress', target: '#checkout.steps.comments' },
        ],
        'step.back': { target: '#checkout.steps.delivery' },
      },
    },
    adding: {
      on: {
        'address.addCancel': { target: 'choosing', actions: assign({ addressError: null }) },
        'address.save': { target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'createAddress',
        src: 'createAddress',
        input: ({ event }) => {
          if (event.type !== 'address.save') throw new Error('saving starts with address.save');
          return event.address;
        },
        onDone: {
          target: 'choosing',
          actions: assign({
            addresses: ({ context, event }) => [
              ...context.addresses.map((address) =>
                event.output.isDefault ? { ...address, isDefault: false } : address,
              ),
              event.output,
            ],
            addressId: ({ event }) => event.output.id,
            addressError: null,
          }),
        },
        onError: {
          target: 'adding',
          actions: assign({ addressError: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
  },
});
