import { type Actor, fromPromise } from 'xstate';
import {
  passwordRecoveryMachine,
  type CompleteResetInput,
  type PasswordRecoveryEvent,
  type RequestResetInput,
} from '#machines/auth/password-recovery.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const recoveryPathMachine = passwordRecoveryMachine.provide({
  actors: {
    requestReset: fromPromise<void, RequestResetInput>(() => new Promise<void>(() => {})),
    completeReset: fromPromise<void, CompleteResetInput>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof recoveryPathMachine;

const recoveryEvents = [
  { type: 'recovery.request', email: 'ana@example.com' },
  { type: 'recovery.reset', password: 'newpass123', passwordConfirmation: 'newpass123' },
  { type: 'recovery.restart' },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: { status: 429, code: 'RATE_LIMITED' } },
  { type: 'xstate.done.actor.completeReset', output: undefined },
  { type: 'xstate.error.actor.completeReset', error: { status: 422, code: 'INVALID_TOKEN' } },
] as unknown as Array<Evt<Machine>>;

const send = (event: PasswordRecoveryEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const recoveryMachineExecutors = {
  'recovery.request': send,
  'recovery.reset': send,
  'recovery.restart': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

const NOT_YET =
  'no generated-path executor at this level yet: tests/e2e/shell covers the reset pages by hand';

/** "Forgot password" and the reset link: without a link, and with one. */
export const passwordRecoverySuite = definePathSuite({
  name: 'password-recovery',
  file: 'machines/auth/password-recovery.machine.ts',
  machine: recoveryPathMachine,
  sets: () => [
    generatePaths(recoveryPathMachine, {
      label: 'without a link',
      input: { resetToken: null },
      events: () => recoveryEvents,
    }),
    generatePaths(recoveryPathMachine, {
      label: 'with a reset link',
      input: { resetToken: 'a1B2c3D4e5F6g7H8i9J0' },
      events: () => recoveryEvents,
    }),
  ],
  levels: {
    machine: machineLevel(recoveryPathMachine, recoveryMachineExecutors),
    api: NOT_YET,
    browser: NOT_YET,
  },
});
