import { type Actor, fromPromise } from 'xstate';
import {
  emailConfirmationMachine,
  type EmailConfirmationEvent,
} from '#machines/auth/email-confirmation.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const confirmationPathMachine = emailConfirmationMachine.provide({
  actors: { confirmEmail: fromPromise<void, { token: string }>(() => new Promise<void>(() => {})) },
});
type Machine = typeof confirmationPathMachine;

const confirmationEvents = [
  { type: 'confirmation.retry' },
  { type: 'xstate.done.actor.confirmEmail', output: undefined },
  { type: 'xstate.error.actor.confirmEmail', error: { status: 500, code: 'NETWORK_ERROR' } },
] as unknown as Array<Evt<Machine>>;

const send = (event: EmailConfirmationEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const confirmationMachineExecutors = {
  'confirmation.retry': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

const NOT_YET = 'no generated-path executor at this level yet: tests/e2e/shell covers /confirm-email by hand';

/** The `/confirm-email?token=` page: with a link, and without a token. */
export const emailConfirmationSuite = definePathSuite({
  name: 'email-confirmation',
  file: 'machines/auth/email-confirmation.machine.ts',
  machine: confirmationPathMachine,
  sets: () => [
    generatePaths(confirmationPathMachine, {
      label: 'with a link',
      input: { token: 'a1B2c3D4e5F6g7H8i9J0' },
      events: () => confirmationEvents,
    }),
    generatePaths(confirmationPathMachine, {
      label: 'without a token',
      input: { token: null },
      events: () => confirmationEvents,
    }),
  ],
  levels: {
    machine: machineLevel(confirmationPathMachine, confirmationMachineExecutors),
    api: NOT_YET,
    browser: NOT_YET,
  },
});
