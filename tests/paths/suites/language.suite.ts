import { type Actor, fromPromise } from 'xstate';
import { languageMachine } from '#machines/language/language.machine.ts';
import type { LanguageEvent } from '#machines/language/language.types.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const languagePathMachine = languageMachine.provide({
  actors: {
    saveLanguage: fromPromise<void, { locale: string }>(() => new Promise<void>(() => {})),
    applyLocale: fromPromise<void, { locale: string }>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof languagePathMachine;

const events = [
  { type: 'language.select', locale: 'ro', authenticated: true },
  { type: 'language.select', locale: 'ro', authenticated: false },
  { type: 'language.choiceTaken' },
  { type: 'language.reconcile', serverLocale: 'ru', unsaved: 'en' },
  { type: 'language.reconcile', serverLocale: 'en', unsaved: 'en' },
  { type: 'language.reconcile', serverLocale: 'ru', unsaved: null },
  { type: 'xstate.done.actor.saveLanguage', output: undefined },
  { type: 'xstate.error.actor.saveLanguage', error: { status: 500, code: 'INTERNAL' } },
  { type: 'xstate.done.actor.applyLocale', output: undefined },
  { type: 'xstate.error.actor.applyLocale', error: new Error('catalog failed to load') },
] as unknown as Array<Evt<Machine>>;

const send = (event: LanguageEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const languageMachineExecutors = {
  'language.select': send,
  'language.choiceTaken': send,
  'language.reconcile': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/**
 * The language switch: logged in (kept locally, saved on the server) and logged out, each step failing or not; and
 * after a reload with a choice the server had not confirmed, reconciled with the server's answer.
 */
export const languageSuite = definePathSuite({
  name: 'language',
  file: 'machines/language/language.machine.ts',
  machine: languagePathMachine,
  sets: () => [
    generatePaths(languagePathMachine, { label: 'switch to ro', input: undefined, events: () => events }),
  ],
  levels: {
    machine: machineLevel(languagePathMachine, languageMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers POST /users/lang by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/shell/language.spec.ts switches by hand',
  },
});
