import { assign, emit, fromPromise, setup } from 'xstate';
import { languageStartContext } from './language.start.ts';
import type { LanguageContext, LanguageEmitted, LanguageEvent } from './language.types.ts';

/**
 * The language switch, durable locally first and reconciled with the server.
 *
 * idle --language.select--> saving (only when logged in) --> applying --> idle
 *                      \---> applying (logged out: nothing to save)
 * idle --language.reconcile (the server has another language than the unsaved choice)--> saving
 *
 * A signed-in choice (or the signed-out one a sign-in takes along) is stored locally at once and marked unsaved
 * (`rememberUnsaved`), so a reload before the server has it keeps it (the boot reads the stored language).
 * `saveLanguage` stores it on the server, then `forgetUnsaved` drops the mark; `applyLocale` loads the catalog,
 * activates it and stores it. When the server answers the user with another language while a mark remains (the
 * page was reloaded mid-save), the choice is saved again; with the same language, the mark is dropped. A failed
 * save restores the active language locally (`restoreActive`) and emits `language.failed` (the app shows a toast);
 * a failed catalog emits it too. A selection while a switch runs is ignored; a reconcile that finds the server
 * lacking the unsaved choice while a switch runs is kept and saved when the switch ends; a sign-in takes the
 * signed-out choice along (`language.choiceTaken`) in any state, also while its catalog still loads.
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
  actions: {
    /**
     * Keeps a reconcile's unsaved choice for when the running switch ends; `unlessPending`: not when the running
     * switch is saving that very choice.
     */
    deferSave: assign({
      deferredSave: ({ context, event }, params: { unlessPending: boolean }) =>
        event.type !== 'language.reconcile' || (params.unlessPending && event.unsaved === context.pending)
          ? context.deferredSave
          : event.unsaved,
    }),
    /** Stores `locale` locally as the interface language and marks it as not yet on the server. */
    rememberUnsaved: (_, _params: { locale: string }) => {},
    /** The server has the choice: drop the mark. */
    forgetUnsaved: () => {},
    /** The save failed: a refusal drops the mark and stores the active language back; no answer keeps the mark. */
    restoreActive: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasDeferredSave: ({ context }) => context.deferredSave !== null,
    mustSaveOnServer: ({ event }) => event.type === 'language.select' && event.authenticated,
    carriesChoice: ({ context }) => context.signedOutChoice !== null,
    serverHasUnsaved: ({ event }) =>
      event.type === 'language.reconcile' && event.unsaved !== null && event.unsaved === event.serverLocale,
    serverLacksUnsaved: ({ event }) =>
      event.type === 'language.reconcile' && event.unsaved !== null && event.unsaved !== event.serverLocale,
  },
}).createMachine({
  id: 'language',
  context: languageStartContext(),
  initial: 'idle',
  on: {
    // In every state: a sign-in submitted while the signed-out choice still loads its catalog takes it along too.
    'language.choiceTaken': [
      {
        guard: 'carriesChoice',
        actions: [
          { type: 'rememberUnsaved', params: ({ context }) => ({ locale: context.signedOutChoice ?? '' }) },
          assign({ signedOutChoice: null }),
        ],
      },
      { actions: assign({ signedOutChoice: null }) },
    ],
  },
  states: {
    idle: {
      entry: assign({ pending: null }),
      always: {
        guard: 'hasDeferredSave',
        target: 'saving',
        actions: assign({ pending: ({ context }) => context.deferredSave, deferredSave: null }),
      },
      on: {
        'language.select': [
          {
            guard: 'mustSaveOnServer',
            target: 'saving',
            actions: [
              { type: 'rememberUnsaved', params: ({ event }) => ({ locale: event.locale }) },
              assign({ pending: ({ event }) => event.locale, signedOutChoice: null }),
            ],
          },
          {
            target: 'applying',
            actions: [
              'forgetUnsaved',
              assign({
                pending: ({ event }) => event.locale,
                signedOutChoice: ({ event }) => event.locale,
              }),
            ],
          },
        ],
        'language.reconcile': [
          { guard: 'serverHasUnsaved', actions: 'forgetUnsaved' },
          {
            guard: 'serverLacksUnsaved',
            target: 'saving',
            actions: assign({ pending: ({ event }) => event.unsaved }),
          },
        ],
      },
    },
    saving: {
      on: {
        'language.reconcile': {
          guard: 'serverLacksUnsaved',
          actions: { type: 'deferSave', params: { unlessPending: true } },
        },
      },
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ locale: context.pending ?? '' }),
        onDone: { target: 'applying', actions: 'forgetUnsaved' },
        onError: {
          target: 'idle',
          actions: [
            { type: 'restoreActive', params: ({ event }) => ({ error: event.error }) },
            emit(({ event }) => ({ type: 'language.failed', error: event.error })),
          ],
        },
      },
    },
    applying: {
      on: {
        'language.reconcile': {
          guard: 'serverLacksUnsaved',
          actions: { type: 'deferSave', params: { unlessPending: false } },
        },
      },
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
