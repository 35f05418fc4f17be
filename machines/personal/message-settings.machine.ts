import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { formErrorOf, type FormError } from './personal.rules.ts';

export type MessageChannel = components['schemas']['MessageChannel'];

/** `POST /users/notifications`: one topic on or off on one channel. */
export type ChoiceChange = components['schemas']['MessageChoice'];

/** `POST /users/push-subscriptions/remove` by id: a device in the list. */
export interface DeviceRemoval {
  id: number;
}

export interface MessageSettingsContext {
  /** The change being saved (the view shows it while the server answers). */
  pending: ChoiceChange | null;
  removing: number | null;
  error: FormError | null;
}

export type MessageSettingsEvent =
  ({ type: 'choice.set' } & ChoiceChange) | ({ type: 'device.remove' } & DeviceRemoval);

/** The settings the server answers; the machine does not read them, the app caches them. */
export type SavedSettings = components['schemas']['MessageSettings'];

/**
 * Message choices on `/personal`: per topic and channel (account security is locked on by the server), and the
 * devices that receive web push.
 *
 *   idle --choice.set--> saving --> idle (the app stores the answer: `settingsSaved`)
 *        --device.remove--> removing --> idle            \--(error)--> idle with the error
 *
 * One write at a time: a toggle while another is saved is ignored (the view disables the toggles meanwhile).
 */
export const messageSettingsMachine = setup({
  types: {
    context: {} as MessageSettingsContext,
    events: {} as MessageSettingsEvent,
  },
  actors: {
    /** `POST /users/notifications`; resolves with the settings as they are now. */
    saveChoice: fromPromise<SavedSettings, ChoiceChange>(async () => {
      throw new Error('saveChoice is provided with messageSettingsMachine.provide({ actors })');
    }),
    /** `POST /users/push-subscriptions/remove`; resolves with the settings as they are now. */
    removeDevice: fromPromise<SavedSettings, DeviceRemoval>(async () => {
      throw new Error('removeDevice is provided with messageSettingsMachine.provide({ actors })');
    }),
  },
  actions: {
    /** The server stored the change: the app puts its answer where the page reads the settings. */
    settingsSaved: (_, _params: { settings: SavedSettings }) => {},
  },
}).createMachine({
  id: 'messageSettings',
  context: { pending: null, removing: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'choice.set': {
          target: 'saving',
          actions: assign({
            pending: ({ event }) => ({ topic: event.topic, channel: event.channel, enabled: event.enabled }),
            error: null,
          }),
        },
        'device.remove': {
          target: 'removing',
          actions: assign({ removing: ({ event }) => event.id, error: null }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveChoice',
        src: 'saveChoice',
        input: ({ context }) => {
          if (context.pending === null) throw new Error('nothing to save');
          return context.pending;
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'settingsSaved', params: ({ event }) => ({ settings: event.output }) },
            assign({ pending: null }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ pending: null, error: ({ event }) => formErrorOf(event.error) }),
        },
      },
    },
    removing: {
      invoke: {
        id: 'removeDevice',
        src: 'removeDevice',
        input: ({ context, event }) => {
          if (context.removing !== null) return { id: context.removing };
          assertEvent(event, 'device.remove');
          return { id: event.id };
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'settingsSaved', params: ({ event }) => ({ settings: event.output }) },
            assign({ removing: null }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ removing: null, error: ({ event }) => formErrorOf(event.error) }),
        },
      },
    },
  },
});
