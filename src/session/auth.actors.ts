/**
 * The auth machine with the app's calls and effects, provided in one place (`provideAuth`, tested with fakes):
 * login, the user and their warehouse (into the same cache entries screens read), the token cookie, the stored
 * user, the interface language, and the way back to /login.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { isLoginPath, searchWithoutToken } from '../../machines/auth/auth.rules.ts';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import { clearTokenCookie, writeTokenCookie } from '../api/token.ts';
import { activateLocale, i18n, normalizeLocale } from '../i18n/i18n.ts';
import { unsavedLocale } from '../i18n/language-choice.ts';
import { type AuthApi, authQueries } from '../data/auth.ts';
import { writeStoredUser } from './user-storage.ts';

export const LOGIN_PATH = '/login';

/** The router's location as the machine's actions need it. */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface AuthDeps {
  api: AuthApi;
  queryClient: QueryClient;
  navigate: (
    to: string | { pathname: string; search: string; hash: string },
    options?: { replace?: boolean; state?: unknown },
  ) => void | Promise<void>;
  /** The router's current location. */
  location: () => RouterLocation;
}

/** The machine with the app's implementations of every named actor and action. */
export function provideAuth({ api, queryClient, navigate, location }: AuthDeps) {
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => api.login(input)),
      fetchUser: fromPromise(() => queryClient.fetchQuery({ ...authQueries.me(api), staleTime: 0 })),
      fetchWarehouse: fromPromise(() =>
        queryClient.fetchQuery({ ...authQueries.warehouse(api), staleTime: 0 }),
      ),
      resendConfirmation: fromPromise(() => api.resendConfirmation()),
      logout: fromPromise(() => api.logout()),
      logoutEverywhere: fromPromise(() => api.logoutEverywhere()),
      saveLanguage: fromPromise(async ({ input }) => {
        const user = await api.saveLanguage(normalizeLocale(input.lang));
        queryClient.setQueryData(authQueries.me(api).queryKey, user);
        return user;
      }),
    },
    actions: {
      storeToken: (_, { token, expiresAt }) => writeTokenCookie(token, expiresAt),
      clearToken: () => clearTokenCookie(),
      removeTokenFromUrl: () => {
        const current = location();
        void navigate(
          { pathname: current.pathname, search: searchWithoutToken(current.search), hash: current.hash },
          { replace: true, state: current.state },
        );
      },
      persistUser: (_, value) => writeStoredUser(value),
      applyLanguage: (_, { lang: accountLang }) => {
        // A choice the server has not confirmed yet wins; the language machine saves it (language-choice.ts).
        const lang = unsavedLocale() ?? accountLang;
        if (i18n.locale === lang) return;
        activateLocale(lang).catch((error: unknown) =>
          console.error('[auth] could not apply the language', error),
        );
      },
      redirectToLogin: () => {
        if (!isLoginPath(location().pathname)) void navigate(LOGIN_PATH, { replace: true });
      },
      clearServerCache: () => queryClient.clear(),
      retryRefusedReads: () => {
        void queryClient.refetchQueries({
          type: 'active',
          predicate: (query) => query.state.status === 'error',
        });
      },
      logError: (_, { source, error }) => console.error(`[auth] ${source} failed`, error),
      reportError: (_, { error }) => reportFailure(error),
    },
  });
}
