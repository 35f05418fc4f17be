import { type Actor, fromPromise } from 'xstate';
import {
  messageSettingsMachine,
  type ChoiceChange,
  type DeviceRemoval,
  type MessageSettingsEvent,
  type SavedSettings,
} from '#machines/personal/message-settings.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const messageSettingsPathMachine = messageSettingsMachine.provide({
  actors: {
    saveChoice: fromPromise<SavedSettings, ChoiceChange>(() => new Promise<SavedSettings>(() => {})),
    removeDevice: fromPromise<SavedSettings, DeviceRemoval>(() => new Promise<SavedSettings>(() => {})),
  },
});
type Machine = typeof messageSettingsPathMachine;

const settings = { topics: [], pushKey: 'key', devices: [], emailProblem: null };
const events = [
  { type: 'choice.set', topic: 'orders', channel: 'email', enabled: false },
  { type: 'device.remove', id: 3 },
  { type: 'xstate.done.actor.saveChoice', output: settings },
  {
    type: 'xstate.error.actor.saveChoice',
    error: { status: 422, code: 'VALIDATION_FAILED', details: [{ location: 'body', path: '/topic' }] },
  },
  { type: 'xstate.done.actor.removeDevice', output: settings },
  { type: 'xstate.error.actor.removeDevice', error: { status: 503 } },
] as unknown as Array<Evt<Machine>>;

const send = (event: MessageSettingsEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const messageSettingsMachineExecutors = {
  'choice.set': send,
  'device.remove': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/** The messages card of `/personal`: a choice saved or refused, a device removed or not. */
export const messageSettingsSuite = definePathSuite({
  name: 'message-settings',
  file: 'machines/personal/message-settings.machine.ts',
  machine: messageSettingsPathMachine,
  sets: () => [
    generatePaths(messageSettingsPathMachine, {
      label: 'messages card',
      input: undefined,
      events: () => events,
    }),
  ],
  levels: {
    machine: machineLevel(messageSettingsPathMachine, messageSettingsMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/messages/choices.test.ts covers the calls by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/messages.spec.ts toggles a choice by hand',
  },
});
