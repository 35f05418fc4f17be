import { assign, emit, fromPromise, setup } from 'xstate';
import { languageStartContext } from './language.start.ts';

export interface LanguageInput {
  locale: string;
}

export type LanguageEvent =
  | {
      type: 'language.select';
      locale: string;
      /** The user is logged in: the choice is saved on the server (`POST /users/lang`) first. */
      authenticated: boolean;
    }
  /** The signed-out choice went with a sign-in (the login form sent it): it is not carried to the next one. */
  | { type: 'language.choiceTaken' };

export type LanguageEmitted = { type: 'language.failed'; error: unknown };

export interface LanguageContext {
  /** The language being switched to, while a switch runs. */
  pending: string | null;
  /**
   * The language the visitor chose while signed out (on the login page), or null when they chose none: sign-in
   * keeps it over the account's stored one and saves it (issue 13.5). A signed-in choice clears it.
   */
  signedOutChoice: string | null;
}

/**
 * The language switch.
 *
 * idle --language.select--> saving (only when logged in) --> applying --> idle
 *                      \---> applying (logged out: nothing to save)
 *
 * `saveLanguage` stores the choice on the server; `applyLocale` loads the catalog, activates it and stores it
 * locally. A failure in either emits `language.failed` with the error (the app shows it as a toast) and leaves
 * the active language as it was: the local choice is only stored once the server accepted it.
 * A selection while a switch runs is ignored.
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    emitted: {} as LanguageEmitted,
  },
  actors: {
    saveLanguage: fromPromise<void, { locale: string }>(async () => {
      throw new Error('saveLanguage is injected with languageMachine.provide({ actors })');
    }),
    applyLocale: fromPromise<void, { locale: string }>(async () => {
      throw new Error('applyLocale is injected with languageMachine.provide({ actors })');
    }),
  },
  guards: {
    mustSaveOnServer: ({ event }) => event.type === 'language.select' && event.authenticated,
  },
}).createMachine({
  id: 'language',
  context: languageStartContext(),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ pending: null }),
      on: {
        'language.choiceTaken': { actions: assign({ signedOutChoice: null }) },
        'language.select': [
          {
            guard: 'mustSaveOnServer',
            target: 'saving',
            actions: assign({ pending: ({ event }) => event.locale, signedOutChoice: null }),
          },
          {
            target: 'applying',
            actions: assign({
              pending: ({ event }) => event.locale,
              signedOutChoice: ({ event }) => event.locale,
            }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ locale: context.pending ?? '' }),
        onDone: { target: 'applying' },
        onError: {
          target: 'idle',
          actions: emit(({ event }) => ({ type: 'language.failed', error: event.error })),
        },
      },
    },
    applying: {
      invoke: {
        id: 'applyLocale',
        src: 'applyLocale',
        input: ({ context }) => ({ locale: context.pending ?? '' }),
        onDone: { target: 'idle' },
        onError: {
          target: 'idle',
          actions: emit(({ event }) => ({ type: 'language.failed', error: event.error })),
        },
      },
    },
  },
});
