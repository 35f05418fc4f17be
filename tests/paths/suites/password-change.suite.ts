import { type Actor, fromPromise } from 'xstate';
import {
  passwordChangeMachine,
  type PasswordChangeEvent,
  type PasswordChangeValues,
} from '#machines/personal/password-change.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const passwordChangePathMachine = passwordChangeMachine.provide({
  actors: { changePassword: fromPromise<string, PasswordChangeValues>(() => new Promise<string>(() => {})) },
});
type Machine = typeof passwordChangePathMachine;

const events = [
  {
    type: 'password.change',
    currentPassword: 'demo1234',
    newPassword: 'n3w-pass!',
    newPasswordConfirmation: 'n3w-pass!',
  },
  { type: 'password.reset' },
  { type: 'xstate.done.actor.changePassword', output: 'fresh.jwt.token' },
  {
    type: 'xstate.error.actor.changePassword',
    error: {
      status: 422,
      code: 'INVALID_CURRENT_PASSWORD',
      details: [{ location: 'body', path: '/currentPassword' }],
    },
  },
] as unknown as Array<Evt<Machine>>;

const send = (event: PasswordChangeEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const passwordChangeMachineExecutors = {
  'password.change': send,
  'password.reset': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/** Changing the password on `/personal`: accepted, refused (wrong current password), and another change after. */
export const passwordChangeSuite = definePathSuite({
  name: 'password-change',
  file: 'machines/personal/password-change.machine.ts',
  machine: passwordChangePathMachine,
  sets: () => [
    generatePaths(passwordChangePathMachine, {
      label: 'password form',
      input: undefined,
      events: () => events,
    }),
  ],
  levels: {
    machine: machineLevel(passwordChangePathMachine, passwordChangeMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers POST /users/new-password by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/personal.spec.ts changes it by hand',
  },
});
