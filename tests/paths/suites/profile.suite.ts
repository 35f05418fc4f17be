import { type Actor, fromPromise } from 'xstate';
import {
  profileMachine,
  type ProfileChanges,
  type ProfileEvent,
  type SavedProfile,
} from '#machines/personal/profile.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const profilePathMachine = profileMachine.provide({
  actors: {
    saveProfile: fromPromise<SavedProfile, ProfileChanges>(() => new Promise<SavedProfile>(() => {})),
  },
});
type Machine = typeof profilePathMachine;

const current = { fullName: 'Ana Popescu', phone: null };
const events = [
  { type: 'profile.save', current, values: { fullName: 'Ana  Popescu-Rusu', phone: '' } },
  { type: 'profile.save', current, values: { fullName: ' Ana Popescu ', phone: ' ' } },
  { type: 'profile.edit' },
  { type: 'xstate.done.actor.saveProfile', output: { id: 7, fullName: 'Ana Popescu-Rusu' } },
  {
    type: 'xstate.error.actor.saveProfile',
    error: { status: 422, code: 'VALIDATION_FAILED', details: [{ location: 'body', path: '/phone' }] },
  },
] as unknown as Array<Evt<Machine>>;

const send = (event: ProfileEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const profileMachineExecutors = {
  'profile.save': send,
  'profile.edit': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/** The profile form of `/personal`: a real change, a submit without one, the server refusing a field. */
export const profileSuite = definePathSuite({
  name: 'profile',
  file: 'machines/personal/profile.machine.ts',
  machine: profilePathMachine,
  sets: () => [
    generatePaths(profilePathMachine, { label: 'profile form', input: undefined, events: () => events }),
  ],
  levels: {
    machine: machineLevel(profilePathMachine, profileMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers POST /users/update by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/personal.spec.ts fills the form by hand',
  },
});
