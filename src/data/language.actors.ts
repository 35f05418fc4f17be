/**
 * The language machine with the app's calls, provided once (`provideLanguage`, tested with fakes): a signed-in
 * choice is saved with `POST /users/lang` (the answered user goes into the `/users/me` entry), then the catalog is
 * loaded and activated.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { languageMachine } from '../../machines/language/language.machine.ts';
import { activateLocale, normalizeLocale } from '../i18n/i18n.ts';
import { type AccountApi, storeMe } from './account.ts';

export interface LanguageDeps {
  api: Pick<AccountApi, 'setLang'>;
  queryClient: QueryClient;
  /** Loads, activates and stores the catalog of a language (`activateLocale` by default). */
  applyLocale?: (locale: string) => Promise<void>;
}

export function provideLanguage({ api, queryClient, applyLocale = activateLocale }: LanguageDeps) {
  return languageMachine.provide({
    actors: {
      saveLanguage: fromPromise<void, { locale: string }>(async ({ input }) => {
        storeMe(queryClient, await api.setLang(normalizeLocale(input.locale)));
      }),
      applyLocale: fromPromise<void, { locale: string }>(({ input }) => applyLocale(input.locale)),
    },
  });
}
