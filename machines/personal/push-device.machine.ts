import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { errorCodeOf } from './personal.rules.ts';

/** What this browser can do with web push. */
export type PushSupport =
  /** No service worker or Push API (an old browser, a private window of some). */
  | 'unsupported'
  /** iPhone and iPad deliver web push only to a portal added to the Home Screen. */
  | 'install'
  | 'supported';

/** The server's settings after a device joined or left. */
type MessageSettings = components['schemas']['MessageSettings'];

export type PushPermission = 'default' | 'granted' | 'denied';

/** What `checkDevice` finds. */
export interface DeviceState {
  support: PushSupport;
  permission: PushPermission;
  /** This browser has a subscription, and the server knows it for this user. */
  subscribed: boolean;
}

/** The Permission API's answer was "no": the browser's settings decide from now on. */
export const PERMISSION_DENIED = 'PERMISSION_DENIED';

export interface PushDeviceContext {
  /** The code of the last failure (`PERMISSION_DENIED`, the server's code, `UNKNOWN`), shown until the next try. */
  error: string | null;
}

export type PushDeviceEvent =
  | { type: 'push.enable' }
  | { type: 'push.disable' }
  /** Ask the browser again (after the person changed its settings). */
  | { type: 'push.recheck' };

/**
 * Web push on this device, in Personal data: the person turns it on here (the browser asks for permission, the
 * service worker subscribes with the portal's key, the server keeps the subscription) and off again.
 *
 *   checking --> unsupported | install (iPhone: add to Home Screen first) | blocked (permission denied)
 *            \-> off --push.enable--> enabling --> on --push.disable--> disabling --> off
 *                                          \--(denied)--> blocked --push.recheck--> checking
 *                                          \--(error)--> off with the error
 */
export const pushDeviceMachine = setup({
  types: {
    context: {} as PushDeviceContext,
    events: {} as PushDeviceEvent,
  },
  actors: {
    /** What the browser supports and allows, and whether it is subscribed for this user. */
    checkDevice: fromPromise<DeviceState>(async () => {
      throw new Error('checkDevice is provided with pushDeviceMachine.provide({ actors })');
    }),
    /** Asks permission, subscribes and tells the server; resolves with the server's settings. */
    enablePush: fromPromise<MessageSettings>(async () => {
      throw new Error('enablePush is provided with pushDeviceMachine.provide({ actors })');
    }),
    /** Unsubscribes and tells the server; resolves with the server's settings. */
    disablePush: fromPromise<MessageSettings>(async () => {
      throw new Error('disablePush is provided with pushDeviceMachine.provide({ actors })');
    }),
  },
  actions: {
    /** The server's settings changed (this device joined or left the list). */
    devicesChanged: (_, _params: { settings: MessageSettings }) => {},
  },
  guards: {
    unsupported: (_, state: DeviceState) => state.support === 'unsupported',
    needsInstall: (_, state: DeviceState) => state.support === 'install',
    denied: (_, state: DeviceState) => state.permission === 'denied',
    subscribed: (_, state: DeviceState) => state.subscribed,
    permissionDenied: (_, error: unknown) => errorCodeOf(error) === PERMISSION_DENIED,
  },
}).createMachine({
  id: 'pushDevice',
  context: { error: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkDevice',
        src: 'checkDevice',
        onDone: [
          { guard: { type: 'unsupported', params: ({ event }) => event.output }, target: 'unsupported' },
          { guard: { type: 'needsInstall', params: ({ event }) => event.output }, target: 'install' },
          { guard: { type: 'denied', params: ({ event }) => event.output }, target: 'blocked' },
          { guard: { type: 'subscribed', params: ({ event }) => event.output }, target: 'on' },
          { target: 'off' },
        ],
        onError: { target: 'unsupported' },
      },
    },
    unsupported: {},
    install: {},
    blocked: {
      on: { 'push.recheck': { target: 'checking', actions: assign({ error: null }) } },
    },
    off: {
      on: { 'push.enable': { target: 'enabling', actions: assign({ error: null }) } },
    },
    enabling: {
      invoke: {
        id: 'enablePush',
        src: 'enablePush',
        onDone: {
          target: 'on',
          actions: { type: 'devicesChanged', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: [
          {
            guard: {
              type: 'permissionDenied',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'blocked',
            actions: assign({ error: PERMISSION_DENIED }),
          },
          { target: 'off', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    on: {
      on: { 'push.disable': { target: 'disabling', actions: assign({ error: null }) } },
    },
    disabling: {
      invoke: {
        id: 'disablePush',
        src: 'disablePush',
        onDone: {
          target: 'off',
          actions: { type: 'devicesChanged', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: { target: 'on', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
  },
});
