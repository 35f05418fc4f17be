import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { formErrorOf, type FormError } from './personal.rules.ts';

/** An address of the book as `GET /users/addresses` gives it. */
export type BookAddress = components['schemas']['Address'];

/** The address form's fields (blank apartment = none). */
export interface AddressValues {
  postIndex: string;
  city: string;
  street: string;
  house: string;
  apartment: string;
  isDefault: boolean;
}

/** The contract allows at most 50 addresses per user. */
export const MAX_ADDRESSES = 50;

/** `POST /users/address/new` body (also the fields of `POST /users/address`). */
export interface AddressInput {
  postIndex: string;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
  isDefault: boolean;
}

/** Trimmed fields, the post index upper-cased (as the server stores it), a blank apartment as null. */
export function addressInputOf(values: AddressValues): AddressInput {
  const apartment = values.apartment.trim();
  return {
    postIndex: values.postIndex.trim().toUpperCase(),
    city: values.city.trim(),
    street: values.street.trim(),
    house: values.house.trim(),
    apartment: apartment === '' ? null : apartment,
    isDefault: values.isDefault,
  };
}

export function addressValuesOf(address: BookAddress | null): AddressValues {
  return {
    postIndex: address?.postIndex ?? '',
    city: address?.city ?? '',
    street: address?.street ?? '',
    house: address?.house ?? '',
    apartment: address?.apartment ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

export type AddressWrite =
  { kind: 'create'; input: AddressInput } | { kind: 'update'; id: number; input: AddressInput };

export interface AddressBookContext {
  /** The address being edited; `null` while adding a new one or when no form is open. */
  editing: BookAddress | null;
  /** The address whose deletion waits for confirmation, or is being deleted. */
  deleting: BookAddress | null;
  /** The address being made the default. */
  defaulting: BookAddress | null;
  error: FormError | null;
  /** What the last completed operation was, for a polite status message. */
  lastDone: 'created' | 'updated' | 'deleted' | 'defaulted' | null;
}

export type AddressBookEvent =
  /** Open an empty form; `count` is how many addresses the book holds (at most 50). */
  | { type: 'address.add'; count: number }
  | { type: 'address.edit'; address: BookAddress }
  | { type: 'address.cancel' }
  | { type: 'address.save'; values: AddressValues }
  | { type: 'address.delete'; address: BookAddress }
  | { type: 'address.delete.confirm' }
  | { type: 'address.makeDefault'; address: BookAddress };

/**
 * The address book of `/personal` (spec section 7 calls): one thing at a time.
 *
 *   browsing --address.add (fewer than 50)--> form (new) --address.save--> saving --> browsing
 *            --address.edit-----------------> form (that address)     \--(error)--> form with the error
 *            --address.delete---------------> confirmingDelete --address.delete.confirm--> deleting --> browsing
 *            --address.makeDefault (not the default)--> makingDefault --> browsing
 *   form | confirmingDelete --address.cancel--> browsing
 *
 * After every successful write `addressesChanged` runs (the app refetches the list: the server moves the
 * default flag, and deleting the default makes the newest remaining address the default). A failed delete or
 * default change goes back to browsing with the error; the app also toasts it (`reportError`).
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
  },
  actors: {
    /** `POST /users/address/new` or `POST /users/address`; resolves with the stored address. */
    saveAddress: fromPromise<unknown, AddressWrite>(async () => {
      throw new Error('saveAddress is provided with addressBookMachine.provide({ actors })');
    }),
    /** `DELETE /users/address/{addressId}`. */
    deleteAddress: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteAddress is provided with addressBookMachine.provide({ actors })');
    }),
  },
  actions: {
    /** The book changed on the server: read it again. */
    addressesChanged: () => {},
    /** Tell the user about a failure outside the form (a toast). */
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasRoom: ({ event }) => {
      assertEvent(event, 'address.add');
      return event.count < MAX_ADDRESSES;
    },
    /** The default is already the default; it stops being one only when another becomes the default. */
    isNotDefault: ({ event }) => {
      assertEvent(event, 'address.makeDefault');
      return !event.address.isDefault;
    },
  },
}).createMachine({
  id: 'addressBook',
  context: { editing: null, deleting: null, defaulting: null, error: null, lastDone: null },
  initial: 'browsing',
  states: {
    browsing: {
      entry: assign({ editing: null, deleting: null, defaulting: null }),
      on: {
        'address.add': {
          guard: 'hasRoom',
          target: 'form',
          actions: assign({ editing: null, error: null, lastDone: null }),
        },
        'address.edit': {
          target: 'form',
          actions: assign({ editing: ({ event }) => event.address, error: null, lastDone: null }),
        },
        'address.delete': {
          target: 'confirmingDelete',
          actions: assign({ deleting: ({ event }) => event.address, error: null, lastDone: null }),
        },
        'address.makeDefault': {
          guard: 'isNotDefault',
          target: 'makingDefault',
          actions: assign({ defaulting: ({ event }) => event.address, error: null, lastDone: null }),
        },
      },
    },
    form: {
      on: {
        'address.save': 'saving',
        'address.cancel': { target: 'browsing', actions: assign({ error: null }) },
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context, event }): AddressWrite => {
          assertEvent(event, 'address.save');
          const input = addressInputOf(event.values);
          return context.editing === null
            ? { kind: 'create', input }
            : { kind: 'update', id: context.editing.id, input };
        },
        onDone: {
          target: 'browsing',
          actions: [
            assign({ lastDone: ({ context }) => (context.editing === null ? 'created' : 'updated') }),
            'addressesChanged',
          ],
        },
        onError: { target: 'form', actions: assign({ error: ({ event }) => formErrorOf(event.error) }) },
      },
    },
    confirmingDelete: {
      on: {
        'address.delete.confirm': 'deleting',
        'address.cancel': 'browsing',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAddress',
        src: 'deleteAddress',
        input: ({ context }) => ({ id: context.deleting?.id ?? 0 }),
        onDone: { target: 'browsing', actions: [assign({ lastDone: 'deleted' }), 'addressesChanged'] },
        onError: {
          target: 'browsing',
          actions: [
            assign({ error: ({ event }) => formErrorOf(event.error) }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            'addressesChanged',
          ],
        },
      },
    },
    /** `POST /users/address` with the address's own fields and `isDefault: true`. */
    makingDefault: {
      invoke: {
        id: 'makeDefault',
        src: 'saveAddress',
        input: ({ context }): AddressWrite => {
          const address = context.defaulting;
          return {
            kind: 'update',
            id: address?.id ?? 0,
            input: { ...addressInputOf(addressValuesOf(address)), isDefault: true },
          };
        },
        onDone: { target: 'browsing', actions: [assign({ lastDone: 'defaulted' }), 'addressesChanged'] },
        onError: {
          target: 'browsing',
          actions: [
            assign({ error: ({ event }) => formErrorOf(event.error) }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            'addressesChanged',
          ],
        },
      },
    },
  },
});
