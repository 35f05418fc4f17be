import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { formErrorOf, type FormError } from './personal.rules.ts';

/** The fields of the profile form (`GET /users/me` → `POST /users/update`). */
export interface ProfileValues {
  fullName: string;
  /** Blank clears the phone number. */
  phone: string;
}

/** `POST /users/update` body (the contract's `ProfileUpdate`, without the language): only the fields that changed. */
export type ProfileChanges = Pick<components['schemas']['ProfileUpdate'], 'fullName' | 'phone'>;

/** Trims the name (inner runs of spaces collapsed, as the server stores it) and the phone; blank phone is null. */
export function normaliseProfile(values: ProfileValues): { fullName: string; phone: string | null } {
  const phone = values.phone.trim();
  return { fullName: values.fullName.trim().replace(/\s+/g, ' '), phone: phone === '' ? null : phone };
}

/** What differs between the stored profile and the form: the body of the update, possibly empty. */
export function profileChanges(current: { fullName: string; phone: string | null }, values: ProfileValues) {
  const next = normaliseProfile(values);
  const changes: ProfileChanges = {};
  if (next.fullName !== current.fullName) changes.fullName = next.fullName;
  if (next.phone !== (current.phone ?? null)) changes.phone = next.phone;
  return changes;
}

export interface ProfileContext {
  error: FormError | null;
}

export type ProfileEvent =
  /** The form was submitted: `current` is the profile as loaded, `values` what the form holds. */
  | {
      type: 'profile.save';
      current: { fullName: string; phone: string | null };
      values: ProfileValues;
    }
  /** The user changed a field after a save: the notice of the last save goes away. */
  | { type: 'profile.edit' };

/** The updated user (`Me`); the machine does not read it, the app stores it in the query cache. */
export type SavedProfile = unknown;

/**
 * Saving the profile of `/personal`.
 *
 *   idle --profile.save (something changed)--> saving --> saved (the app stores the answer: `profileSaved`)
 *        --profile.save (nothing changed)----> unchanged          \--(error)--> idle with the error ('Error updating
 *   saved | unchanged --profile.edit | profile.save--> ...          user'; `fields` names what the server refused)
 *
 * Only the fields that changed are sent (`POST /users/update` changes only what it is given).
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    /** `POST /users/update`; resolves with the updated user. */
    saveProfile: fromPromise<SavedProfile, ProfileChanges>(async () => {
      throw new Error('saveProfile is provided with profileMachine.provide({ actors })');
    }),
  },
  actions: {
    /** The server stored the profile: refresh what shows the user (query cache, auth machine). */
    profileSaved: (_, _params: { user: SavedProfile }) => {},
  },
  guards: {
    hasChanges: ({ event }) => {
      assertEvent(event, 'profile.save');
      return Object.keys(profileChanges(event.current, event.values)).length > 0;
    },
  },
}).createMachine({
  id: 'profile',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'profile.save': [
          { guard: 'hasChanges', target: 'saving' },
          { target: 'unchanged', actions: assign({ error: null }) },
        ],
      },
    },
    /** A second submit while saving is ignored. */
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => {
          assertEvent(event, 'profile.save');
          return profileChanges(event.current, event.values);
        },
        onDone: {
          target: 'saved',
          actions: { type: 'profileSaved', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => formErrorOf(event.error) }) },
      },
    },
    saved: {
      on: {
        'profile.edit': 'idle',
        'profile.save': [{ guard: 'hasChanges', target: 'saving' }, { target: 'unchanged' }],
      },
    },
    /** Submitted without a change: nothing to send, said so. */
    unchanged: {
      on: {
        'profile.edit': 'idle',
        'profile.save': { guard: 'hasChanges', target: 'saving' },
      },
    },
  },
});
