import { type Actor, fromPromise } from 'xstate';
import {
  pushDeviceMachine,
  type DeviceState,
  type PushDeviceEvent,
} from '#machines/personal/push-device.machine.ts';
import type { components } from '#openapi/schema.d.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

type MessageSettings = components['schemas']['MessageSettings'];
const settings: MessageSettings = { topics: [], pushKey: 'key', devices: [], emailProblem: null };
const never = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));

export const pushDevicePathMachine = pushDeviceMachine.provide({
  actors: {
    checkDevice: never<DeviceState>(),
    enablePush: never<MessageSettings>(),
    disablePush: never<MessageSettings>(),
  },
});
type Machine = typeof pushDevicePathMachine;

const checked = (state: DeviceState) => ({ type: 'xstate.done.actor.checkDevice', output: state });
const events = [
  checked({ support: 'unsupported', permission: 'default', subscribed: false }),
  checked({ support: 'install', permission: 'default', subscribed: false }),
  checked({ support: 'supported', permission: 'denied', subscribed: false }),
  checked({ support: 'supported', permission: 'granted', subscribed: true }),
  checked({ support: 'supported', permission: 'default', subscribed: false }),
  { type: 'xstate.error.actor.checkDevice', error: new Error('no service worker') },
  { type: 'push.enable' },
  { type: 'push.disable' },
  { type: 'push.recheck' },
  { type: 'xstate.done.actor.enablePush', output: settings },
  { type: 'xstate.error.actor.enablePush', error: { code: 'PERMISSION_DENIED' } },
  { type: 'xstate.error.actor.enablePush', error: { status: 503 } },
  { type: 'xstate.done.actor.disablePush', output: settings },
  { type: 'xstate.error.actor.disablePush', error: { status: 503 } },
] as unknown as Array<Evt<Machine>>;

const send = (event: PushDeviceEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const pushDeviceMachineExecutors = {
  'push.enable': send,
  'push.disable': send,
  'push.recheck': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/** Web push on this device, in `/personal`: what the browser allows, turning it on and off, a refusal. */
export const pushDeviceSuite = definePathSuite({
  name: 'push-device',
  file: 'machines/personal/push-device.machine.ts',
  machine: pushDevicePathMachine,
  sets: () => [
    generatePaths(pushDevicePathMachine, { label: 'this device', input: undefined, events: () => events }),
  ],
  levels: {
    machine: machineLevel(pushDevicePathMachine, pushDeviceMachineExecutors),
    api: 'no generated-path executor at this level: the browser’s Push API is the actor, not an API call',
    browser:
      'no generated-path executor at this level yet: headless Chromium has no push service to subscribe to (tests/src/features/personal/messages-section.test.tsx drives the actors with a browser stand-in)',
  },
});
