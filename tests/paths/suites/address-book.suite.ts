import { type Actor, fromPromise } from 'xstate';
import {
  addressBookMachine,
  type AddressBookEvent,
  type AddressWrite,
  type BookAddress,
} from '#machines/personal/address-book.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const addressBookPathMachine = addressBookMachine.provide({
  actors: {
    saveAddress: fromPromise<unknown, AddressWrite>(() => new Promise<unknown>(() => {})),
    deleteAddress: fromPromise<void, { id: number }>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof addressBookPathMachine;

const home: BookAddress = {
  id: 5,
  postIndex: 'MD-2001',
  city: 'Chișinău',
  street: 'Str. Ismail',
  house: '33',
  apartment: null,
  isDefault: true,
};
const office: BookAddress = { ...home, id: 6, street: 'bd. Dacia', house: '40', isDefault: false };
const refused = {
  status: 422,
  code: 'VALIDATION_FAILED',
  details: [{ location: 'body', path: '/postIndex' }],
};

const events = [
  { type: 'address.add', count: 2 },
  { type: 'address.add', count: 50 },
  { type: 'address.edit', address: office },
  { type: 'address.cancel' },
  {
    type: 'address.save',
    values: {
      postIndex: ' md-3100 ',
      city: 'Bălți',
      street: 'Independenței',
      house: '22',
      apartment: ' ',
      isDefault: false,
    },
  },
  { type: 'address.delete', address: office },
  { type: 'address.delete.confirm' },
  { type: 'address.makeDefault', address: office },
  { type: 'address.makeDefault', address: home },
  { type: 'xstate.done.actor.saveAddress', output: office },
  { type: 'xstate.error.actor.saveAddress', error: refused },
  { type: 'xstate.done.actor.deleteAddress', output: undefined },
  { type: 'xstate.error.actor.deleteAddress', error: { status: 404, code: 'NOT_FOUND' } },
  { type: 'xstate.done.actor.makeDefault', output: office },
  { type: 'xstate.error.actor.makeDefault', error: { status: 404, code: 'NOT_FOUND' } },
] as unknown as Array<Evt<Machine>>;

const send = (event: AddressBookEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const addressBookMachineExecutors = {
  'address.add': send,
  'address.edit': send,
  'address.cancel': send,
  'address.save': send,
  'address.delete': send,
  'address.delete.confirm': send,
  'address.makeDefault': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/** The address book of `/personal`: add, edit, delete (confirmed or not), make default; each call failing or not. */
export const addressBookSuite = definePathSuite({
  name: 'address-book',
  file: 'machines/personal/address-book.machine.ts',
  machine: addressBookPathMachine,
  sets: () => [
    generatePaths(addressBookPathMachine, {
      label: 'address book',
      input: undefined,
      // After one operation has ended (lastDone set) or failed, exploring further only repeats the same states.
      events: (snapshot) =>
        snapshot.context.lastDone !== null && snapshot.context.error !== null ? [] : events,
    }),
  ],
  levels: {
    machine: machineLevel(addressBookPathMachine, addressBookMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers the address routes by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/personal.spec.ts edits the book by hand',
  },
});
