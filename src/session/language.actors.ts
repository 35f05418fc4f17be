/**
 * The language machine with the app's calls, provided once (`provideLanguage`, tested with fakes): a signed-in
 * choice is stored locally at once and marked unsaved (`src/i18n/language-choice.ts`), saved with
 * `POST /users/lang` (the answered user goes into the `/users/me` entry), then the catalog is loaded and activated.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { languageMachine } from '../../machines/language/language.machine.ts';
import { activateLocale, i18n, normalizeLocale } from '../i18n/i18n.ts';
import { forgetUnsavedLocale, rememberUnsavedLocale } from '../i18n/language-choice.ts';
import { type AccountApi, storeMe } from '../data/account.ts';
import { failureKind } from '../data/failure-kind.ts';

export interface LanguageDeps {
  api: Pick<AccountApi, 'setLang'>;
  queryClient: QueryClient;
  /** Loads, activates and stores the catalog of a language (`activateLocale` by default). */
  applyLocale?: (locale: string) => Promise<void>;
}

/**
 * Whether the page is being left (reload, navigation away): a save cut short by that is no refusal, so the choice
 * stays kept and marked unsaved for the next page to reconcile.
 */
function watchLeaving(): () => boolean {
  let leaving = false;
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      leaving = true;
    });
    window.addEventListener('pageshow', () => {
      leaving = false;
    });
  }
  return () => leaving;
}

export function provideLanguage({ api, queryClient, applyLocale = activateLocale }: LanguageDeps) {
  const leaving = watchLeaving();
  return languageMachine.provide({
    actors: {
      saveLanguage: fromPromise<void, { locale: string }>(async ({ input }) => {
        storeMe(queryClient, await api.setLang(normalizeLocale(input.locale)));
      }),
      applyLocale: fromPromise<void, { locale: string }>(({ input }) => applyLocale(input.locale)),
    },
    actions: {
      rememberUnsaved: (_, { locale }) => rememberUnsavedLocale(locale),
      forgetUnsaved: () => forgetUnsavedLocale(),
      // Only a refusal drops the kept choice: a save cut short by leaving the page or by no answer (offline, the
      // request aborted) keeps it marked unsaved, and the next answered `/users/me` saves it again.
      restoreActive: (_, { error }) => {
        if (leaving() || failureKind(error) === 'offline') return;
        forgetUnsavedLocale(i18n.locale === '' ? undefined : i18n.locale);
      },
    },
  });
}
